import { createHash } from 'node:crypto';
import type { Grid } from './Grid.js';

/**
 * Stable content hash of a grid: sha256 over a text header (size, cell size, origin) and the
 * cell bytes. Runs print it so a result names exactly the map it ran on.
 */
export function gridHash(grid: Grid): string {
  const header = `swarmgate-grid-v1 ${grid.width} ${grid.height} ${grid.cellSizeM} ${grid.originM.x} ${grid.originM.y}\n`;
  return 'sha256:' + createHash('sha256').update(header).update(grid.cells).digest('hex');
}
