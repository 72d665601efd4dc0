/**
 * The map's walls as one static planck body with few box fixtures: wall cells merged into
 * rectangles, so the broad phase holds hundreds of proxies instead of tens of thousands.
 */
import { Box, type World as PlanckWorld } from 'planck';
import { type Grid } from '@swarmgate/maps';
import { mergeWallRectangles } from '@swarmgate/maps';
import { planckBroadPhase } from './planckBroadPhase.js';

/** Fixture user data marking a wall (robots carry their slot index, >= 0). */
export const WALL_USER_DATA = -1;

export function createWallBody(world: PlanckWorld, grid: Grid): number {
  const body = world.createBody({ type: 'static' });
  const s = grid.cellSizeM;
  const rects = mergeWallRectangles(grid);
  for (const r of rects) {
    const halfW = (r.width * s) / 2;
    const halfH = (r.height * s) / 2;
    const centre = { x: grid.originM.x + r.x * s + halfW, y: grid.originM.y + r.y * s + halfH };
    body.createFixture(new Box(halfW, halfH, centre, 0), { friction: 0, userData: WALL_USER_DATA });
  }
  // Every new proxy is queued for planck's next pair search, where each wall's box would be
  // queried against the tree only to find other boxes of the same body, which planck never
  // pairs. With the walls alone in the world, nothing is lost by dropping the queue; robots
  // added later queue their own proxies and find the walls.
  if (world.getBodyCount() === 1) planckBroadPhase(world).m_moveBuffer.length = 0;
  return rects.length;
}
