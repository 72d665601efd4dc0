/** The swarm the live-stream and UI benches watch: 500 random-walk robots spread over a cave, running until stopped. */
import type { LiveTrialConfig } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';

export const SWARM_ROBOTS = 500;
export const SWARM_MAP = 'cave:120x120:seed=1';

export function randomWalkSwarm(): LiveTrialConfig {
  return {
    grid: loadMap(SWARM_MAP),
    robots: SWARM_ROBOTS,
    algorithm: 'random',
    comm: 'global',
    spawn: { kind: 'apart' },
    seed: 1,
    targetExplored: 1,
    maxTicks: Infinity,
  };
}
