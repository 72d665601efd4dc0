/**
 * Greed (Schmidt, Sorensen, Beregaard 2024, "The Minotaur Exploration Algorithm", section III-B;
 * MAES's GreedAlgorithm): always go to the nearest unknown cell, found by flood fill through the
 * robot's own SLAM map, and share the whole map with the robots in radio reach.
 *
 * It is the nearest-frontier controller (FrontierExplorer.ts) with Greed's settings, so both share
 * one flood fill, A* and path follower: the nearest open cell bordering unknown ground is the
 * nearest unknown cell's reachable neighbour, which is where MAES's Greed drives. No dispersion:
 * Greed coordinates only through shared maps. It keeps the follower's stop-and-turn for a robot
 * close ahead (MAES's Greed only reacts once robots collide).
 * - Heartbeat: the SLAM map is broadcast every `heartbeatS` (MAES: every 10 ticks of 100 ms) as
 *   its real encoded bytes through the radio model, and every map heard is merged.
 * - Deadlock: a target with no progress for `deadlockS` is abandoned for a new one (MAES checks
 *   every 10 ticks and gives up after 5 strikes: 5 s).
 * - Collision: back off for `backoffS`, then plan again from where the robot is (MAES: drive to the
 *   nearest open tile, or back up 1 tile).
 *
 * Where the paper and MAES's code disagree the paper is followed: the paper has Greed share its
 * map with the others, while MAES's code merges the maps only in ticks when at least two
 * heartbeats arrive (and passes them by reference); here every heartbeat heard is merged.
 */
import { frontierExploration, FrontierExplorerController, frontierParams } from './FrontierExplorer.js';
import type { AlgorithmInfo } from './AlgorithmInfo.js';

/** Parameters Greed passes through to the frontier controller unchanged (same name, unit, doc). */
const SHARED = new Set(['speedMps', 'backoffS', 'bodyRadiusM']);

export const greed: AlgorithmInfo = {
  name: 'greed',
  heavyControllers: true,
  summary:
    'Greed (Minotaur paper, 2024): go to the nearest unknown cell found by flood fill on the own SLAM map, broadcast the map as a heartbeat and merge maps heard; deadlock and collision recovery.',
  parameters: [
    ...frontierExploration.parameters.filter((p) => SHARED.has(p.name)),
    {
      name: 'heartbeatS',
      unit: 's',
      default: 1,
      min: 0,
      max: 10000,
      doc: 'Broadcast the SLAM map this often (rounded to logic ticks; MAES: 10 ticks) and merge every map heard; 0 = never.',
    },
    {
      name: 'deadlockS',
      unit: 's',
      default: 5,
      min: 0.01,
      max: 10000,
      doc: 'Abandon a target after this long without progress towards it (MAES: 5 checks 10 ticks apart).',
    },
  ],
  create: (context) => {
    const p = context.params;
    const params = frontierParams({ shareEveryS: p.heartbeatS, stuckS: p.deadlockS, cedeMarginM: -1 });
    for (const name of SHARED) params[name] = p[name];
    return new FrontierExplorerController({ ...context, params });
  },
};
