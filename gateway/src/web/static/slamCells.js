// The body of GET api/robots/{id}/slam (the gateway's trial/slamCells.ts writes it): u32
// width, u32 height (little-endian), then a byte a cell, row 0 at the bottom; or, asked with
// ?since=, the cells changed since: the same header, then runs of u32 first cell, u32 count and
// the run's cells.

/** { width, height, cells } from the body; an Error naming what is wrong for anything else. */
export function decodeSlamCells(buffer) {
  const { width, height } = header(buffer);
  if (buffer.byteLength !== 8 + width * height) {
    throw new Error(`SLAM map of ${buffer.byteLength} bytes does not hold the ${width} x ${height} cells its header names`);
  }
  return { width, height, cells: new Uint8Array(buffer, 8) };
}

/**
 * { width, height, runs: [{ first, cells }] } from a body of changes; an Error naming what is
 * wrong for anything else (a run past the map's cells, out of order or cut short).
 */
export function decodeSlamChanges(buffer) {
  const { width, height } = header(buffer);
  const view = new DataView(buffer);
  const runs = [];
  let end = 0;
  for (let at = 8; at < buffer.byteLength;) {
    if (at + 8 > buffer.byteLength) throw new Error(`SLAM changes cut short: a run header at byte ${at} of ${buffer.byteLength}`);
    const first = view.getUint32(at, true);
    const count = view.getUint32(at + 4, true);
    if (count === 0 || first < end || first + count > width * height) {
      throw new Error(`SLAM changes: a run of ${count} cells from cell ${first} does not fit the ${width} x ${height} map after cell ${end}`);
    }
    if (at + 8 + count > buffer.byteLength) throw new Error(`SLAM changes cut short: a run of ${count} cells at byte ${at} of ${buffer.byteLength}`);
    runs.push({ first, cells: new Uint8Array(buffer, at + 8, count) });
    end = first + count;
    at += 8 + count;
  }
  return { width, height, runs };
}

function header(buffer) {
  if (buffer.byteLength < 8) throw new Error(`SLAM map of ${buffer.byteLength} bytes: shorter than its 8-byte header`);
  const head = new DataView(buffer);
  const width = head.getUint32(0, true);
  const height = head.getUint32(4, true);
  if (width === 0 || height === 0) throw new Error(`SLAM map of ${buffer.byteLength} bytes names ${width} x ${height} cells`);
  return { width, height };
}
