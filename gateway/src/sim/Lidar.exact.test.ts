import { describe, expect, it } from 'vitest';
import { isWall, loadMap, type Grid } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import { SlamCell } from '@swarmgate/sdk';
import { Lidar, SUB } from './Lidar.js';

/** What one ray does, by the textbook DDA over SLAM cells (Amanatides & Woo), one step per SLAM cell. */
interface RayOutcome {
  t: number;
  newlyKnown: number;
  changed: number;
}

function referenceRay(grid: Grid, ox: number, oy: number, dx: number, dy: number, maxT: number, tick: number, seen: Int32Array, slam: Uint8Array): RayOutcome {
  const subWidth = grid.width * SUB;
  const subHeight = grid.height * SUB;
  const out = { t: 0, newlyKnown: 0, changed: 0 };
  let cx = Math.floor(ox);
  let cy = Math.floor(oy);
  if (cx < 0 || cy < 0 || cx >= subWidth || cy >= subHeight) return out;
  const stepX = dx > 0 ? 1 : -1;
  const stepY = dy > 0 ? 1 : -1;
  const tDeltaX = dx !== 0 ? Math.abs(1 / dx) : Number.POSITIVE_INFINITY;
  const tDeltaY = dy !== 0 ? Math.abs(1 / dy) : Number.POSITIVE_INFINITY;
  let tMaxX = dx > 0 ? (cx + 1 - ox) / dx : dx < 0 ? (cx - ox) / dx : Number.POSITIVE_INFINITY;
  let tMaxY = dy > 0 ? (cy + 1 - oy) / dy : dy < 0 ? (cy - oy) / dy : Number.POSITIVE_INFINITY;
  for (;;) {
    const tile = (cy >> 1) * grid.width + (cx >> 1);
    const sub = cy * subWidth + cx;
    seen[tile] = tick;
    if (isWall(grid.cells[tile])) {
      if (slam[sub] !== SlamCell.Solid) {
        if (slam[sub] === SlamCell.Unknown) out.newlyKnown++;
        out.changed++;
        slam[sub] = SlamCell.Solid;
      }
      return out;
    }
    if (slam[sub] === SlamCell.Unknown) {
      out.newlyKnown++;
      out.changed++;
      slam[sub] = SlamCell.Open;
    }
    const stepsX = tMaxX < tMaxY;
    out.t = stepsX ? tMaxX : tMaxY;
    if (out.t >= maxT) {
      out.t = maxT;
      return out;
    }
    if (stepsX) {
      cx += stepX;
      if (cx < 0 || cx >= subWidth) return out;
      tMaxX += tDeltaX;
    } else {
      cy += stepY;
      if (cy < 0 || cy >= subHeight) return out;
      tMaxY += tDeltaY;
    }
  }
}

describe('lidar walk over tiles', () => {
  it('gives the ranges, exploration stamps and SLAM writes of a DDA over SLAM cells, bit for bit', () => {
    const rng = Random.fromSeed('lidar-exact');
    // An open room (rays leave the map's edge) and a cave (rays stop on walls).
    for (const grid of [loadMap('cave:40x40:seed=7'), loadMap('building:30x30:seed=2')]) {
      const subCells = grid.width * grid.height * SUB * SUB;
      for (let trial = 0; trial < 60; trial++) {
        const rangeM = 1 + 14 * rng.nextFloat();
        const lidar = new Lidar(grid, { rangeM, rayCount: 90 });
        lidar.ensureCapacity(1);
        // A map partly known, partly wrong (solid where open), so every write rule is exercised.
        const slam = new Uint8Array(subCells);
        const expected = new Uint8Array(subCells);
        for (let c = 0; c < subCells; c++) slam[c] = rng.nextFloat() < 0.5 ? 0 : rng.nextFloat() < 0.8 ? 1 : 2;
        expected.set(slam);
        const seen = new Int32Array(grid.width * grid.height);
        // Origins on SLAM cell lines and headings along the axes too: the crossings' ties.
        const snap = (v: number) => (rng.nextFloat() < 0.3 ? Math.round(v * SUB) / SUB : v);
        const xM = snap(grid.originM.x + rng.nextFloat() * grid.width * grid.cellSizeM);
        const yM = snap(grid.originM.y + rng.nextFloat() * grid.height * grid.cellSizeM);
        const headingRad = rng.nextFloat() < 0.3 ? (Math.PI / 2) * Math.floor(4 * rng.nextFloat()) : rng.uniform(-Math.PI, Math.PI);
        lidar.castWalls(0, xM, yM, headingRad, 3, slam);
        const invSub = SUB / grid.cellSizeM;
        let changed = 0;
        let newlyKnown = 0;
        for (let k = 0; k < lidar.rayCount; k++) {
          const a = k * lidar.angleIncrementRad;
          const ch = Math.cos(headingRad);
          const sh = Math.sin(headingRad);
          const dx = ch * Math.cos(a) - sh * Math.sin(a);
          const dy = sh * Math.cos(a) + ch * Math.sin(a);
          const ray = referenceRay(grid, (xM - grid.originM.x) * invSub, (yM - grid.originM.y) * invSub, dx, dy, rangeM * invSub, 3, seen, expected);
          expect(lidar.wallRangesM[k], `ray ${k} of trial ${trial}`).toBe(Math.fround(ray.t * (grid.cellSizeM / SUB)));
          changed += ray.changed;
          newlyKnown += ray.newlyKnown;
        }
        expect(Array.from(slam)).toEqual(Array.from(expected));
        expect(Array.from(lidar.lastSeenTick)).toEqual(Array.from(seen));
        expect({ changed: lidar.slamChanged, newlyKnown: lidar.slamNewlyKnown }).toEqual({ changed, newlyKnown });
      }
    }
  });
});
