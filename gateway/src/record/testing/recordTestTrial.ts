/** The recording tests' trial: frontier robots apart on a small cave, recorded to MCAP as `swarmgate run --record` records one. */
import { readFileSync } from 'node:fs';
import { loadMap } from '@swarmgate/maps';
import { Trial } from '../../sim/Trial.js';
import { recordTrial } from '../recordTrial.js';

/** The map the recording tests record on (its name goes into the recording, as the CLI writes it). */
export const RECORDED_MAP = 'cave:30x30:seed=4';

/** Records `maxTicks` ticks of `robots` frontier robots (seed `seed`) on RECORDED_MAP to `path`: the trial as it ended, and the file's bytes. */
export async function recordTestTrial(
  path: string,
  { robots, seed, maxTicks }: { readonly robots: number; readonly seed: number; readonly maxTicks: number },
): Promise<{ trial: Trial; bytes: Uint8Array }> {
  const trial = new Trial({
    grid: loadMap(RECORDED_MAP),
    robots,
    algorithm: 'frontier',
    comm: 'global',
    spawn: { kind: 'apart' },
    seed,
    targetExplored: 1,
    maxTicks,
  });
  await recordTrial(trial, path, { map: RECORDED_MAP });
  return { trial, bytes: new Uint8Array(readFileSync(path)) };
}
