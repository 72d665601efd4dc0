/**
 * The map's walls as one static planck body with few box fixtures: wall cells merged into
 * rectangles, so the broad phase holds hundreds of proxies instead of tens of thousands.
 *
 * On a large map the boxes are created by chunk, when a robot first comes near
 * (WallChunks.ensureAround): a 4,000,000-cell cave merges into some 185,000 boxes, half a
 * gigabyte of planck objects and seconds of building and collecting garbage before the first
 * tick, while ten robots touch a few hundred of them. A chunk is created in full before any robot
 * can reach its walls (the world asks for every robot's surroundings, far beyond a tick's travel,
 * before each physics phase), so the walls a robot meets are the walls it would meet with all of
 * them built (in an order planck may find otherwise, as after any change to its tree's history).
 * Which chunks exist, and in what order their boxes were made, follows from the robots' poses
 * alone: a trial stays a function of its seed.
 */
import { Box, type Body, type World as PlanckWorld } from 'planck';
import { CELLS_PER_STEP, finishNow, rowsPerStep, WallRectMerger, type BuildSteps, type CellRect, type Grid } from '@swarmgate/maps';
import { planckBroadPhase } from './planckBroadPhase.js';

/** Fixture user data marking a wall (robots carry their slot index, >= 0). */
export const WALL_USER_DATA = -1;

/**
 * A map of at most this many boxes is built whole at once (a fifth of a second at most): its
 * boxes are then in planck's broad-phase tree before any robot's, which steps faster than
 * boxes added among the robots' (building1000-200, 634 boxes: 0.92-0.94 of the speed).
 */
export const EAGER_MAX_BOXES = 10_000;

/** A chunk's side: at least this many cells and this many metres (few chunks per robot, few boxes per chunk). */
const CHUNK_MIN_CELLS = 16;
const CHUNK_MIN_M = 8;

/**
 * Where the map's wall boxes are: the grid's wall cells merged into rectangles, and per chunk the
 * boxes overlapping it. A pure function of the grid, made in steps (wallIndexSteps) when a caller
 * must stay responsive, by WallChunks otherwise.
 */
export interface WallIndex {
  readonly rects: readonly CellRect[];
  /** A chunk's side in cells, and the chunks across and up the map. */
  readonly chunkCells: number;
  readonly chunksX: number;
  readonly chunksY: number;
  /** The boxes overlapping chunk c: chunkBoxes[chunkStart[c] .. chunkStart[c + 1]). */
  readonly chunkStart: Int32Array;
  readonly chunkBoxes: Int32Array;
}

/**
 * The wall index of `grid` in steps: the merge a band of about `cellsPerStep` cells at a time,
 * then the chunks' box counts, then their box lists (on a 2000 x 2000 cave some 185,000 boxes, each
 * pass a tenth of a second or more).
 */
export function* wallIndexSteps(grid: Grid, cellsPerStep: number = CELLS_PER_STEP): BuildSteps<WallIndex> {
  const merger = new WallRectMerger(grid);
  const rows = rowsPerStep(grid.width, cellsPerStep);
  merger.mergeRows(rows);
  while (merger.rowsLeft > 0) {
    yield;
    merger.mergeRows(rows);
  }
  const rects = merger.finish();
  yield;
  const chunkCells = Math.max(CHUNK_MIN_CELLS, Math.ceil(CHUNK_MIN_M / grid.cellSizeM));
  const chunksX = Math.ceil(grid.width / chunkCells);
  const chunksY = Math.ceil(grid.height / chunkCells);
  const chunks = chunksX * chunksY;
  // Compressed rows: count each chunk's boxes, prefix-sum, then fill in box order.
  const chunkStart = new Int32Array(chunks + 1);
  forEachChunkOfBox(rects, chunkCells, chunksX, (c) => chunkStart[c + 1]++);
  for (let c = 0; c < chunks; c++) chunkStart[c + 1] += chunkStart[c];
  yield;
  const chunkBoxes = new Int32Array(chunkStart[chunks]);
  const fill = chunkStart.slice(0, chunks);
  forEachChunkOfBox(rects, chunkCells, chunksX, (c, box) => (chunkBoxes[fill[c]++] = box));
  return { rects, chunkCells, chunksX, chunksY, chunkStart, chunkBoxes };
}

