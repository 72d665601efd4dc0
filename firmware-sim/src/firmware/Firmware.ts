import {
  decodeEnvelope,
  makeEnvelope,
  ProtocolError,
  PROTOCOL_VERSION,
  swarmgate,
  validateCommand,
  validateMotorCommand,
  cappedMotorDeadlineMs,
  type BodyKind,
  type Envelope,
  type EnvelopeBodyInit,
  type EnvelopeInit,
  type MotorCommand,
  type Clock,
  type TimerHandle,
} from '@swarmgate/protocols';
import type { MonaModel } from '../model/MonaModel.js';
import { Odometry } from './Odometry.js';

const ErrorCode = swarmgate.v1.ErrorCode;
const Flag = swarmgate.v1.TelemetryFlag;

export const FIRMWARE_VERSION = 'mona-sim 0.1.0';
/** Birth.model of this emulator: not "mona", so a fleet view can tell it from hardware. */
export const SIM_MODEL_NAME = 'mona-sim';
/** Below this state of charge the LOW_BATTERY flag is raised and the LED turns amber. */
const LOW_BATTERY_SOC = 0.15;

/** Status LED colours, 0xRRGGBB. */
export const LED = { idle: 0x00ff00, driving: 0x0000ff, lowBattery: 0xffa000, emergencyStop: 0xff0000 } as const;

export interface FirmwareOptions {
  readonly robotId: string;
  readonly model: MonaModel;
  readonly clock: Clock;
  /** Telemetry rate while online; 10 Hz by default. */
  readonly telemetryHz?: number;
}

/** What the firmware hands its link: the body kind picks the MQTT topic; serial ignores it. */
export type Outbox = (kind: BodyKind, envelope: EnvelopeInit) => void;

export interface FirmwareCounters {
  received: number;
  acks: number;
  errors: number;
  telemetry: number;
  watchdogStops: number;
}

/**
 * The emulated firmware: turns received Envelopes into motor set-points on the model and
 * reports Birth, Telemetry, Ack and Error through an Outbox. It knows nothing of the link
 * (MQTT or serial) nor of the simulator. Never throws on input: every bad payload becomes an
 * Error reply and a counter.
 */
export class Firmware {
  readonly robotId: string;
  readonly model: MonaModel;
  readonly counters: FirmwareCounters = { received: 0, acks: 0, errors: 0, telemetry: 0, watchdogStops: 0 };
  private readonly clock: Clock;
  private readonly telemetryPeriodMs: number;
  private readonly odometry: Odometry;
  /** Model time starts at the clock's value when the firmware is created. */
  private readonly epochMs: number;
  private bootModelMs = 0;
  private seq = 0;
  private telemetryTimer: TimerHandle | undefined;
  private watchdogTimer: TimerHandle | undefined;
  private lastCommandId = 0;
  /** The session of the latest Birth: what a requestBirth Command announces again. */
  private session = 0;
  private tripsSeen = 0;
  /** The motors are off because the last MotorCommand's deadline passed. */
  private stoppedByWatchdog = false;
  // Reused every tick: telemetry is the hot path.
  private readonly irScratch: number[];
  private readonly odometryScratch = { xM: 0, yM: 0, headingRad: 0 };
  private readonly batteryScratch = { volts: 0, fraction: 0 };

  constructor(
    options: FirmwareOptions,
    private readonly outbox: Outbox,
  ) {
    this.robotId = options.robotId;
    this.model = options.model;
    this.clock = options.clock;
    this.telemetryPeriodMs = 1000 / (options.telemetryHz ?? 10);
    this.odometry = new Odometry(options.model.dims);
    this.epochMs = options.clock.nowMs();
    this.irScratch = new Array<number>(options.model.dims.irSensors.length).fill(0);
  }

  get online(): boolean {
    return this.telemetryTimer !== undefined;
  }

