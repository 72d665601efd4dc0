/** The small trial the live-trial and web tests run: frontier robots together in `grid`, seed 1. */
import type { Grid } from '@swarmgate/maps';
import type { TrialConfig } from '../../sim/Trial.js';

export function testTrialConfig(grid: Grid, robots: number, remoteControlled: readonly string[] = []): TrialConfig {
  return {
    grid,
    robots,
    algorithm: 'frontier',
    comm: 'global',
    spawn: { kind: 'together' },
    seed: 1,
    targetExplored: 0.99,
    maxTicks: 10_000,
    remoteControlled: new Set(remoteControlled),
  };
}
