/**
 * The trial factory the HTTP API tests give a LiveService: a POST /api/trial body becomes a live
 * trial (no end, 99 % target) of the registered algorithm it names; no controller module, no
 * fleet. serve builds its own the same way, with its robot profile and threads.
 */
import { requestTrialFactory } from '@swarmgate/gateway';

export function liveTrialFactory(mapsFolder: string): ReturnType<typeof requestTrialFactory> {
  return requestTrialFactory({
    mapsFolder,
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