  /** The link is up with this session counter: announce Birth and start telemetry. */
  goOnline(session: number): void {
    this.syncModel();
    this.announceBirth(session);
    this.stopTelemetry();
    // Fixed rate on the robot's own clock, phase set when the link came up. Re-arming at
    // "now + period" instead let each tick's lateness accumulate (below the rate), and it
    // locked emulated robots whose timers fired in one batch into one burst for good: after
    // 25 s, 71 of 100 robots in one process sent their Telemetry within the same 5 ms.
    const periodMs = this.telemetryPeriodMs;
    let dueMs = this.clock.nowMs() + periodMs;
    const tick = (): void => {
      const nowMs = this.clock.nowMs();
      // Ticks missed while the process stalled are skipped, never sent in a bunch.
      dueMs += (Math.floor(Math.max(0, nowMs - dueMs) / periodMs) + 1) * periodMs;
      this.telemetryTimer = this.clock.setTimeout(tick, dueMs - nowMs);
      this.publishTelemetry();
    };
    this.telemetryTimer = this.clock.setTimeout(tick, periodMs);
  }

  /** Sends the Birth of `session` (again, on a link where the host may have missed it). */
  announceBirth(session: number): void {
    this.session = session;
    this.send('birth', { birth: this.birth(session) });
  }

  /** The link is down: stop the motors (no motion without a link) and the telemetry. */
  goOffline(): void {
    this.syncModel();
    this.model.stopMotors();
    this.stopTelemetry();
    this.cancelWatchdog();
  }

  /** The Death that ends `session` (the MQTT will). */
  deathEnvelope(session: number): EnvelopeInit {
    return this.envelope({ death: { session } });
  }

  /** Birth of `session`: the firmware's identity and limits. */
  birth(session: number): swarmgate.v1.IBirth {
    const dims = this.model.dims;
    return {
      model: SIM_MODEL_NAME,
      firmwareVersion: FIRMWARE_VERSION,
      protocolVersion: { major: PROTOCOL_VERSION.major, minor: PROTOCOL_VERSION.minor },
      capabilities: {
        maxWheelSpeedMps: dims.maxWheelSpeedMps,
        wheelBaseM: dims.wheelBaseM,
        wheelRadiusM: dims.wheelRadiusM,
        encoderTicksPerRev: dims.encoderTicksPerRev,
        bodyDiameterM: dims.bodyDiameterM,
        sensors: ['encoders', `ir${dims.irSensors.length}`, 'battery', 'imu'],
      },
      session,
    };
  }

  /** A simulated reset: motors off, estop cleared, encoders, odometry, seq and uptime zeroed. */
  reboot(): void {
    this.goOffline();
    this.model.reboot();
    this.odometry.reset();
    this.seq = 0;
    this.bootModelMs = this.model.timeMs;
    this.stoppedByWatchdog = false;
  }

  /** Raw Envelope bytes from the link (an MQTT payload). */
  receiveBytes(bytes: Uint8Array): void {
    let envelope: Envelope;
    try {
      envelope = decodeEnvelope(bytes);
    } catch (error) {
      this.rejectUndecodable(error as ProtocolError);
      return;
    }
    this.receiveEnvelope(envelope);
  }

  /** An Envelope that failed to decode (also called by the serial link's FrameDecoder). */
  rejectUndecodable(error: ProtocolError): void {
    this.counters.received++;
    const code = error.code === 'SG_PROTO_VERSION' ? ErrorCode.ERROR_CODE_VERSION : ErrorCode.ERROR_CODE_DECODE;
    this.replyError(code, error.message, 0, 0);
  }

  /** A serial frame whose CRC failed. */
  rejectCorruptFrame(detail: string): void {
    this.counters.received++;
    this.replyError(ErrorCode.ERROR_CODE_CRC, detail, 0, 0);
  }

