/**
 * `serve --record`: a live trial's recording. The engine's side is the WorldRecorder's (poses,
 * scans, latched commands, radio, maps, metrics, on wall-clock time); this adds what only a live
 * trial has: physical robots' Telemetry as the registry received it, remote controllers'
 * Commands as they arrived on `cmd`, and emergency stops and releases. The file is written a tick
 * at a time by the trial's loop; once detached (the trial stopped, or the recording was switched
 * off while it runs on) the recorder's owner closes it.
 */
import { swarmgate, type Command, type Telemetry } from '@swarmgate/protocols';
import type { Clock } from '@swarmgate/protocols';
import type { RobotRegistry } from '../hil/RobotRegistry.js';
import type { McapRecorder } from '../record/McapRecorder.js';
import { messageType } from '../record/recordingSchemas.js';
import { WorldRecorder } from '../record/WorldRecorder.js';
import type { Trial } from '../sim/Trial.js';
import type { TickObserver } from '../sim/World.js';

export interface LiveRecordingOptions {
  readonly recorder: McapRecorder;
  /** Seconds between recorded scans, maps and metrics (WorldRecorderOptions.everyS). */
  readonly everyS?: number;
}

export class LiveRecording {
  private readonly recorder: McapRecorder;
  private readonly observers: readonly TickObserver[];
  private readonly estopType = messageType('swarmgate.recording.v1.EmergencyStop');
  private readonly onTelemetry = (robotId: string, telemetry: Telemetry): void => {
    this.recorder.add(`/${robotId}/telemetry`, 'swarmgate.v1.Telemetry', this.nowNs(), swarmgate.v1.Telemetry.encode(telemetry).finish());
  };

  constructor(
    options: LiveRecordingOptions,
    private readonly trial: Trial,
    private readonly registry: RobotRegistry | null,
    private readonly clock: Clock,
    private readonly onWriteError: (error: unknown) => void,
  ) {
    this.recorder = options.recorder;
    // The flush after the WorldRecorder: each tick's messages are written once it has queued them.
    this.observers = [
      new WorldRecorder(options.recorder, trial.metrics, { everyS: options.everyS, timeNs: () => this.nowNs() }),
      { afterTick: () => this.flush() },
    ];
    for (const observer of this.observers) trial.world.addObserver(observer);
    registry?.on('telemetry', this.onTelemetry);
  }

  /** A remote controller's Command, as received (before the trial accepts or refuses it). */
  command(robotId: string, command: Command): void {
    this.recorder.add(`/${robotId}/cmd`, 'swarmgate.v1.Command', this.nowNs(), swarmgate.v1.Command.encode(command).finish());
  }

  /** An emergency stop or release of one robot (robotId) or of all (undefined). */
  emergencyStop(robotId: string | undefined, released: boolean, reason: string): void {
    const data = this.estopType.encode({ robot_id: robotId ?? '', released, reason }).finish();
    this.recorder.add('/estop', 'swarmgate.recording.v1.EmergencyStop', this.nowNs(), data);
  }

  /** Writes what was queued, in the background (the recorder keeps the order); a failure goes to onWriteError. */
  private flush(): void {
    this.recorder.flush().catch(this.onWriteError);
  }

  /** Stops listening and recording ticks; the caller then closes the recorder. */
  detach(): void {
    this.registry?.off('telemetry', this.onTelemetry);
    for (const observer of this.observers) this.trial.world.removeObserver(observer);
  }

  private nowNs(): bigint {
    return BigInt(Math.round(this.clock.nowMs() * 1e6));
  }
}
