/**
 * The coarse tile grid the tile-level algorithms (ssb, lvd) plan on: square tiles of whole SLAM
 * cells laid over the robot's own SLAM map, each open, solid or unknown by the coarse map's rule
 * (coarseTileState), with one-byte-per-tile sets (covered, explored) that travel as tile messages.
 */
import { MAX_BROADCAST_PAYLOAD_BYTES } from '@swarmgate/protocols';
import type { Robot } from '../Robot.js';
import type { CellXY, SlamCellValue, SlamMapView } from '../SlamMapView.js';
import { WAIT_FOR_TARGET } from './FrontierExplorer.js';
import { coarseTileState } from '../slam/CoarseSlamMap.js';
import { encodeTileMessage, tileBitBytes } from './tileMessages.js';

export class TileGrid {
  readonly cellsPerTile: number;
  readonly width: number;
  readonly height: number;
  readonly tileM: number;

  /** Tiles of about `tileM` metres (a whole number of the map's cells, at least one). */
  constructor(
    readonly map: SlamMapView,
    tileM: number,
  ) {
    this.cellsPerTile = Math.max(1, Math.round(tileM / map.cellSizeM));
    this.tileM = this.cellsPerTile * map.cellSizeM;
    this.width = Math.ceil(map.width / this.cellsPerTile);
    this.height = Math.ceil(map.height / this.cellsPerTile);
  }

  get count(): number {
    return this.width * this.height;
  }

  state(tile: number): SlamCellValue {
    return coarseTileState(this.map, this.cellsPerTile, tile % this.width, Math.floor(tile / this.width));
  }

  /** Tile (x, y) as an index, or -1 outside the grid. */
  index(x: number, y: number): number {
    return x >= 0 && y >= 0 && x < this.width && y < this.height ? y * this.width + x : -1;
  }

  /** Tile holding world point (xM, yM), or -1 outside. */
  tileAtWorld(xM: number, yM: number): number {
    const x = Math.floor((xM - this.map.originM.x) / this.tileM);
    const y = Math.floor((yM - this.map.originM.y) / this.tileM);
    return this.index(x, y);
  }

  /** Tile holding SLAM cell `cellIndex`. */
  tileOfCell(cellIndex: number): number {
    const cx = cellIndex % this.map.width;
    const cy = Math.floor(cellIndex / this.map.width);
    return Math.floor(cy / this.cellsPerTile) * this.width + Math.floor(cx / this.cellsPerTile);
  }

  /** World centre of a tile. */
  centreM(tile: number): { xM: number; yM: number } {
    const tx = tile % this.width;
    const ty = Math.floor(tile / this.width);
    return { xM: this.map.originM.x + (tx + 0.5) * this.tileM, yM: this.map.originM.y + (ty + 0.5) * this.tileM };
  }

  /** The SLAM cell a robot drives to for `tile`: the one under the tile's centre (cellsPerTile / 2 in). */
  goalCell(tile: number): { x: number; y: number } {
    const half = Math.floor(this.cellsPerTile / 2);
    const x = Math.min(this.map.width - 1, (tile % this.width) * this.cellsPerTile + half);
    const y = Math.min(this.map.height - 1, Math.floor(tile / this.width) * this.cellsPerTile + half);
    return { x, y };
  }

  /** An empty tile set for this grid (one byte per tile, 1 = in the set). */
  newSet(): Uint8Array<ArrayBuffer> {
    return new Uint8Array(this.count);
  }
}

/** Pack a tile set into the bits of a tiles message. */
export function packTileSet(set: Uint8Array, width: number, height: number): Uint8Array {
  const bits = new Uint8Array(tileBitBytes(width, height));
  for (let i = 0; i < width * height; i++) if (set[i] !== 0) bits[i >> 3] |= 1 << (i & 7);
  return bits;
}

/** Add the tiles of packed `bits` to `set`; returns how many were new. */
export function mergeTileBits(set: Uint8Array, bits: Uint8Array): number {
  let added = 0;
  for (let i = 0; i < set.length; i++) {
    if (set[i] === 0 && (bits[i >> 3] & (1 << (i & 7))) !== 0) {
      set[i] = 1;
      added++;
    }
  }
  return added;
}

/**
 * Broadcast a tile set of `tiles` as a tiles message, unless it cannot travel: over the broadcast
 * budget (docs/limits.md: a grid of about 260,000 tiles) or a side over the message's 65535 tiles;
 * then nothing is sent and the robot works on unshared.
 */
export function broadcastTileSet(robot: Robot, tiles: TileGrid, set: Uint8Array): void {
  const { width, height } = tiles;
  if (width > 0xffff || height > 0xffff || 8 + tileBitBytes(width, height) > MAX_BROADCAST_PAYLOAD_BYTES) return;
  robot.broadcast(encodeTileMessage({ kind: 'tiles', width, height, bits: packTileSet(set, width, height) }));
}

/** A goal as TargetStrategy.choose returns it: the cell's index, -1 for none, or WAIT_FOR_TARGET. */
export function targetIndexOf(map: SlamMapView, goal: CellXY | null | 'wait'): number {
  if (goal === 'wait') return WAIT_FOR_TARGET;
  return goal === null ? -1 : goal.y * map.width + goal.x;
}