  receiveEnvelope(envelope: Envelope): void {
    this.counters.received++;
    this.syncModel();
    const seq = envelope.seq;
    if (envelope.robotId !== '' && envelope.robotId !== this.robotId) {
      this.replyError(ErrorCode.ERROR_CODE_UNSUPPORTED, `addressed to ${JSON.stringify(envelope.robotId)}, this is ${JSON.stringify(this.robotId)}`, seq, 0);
      return;
    }
    if (envelope.body === 'motorCommand' && envelope.motorCommand) {
      this.handleMotorCommand(envelope.motorCommand, seq);
    } else if (envelope.body === 'command' && envelope.command) {
      this.handleCommand(envelope.command as swarmgate.v1.ICommand, seq);
    } else {
      this.replyError(ErrorCode.ERROR_CODE_UNSUPPORTED, `a robot does not accept ${envelope.body}`, seq, 0);
    }
  }

  private handleMotorCommand(command: MotorCommand, seq: number): void {
    try {
      validateMotorCommand(command);
    } catch (error) {
      this.replyError(ErrorCode.ERROR_CODE_OUT_OF_RANGE, (error as Error).message, seq, command.commandId);
      return;
    }
    const nowMs = this.model.timeMs;
    const deadlineMs = cappedMotorDeadlineMs(command.deadlineMs);
    const result = this.model.setWheelSpeeds(command.leftMps, command.rightMps, nowMs + deadlineMs);
    if (result === 'estopped') {
      this.replyError(ErrorCode.ERROR_CODE_EMERGENCY_STOP, 'emergency stop latched; a releaseEmergencyStop Command (or a reboot) clears it', seq, command.commandId);
      return;
    }
    if (result === 'battery-empty') {
      this.replyError(ErrorCode.ERROR_CODE_BUSY, 'battery empty: motors disabled', seq, command.commandId);
      return;
    }
    this.lastCommandId = command.commandId;
    this.stoppedByWatchdog = false;
    this.armWatchdog(deadlineMs);
    this.ack(command.commandId);
  }

  private handleCommand(command: swarmgate.v1.ICommand, seq: number): void {
    const commandId = command.commandId ?? 0;
    let action;
    try {
      action = validateCommand(command);
    } catch (error) {
      this.replyError(ErrorCode.ERROR_CODE_DECODE, (error as Error).message, seq, commandId);
      return;
    }
    if (action === 'requestBirth') {
      // The host heard us without holding our Birth (it was lost): announce this session
      // again. Nothing else changes (the motors, the watchdog and its flag stay as they are).
      this.announceBirth(this.session);
      this.ack(commandId);
      return;
    }
    this.stoppedByWatchdog = false;
    if (action === 'stop') {
      this.model.stopMotors();
      this.cancelWatchdog();
    } else if (action === 'emergencyStop') {
      this.model.emergencyStop();
      this.cancelWatchdog();
    } else if (action === 'releaseEmergencyStop') {
      // Only this clears the latch (a stop or any other Command leaves it set). It starts no
      // motion: the motors are off since the stop and stay off until the next MotorCommand.
      this.model.clearEmergencyStop();
    } else {
      // Motion reaches the firmware only as MotorCommands with a deadline; the gateway turns
      // high-level commands (move, rotate, velocity...) into them.
      this.replyError(ErrorCode.ERROR_CODE_UNSUPPORTED, `the firmware executes stop, emergencyStop and releaseEmergencyStop Commands only, not ${action}; send a MotorCommand`, seq, commandId);
      return;
    }
    this.ack(commandId);
    this.publishTelemetry(); // report the stop or release at once
  }

  /**
   * A timer at the deadline: the model already stops the motors at the right step whenever
   * it is advanced; the timer makes the stop visible at once (telemetry flag and an Error).
   */
  private armWatchdog(deadlineMs: number): void {
    this.cancelWatchdog();
    this.watchdogTimer = this.clock.setTimeout(() => {
      this.watchdogTimer = undefined;
      this.syncModel();
    }, deadlineMs + this.model.stepMs);
  }