function forEachChunkOfBox(rects: readonly CellRect[], chunkCells: number, chunksX: number, visit: (chunk: number, box: number) => void): void {
  const n = chunkCells;
  for (let box = 0; box < rects.length; box++) {
    const r = rects[box];
    for (let cy = Math.floor(r.y / n); cy <= Math.floor((r.y + r.height - 1) / n); cy++) {
      for (let cx = Math.floor(r.x / n); cx <= Math.floor((r.x + r.width - 1) / n); cx++) visit(cy * chunksX + cx, box);
    }
  }
}

export class WallChunks {
  /** Boxes the whole map's walls merge into. */
  readonly boxCount: number;
  /** Boxes created so far. */
  createdCount = 0;
  private readonly body: Body;
  private readonly chunkM: number;
  private readonly chunkDone: Uint8Array;
  private readonly boxDone: Uint8Array;

  /** `index`: the grid's wall index, made already (wallIndexSteps); default: made here. */
  constructor(
    private readonly world: PlanckWorld,
    private readonly grid: Grid,
    private readonly index: WallIndex = finishNow(wallIndexSteps(grid)),
  ) {
    this.body = world.createBody({ type: 'static' });
    this.boxCount = index.rects.length;
    this.chunkM = index.chunkCells * grid.cellSizeM;
    this.chunkDone = new Uint8Array(index.chunksX * index.chunksY);
    this.boxDone = new Uint8Array(this.boxCount);
    if (this.boxCount <= EAGER_MAX_BOXES) this.ensureAll();
  }

  /** Every box is created (a small map, or every chunk visited). */
  get complete(): boolean {
    return this.createdCount === this.boxCount;
  }

  /** Creates the walls of every chunk the square of half-side reachM around (xM, yM) overlaps. */
  ensureAround(xM: number, yM: number, reachM: number): void {
    const { originM } = this.grid;
    const { chunksX, chunksY } = this.index;
    const c0 = Math.max(0, Math.floor((xM - reachM - originM.x) / this.chunkM));
    const c1 = Math.min(chunksX - 1, Math.floor((xM + reachM - originM.x) / this.chunkM));
    const r0 = Math.max(0, Math.floor((yM - reachM - originM.y) / this.chunkM));
    const r1 = Math.min(chunksY - 1, Math.floor((yM + reachM - originM.y) / this.chunkM));
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) if (this.chunkDone[r * chunksX + c] === 0) this.createChunk(r * chunksX + c);
    }
  }

  /** Creates every wall now. */
  ensureAll(): void {
    for (let c = 0; c < this.chunkDone.length; c++) if (this.chunkDone[c] === 0) this.createChunk(c);
  }

  private createChunk(chunk: number): void {
    this.chunkDone[chunk] = 1;
    const s = this.grid.cellSizeM;
    const { originM } = this.grid;
    const { rects, chunkStart, chunkBoxes } = this.index;
    for (let k = chunkStart[chunk]; k < chunkStart[chunk + 1]; k++) {
      const box = chunkBoxes[k];
      if (this.boxDone[box] === 1) continue;
      this.boxDone[box] = 1;
      this.createdCount++;
      const r = rects[box];
      const halfW = (r.width * s) / 2;
      const halfH = (r.height * s) / 2;
      const centre = { x: originM.x + r.x * s + halfW, y: originM.y + r.y * s + halfH };
      this.body.createFixture(new Box(halfW, halfH, centre, 0), { friction: 0, userData: WALL_USER_DATA });
    }
    // Every new proxy is queued for planck's next pair search, where each wall's box would be
    // queried against the tree only to find other boxes of the same body, which planck never
    // pairs. With the walls alone in the world, nothing is lost by dropping the queue; robots
    // added later queue their own proxies and find the walls.
    if (this.world.getBodyCount() === 1) planckBroadPhase(this.world).m_moveBuffer.length = 0;
  }
}

/** Every wall of `grid` in `world` at once (a world without lazy walls); returns the box count. */
export function createWallBody(world: PlanckWorld, grid: Grid): number {
  const walls = new WallChunks(world, grid);
  walls.ensureAll();
  return walls.boxCount;
}
