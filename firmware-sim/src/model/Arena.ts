import { readFileSync } from 'node:fs';
import { SwarmgateError } from '../errors.js';

/**
 * The robot's physical world: a rectangular fence from (0, 0) to (widthM, heightM), metres,
 * y up, plus optional interior wall segments. This is the table a real MONA drives on,
 * not the simulator's virtual map: the firmware knows nothing of the simulator.
 *
 * JSON shape (file given by --arena):
 *   { "widthM": 2, "heightM": 2, "walls": [[x1, y1, x2, y2], ...] }   // walls optional
 */
export interface ArenaSpec {
  readonly widthM: number;
  readonly heightM: number;
  readonly walls: ReadonlyArray<readonly [number, number, number, number]>;
}

/** A 2 m x 2 m table, the lab setting of the design. */
export const DEFAULT_ARENA: ArenaSpec = { widthM: 2, heightM: 2, walls: [] };

const MAX_ARENA_SIDE_M = 1000;

export class Arena {
  readonly widthM: number;
  readonly heightM: number;
  /** Segments as (x1, y1, x2, y2) quadruples: the 4 fence sides first, then the walls. */
  readonly segments: Float64Array;

  constructor(spec: ArenaSpec) {
    this.widthM = spec.widthM;
    this.heightM = spec.heightM;
    const { widthM: w, heightM: h } = spec;
    const fence = [0, 0, w, 0, w, 0, w, h, w, h, 0, h, 0, h, 0, 0];
    this.segments = Float64Array.from([...fence, ...spec.walls.flat()]);
  }

  get segmentCount(): number {
    return this.segments.length / 4;
  }

  /**
   * Distance from (x, y) along headingRad to the nearest segment, or maxRangeM when none is
   * closer. Allocation-free: called 5 times per telemetry tick per robot.
   */
  rayCastM(x: number, y: number, headingRad: number, maxRangeM: number): number {
    const dx = Math.cos(headingRad);
    const dy = Math.sin(headingRad);
    const s = this.segments;
    let best = maxRangeM;
    for (let i = 0; i < s.length; i += 4) {
      const ex = s[i + 2]! - s[i]!;
      const ey = s[i + 3]! - s[i + 1]!;
      const denom = dx * ey - dy * ex;
      if (Math.abs(denom) < 1e-12) continue; // parallel: a grazing ray sees nothing
      const qx = s[i]! - x;
      const qy = s[i + 1]! - y;
      const t = (qx * ey - qy * ex) / denom; // along the ray
      const u = (qx * dy - qy * dx) / denom; // along the segment
      if (t >= 0 && t < best && u >= 0 && u <= 1) best = t;
    }
    return best;
  }

  /** Distance from (x, y) to the nearest segment, fence included. Allocation-free. */
  nearestWallM(x: number, y: number): number {
    const s = this.segments;
    let best2 = Number.POSITIVE_INFINITY;
    for (let i = 0; i < s.length; i += 4) {
      const ax = s[i]!;
      const ay = s[i + 1]!;
      const ex = s[i + 2]! - ax;
      const ey = s[i + 3]! - ay;
      const len2 = ex * ex + ey * ey;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / len2));
      const px = ax + t * ex - x;
      const py = ay + t * ey - y;
      best2 = Math.min(best2, px * px + py * py);
    }
    return Math.sqrt(best2);
  }

  contains(x: number, y: number): boolean {
    return x > 0 && y > 0 && x < this.widthM && y < this.heightM;
  }
}

function fail(message: string, cause?: unknown): never {
  throw new SwarmgateError('SG_ARENA_INVALID', message, cause === undefined ? undefined : { cause });
}

function checkSide(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_ARENA_SIDE_M) {
    fail(`${name} must be a number in (0, ${MAX_ARENA_SIDE_M}] metres, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Validates parsed JSON into an ArenaSpec; every error names the offending field. */
export function parseArenaSpec(json: unknown): ArenaSpec {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    fail('arena must be a JSON object { widthM, heightM, walls? }');
  }
  const record = json as Record<string, unknown>;
  const widthM = checkSide(record.widthM, 'widthM');
  const heightM = checkSide(record.heightM, 'heightM');
  const rawWalls = record.walls ?? [];
  if (!Array.isArray(rawWalls)) fail('walls must be an array of [x1, y1, x2, y2]');
  const walls = rawWalls.map((wall: unknown, index) => {
    if (!Array.isArray(wall) || wall.length !== 4 || !wall.every((v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= MAX_ARENA_SIDE_M)) {
      fail(`walls[${index}] must be [x1, y1, x2, y2] of finite numbers, got ${JSON.stringify(wall)}`);
    }
    return [wall[0], wall[1], wall[2], wall[3]] as const;
  });
  return { widthM, heightM, walls };
}

export function loadArenaFile(path: string): ArenaSpec {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    fail(`cannot read arena file ${path}`, cause);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    fail(`arena file ${path} is not JSON`, cause);
  }
  return parseArenaSpec(json);
}