  private cancelWatchdog(): void {
    if (this.watchdogTimer !== undefined) this.clock.clearTimeout(this.watchdogTimer);
    this.watchdogTimer = undefined;
  }

  /** Advances the model to now and reports a watchdog stop that happened meanwhile. */
  private syncModel(): void {
    this.model.advanceTo(this.clock.nowMs() - this.epochMs);
    if (this.model.watchdogTrips > this.tripsSeen) {
      this.tripsSeen = this.model.watchdogTrips;
      this.stoppedByWatchdog = true;
      this.counters.watchdogStops++;
      this.replyError(ErrorCode.ERROR_CODE_WATCHDOG, 'motors stopped: MotorCommand deadline passed', 0, this.lastCommandId);
      if (this.online) this.publishTelemetry();
    }
  }

  private publishTelemetry(): void {
    this.syncModel();
    const model = this.model;
    const ticksLeft = model.encoderTicks[0]!;
    const ticksRight = model.encoderTicks[1]!;
    this.odometry.update(ticksLeft, ticksRight);
    const ranges = model.readIr();
    for (let i = 0; i < ranges.length; i++) this.irScratch[i] = ranges[i]!;
    this.odometryScratch.xM = this.odometry.pose.xM;
    this.odometryScratch.yM = this.odometry.pose.yM;
    this.odometryScratch.headingRad = this.odometry.pose.headingRad;
    const lowBattery = model.battery.soc < LOW_BATTERY_SOC;
    let flags = 0;
    if (!model.emergencyStopActive && !model.battery.empty) flags |= Flag.TELEMETRY_FLAG_MOTORS_ENABLED;
    if (this.stoppedByWatchdog) flags |= Flag.TELEMETRY_FLAG_WATCHDOG_STOP;
    if (model.emergencyStopActive) flags |= Flag.TELEMETRY_FLAG_EMERGENCY_STOP;
    if (lowBattery) flags |= Flag.TELEMETRY_FLAG_LOW_BATTERY;
    model.ledRgb = model.emergencyStopActive ? LED.emergencyStop : lowBattery ? LED.lowBattery : model.motorsRunning ? LED.driving : LED.idle;
    this.batteryScratch.volts = model.battery.voltageV;
    this.batteryScratch.fraction = model.battery.soc;
    const speeds = model.wheelSpeedMps;
    this.counters.telemetry++;
    this.send('telemetry', {
      telemetry: {
        // int32 on the wire: wrap as the firmware's counters would.
        encoderLeftTicks: ticksLeft | 0,
        encoderRightTicks: ticksRight | 0,
        odometry: this.odometryScratch,
        irRangesM: this.irScratch,
        battery: this.batteryScratch,
        imuYawRateRadps: (speeds[1]! - speeds[0]!) / model.dims.wheelBaseM,
        flags,
        ledRgb: model.ledRgb,
      },
    });
  }

  private stopTelemetry(): void {
    if (this.telemetryTimer !== undefined) this.clock.clearTimeout(this.telemetryTimer);
    this.telemetryTimer = undefined;
  }

  private ack(commandId: number): void {
    if (commandId === 0) return; // 0: no acknowledgement wanted
    this.counters.acks++;
    this.send('ack', { ack: { commandId } });
  }

  private replyError(code: swarmgate.v1.ErrorCode, message: string, refSeq: number, commandId: number): void {
    this.counters.errors++;
    this.send('error', { error: { code, message, refSeq, commandId } });
  }

  private envelope(body: EnvelopeBodyInit): EnvelopeInit {
    const uptimeMs = this.model.timeMs - this.bootModelMs;
    const envelope = makeEnvelope(this.robotId, body, this.seq, uptimeMs);
    this.seq = (this.seq + 1) >>> 0;
    return envelope;
  }

  private send(kind: BodyKind, body: EnvelopeBodyInit): void {
    this.outbox(kind, this.envelope(body));
  }
}
