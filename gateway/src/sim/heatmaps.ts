/**
 * Heatmaps of the last tick each cell was explored (seen by a lidar ray) or covered (swept by a
 * body), as maps' renderPng overlays. Never-reached cells are NaN (left uncoloured).
 * A robot standing still does not recast its rays (walls are static), so "last explored" is the
 * last tick a cell was in view of a robot that had just moved.
 */
import type { Heatmap } from '@swarmgate/maps';
import type { TrialMetrics } from './TrialMetrics.js';
import type { World } from './World.js';

export function explorationHeatmap(world: World, metrics: TrialMetrics): Heatmap {
  const seen = world.sensing.lidar.lastSeenTick;
  const values = new Float32Array(seen.length);
  for (let c = 0; c < seen.length; c++) values[c] = metrics.explorable[c] && seen[c] > 0 ? seen[c] : Number.NaN;
  return { values, min: 1, max: Math.max(1, world.tick) };
}

/** Coverage is kept at half-tile resolution; a tile shows the latest of its four sub-cells. */
export function coverageHeatmap(world: World, metrics: TrialMetrics): Heatmap {
  const { width, height } = world.grid;
  const sub = metrics.coverage.lastCoveredTick;
  const values = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const w2 = width * 2;
      const i = 2 * y * w2 + 2 * x;
      const latest = Math.max(sub[i], sub[i + 1], sub[i + w2], sub[i + w2 + 1]);
      values[y * width + x] = latest > 0 ? latest : Number.NaN;
    }
  }
  return { values, min: 1, max: Math.max(1, world.tick) };
}
