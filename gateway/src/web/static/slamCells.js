// The body of GET api/robots/{id}/slam (the gateway's trial/slamCells.ts writes it): u32
// width, u32 height (little-endian), then a byte a cell, row 0 at the bottom.

/** { width, height, cells } from the body; an Error naming what is wrong for anything else. */
export function decodeSlamCells(buffer) {
  if (buffer.byteLength < 8) throw new Error(`SLAM map of ${buffer.byteLength} bytes: shorter than its 8-byte header`);
  const head = new DataView(buffer);
  const width = head.getUint32(0, true);
  const height = head.getUint32(4, true);
  if (width === 0 || height === 0 || buffer.byteLength !== 8 + width * height) {
    throw new Error(`SLAM map of ${buffer.byteLength} bytes does not hold the ${width} x ${height} cells its header names`);
  }
  return { width, height, cells: new Uint8Array(buffer, 8) };
}
