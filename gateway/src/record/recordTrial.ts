/**
 * Runs a headless trial to its end as Trial.run does, recording it to an MCAP file that
 * `swarmgate run --verify` can re-run: the configuration first, the engine's channels every
 * tick (sim time), the final state hash last. The loop yields once a tick to write that tick's
 * messages, so the file grows as the trial runs.
 */
import type { FinalMetrics } from '../sim/TrialMetrics.js';
import type { Trial } from '../sim/Trial.js';
import { McapRecorder } from './McapRecorder.js';
import { resultMetadata, TRIAL_CONFIG_METADATA, TRIAL_RESULT_METADATA, type RecordedConfig } from './trialRecording.js';
import { WorldRecorder } from './WorldRecorder.js';
import { tickSeconds } from '../sim/WorldConfig.js';

/**
 * `config`: what re-creates the trial (`swarmgate run`'s flags as given); `everyS`: the
 * interval of scans and maps (WorldRecorderOptions); `onTick` as Trial.run's.
 */
export async function recordTrial(trial: Trial, path: string, config: RecordedConfig, everyS?: number, onTick?: (trial: Trial) => void): Promise<FinalMetrics> {
  const recorder = await McapRecorder.create(path);
  try {
    await recorder.metadata(TRIAL_CONFIG_METADATA, config);
    const tickNs = BigInt(Math.round(tickSeconds(trial.world.config) * 1e9));
    trial.world.addObserver(new WorldRecorder(recorder, trial.metrics, { everyS, timeNs: (world) => BigInt(world.tick) * tickNs }));
    while (!trial.finished) {
      trial.world.step();
      onTick?.(trial);
      await recorder.flush();
    }
    const result = trial.metrics.final();
    await recorder.metadata(TRIAL_RESULT_METADATA, resultMetadata(result.finalStateHash, result.ticks));
    return result;
  } finally {
    await recorder.close();
  }
}
