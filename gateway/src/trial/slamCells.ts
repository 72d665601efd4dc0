/**
 * A robot's SLAM map as the web page draws it (GET /api/robots/{id}/slam): u32 width, u32
 * height (little-endian), then the cells, one byte each (SlamCell: 0 unknown, 1 open, 2
 * solid), row 0 at the bottom. Not the SLAM codec (slamMapCodec, run-length for merging): the
 * page wants the cells as they are, with no decoder beyond a length check.
 */
import type { SlamMap } from '@swarmgate/sdk';

const HEADER_BYTES = 8;

export function encodeSlamCells(map: Pick<SlamMap, 'width' | 'height' | 'cells'>): Buffer {
  const out = Buffer.allocUnsafe(HEADER_BYTES + map.cells.length);
  out.writeUInt32LE(map.width, 0);
  out.writeUInt32LE(map.height, 4);
  out.set(map.cells, HEADER_BYTES);
  return out;
}
