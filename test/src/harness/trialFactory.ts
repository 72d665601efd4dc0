/**
 * The trial factory the HTTP API tests give a LiveService: a POST /api/trial body becomes a live
 * trial (no end, 99 % target) of the registered algorithm it names; no controller module, no
 * fleet. serve builds its own the same way, with its robot profile and threads.
 */
import { join } from 'node:path';
import { DEFAULT_MAX_FILE_CELLS } from '@swarmgate/maps';
import { requestTrialFactory } from '@swarmgate/gateway';

export function liveTrialFactory(mapsFolder: string): ReturnType<typeof requestTrialFactory> {
  return requestTrialFactory({
    mapsFolder,
    maxCells: DEFAULT_MAX_FILE_CELLS,
    controller: null,
    fleet: null,
    build: (flags, grid) => ({
      grid,
      robots: flags.robots,
      algorithm: flags.algorithm,
      comm: flags.comm,
      network: flags.network,
      spawn: flags.spawn,
      seed: flags.seed,
      targetExplored: 0.99,
      maxTicks: Number.POSITIVE_INFINITY,
    }),
  });
}

/** A LiveService's trial factory and data folders (maps, recordings, experiments) under `dir`, as serve lays them out in its working directory. */
export function servedFolders(dir: string): {
  trialFactory: ReturnType<typeof requestTrialFactory>;
  folders: { maps: string; recordings: string; experiments: string };
} {
  const maps = join(dir, 'maps');
  return { trialFactory: liveTrialFactory(maps), folders: { maps, recordings: join(dir, 'recordings'), experiments: join(dir, 'experiments') } };
}
