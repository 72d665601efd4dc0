import type { Grid } from '@swarmgate/maps';
import { SwarmgateError } from '../../errors.js';
import { growArray } from './growArray.js';
import { gridBounds, SpatialHash } from './SpatialHash.js';

/** Reusable result of TagStore.query: tag ids and their distances, `count` valid entries. */
export class TagHits {
  count = 0;
  ids = new Int32Array(16);
  distancesM = new Float64Array(16);
}

/**
 * Environment tags (MAES DepositTag / ReadNearbyTags): permanent, deposited at a position
 * with a byte payload, read within a Euclidean range with no line-of-sight check. Tags are
 * numbered 0, 1, 2... in deposit order. Payloads are copied into one growing byte arena,
 * positions into a spatial hash whose buckets are the usual read range, so a query costs
 * the tags near the point, not all tags.
 */
export class TagStore {
  count = 0;
  private readonly hash: SpatialHash;
  private robot = new Int32Array(64);
  private tick = new Float64Array(64);
  private xM = new Float64Array(64);
  private yM = new Float64Array(64);
  private offset = new Float64Array(64);
  private size = new Int32Array(64);
  private bytes = new Uint8Array(1024);
  private bytesUsed = 0;

  constructor(grid: Grid, options: { readRangeM?: number } = {}) {
    const readRangeM = options.readRangeM ?? 2;
    if (!(readRangeM > 0) || !Number.isFinite(readRangeM)) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `tag readRangeM must be a positive number of metres, got ${readRangeM}`);
    }
    this.hash = new SpatialHash(gridBounds(grid), readRangeM);
  }

  /** Stores a copy of `payload` at (xM, yM), deposited by `robot` at `tick`; returns the tag id. */
  deposit(robot: number, xM: number, yM: number, payload: Uint8Array, tick: number): number {
    if (!Number.isFinite(xM) || !Number.isFinite(yM)) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `tag position must be finite, got (${xM}, ${yM})`);
    }
    const id = this.count++;
    if (id >= this.robot.length) {
      this.robot = growArray(this.robot, id + 1);
      this.tick = growArray(this.tick, id + 1);
      this.xM = growArray(this.xM, id + 1);
      this.yM = growArray(this.yM, id + 1);
      this.offset = growArray(this.offset, id + 1);
      this.size = growArray(this.size, id + 1);
    }
    this.bytes = growArray(this.bytes, this.bytesUsed + payload.length);
    this.bytes.set(payload, this.bytesUsed);
    this.robot[id] = robot;
    this.tick[id] = tick;
    this.xM[id] = xM;
    this.yM[id] = yM;
    this.offset[id] = this.bytesUsed;
    this.size[id] = payload.length;
    this.bytesUsed += payload.length;
    this.hash.insert(id, xM, yM);
    return id;
  }

  /** Tags within rangeM of (xM, yM) into `hits` (deterministic order); returns hits.count. */
  query(xM: number, yM: number, rangeM: number, hits: TagHits): number {
    let found = this.hash.query(xM, yM, rangeM, hits.ids);
    if (found > hits.ids.length) {
      hits.ids = growArray(hits.ids, found);
      found = this.hash.query(xM, yM, rangeM, hits.ids);
    }
    hits.distancesM = growArray(hits.distancesM, found);
    for (let k = 0; k < found; k++) {
      const id = hits.ids[k];
      hits.distancesM[k] = Math.sqrt((this.xM[id] - xM) ** 2 + (this.yM[id] - yM) ** 2);
    }
    hits.count = found;
    return found;
  }

  robotOf(id: number): number {
    return this.robot[this.checkId(id)];
  }

  tickOf(id: number): number {
    return this.tick[this.checkId(id)];
  }

  xOf(id: number): number {
    return this.xM[this.checkId(id)];
  }

  yOf(id: number): number {
    return this.yM[this.checkId(id)];
  }

  sizeOf(id: number): number {
    return this.size[this.checkId(id)];
  }

  /** Copies tag id's payload into dst at dstOffset; returns the byte count. */
  copyPayload(id: number, dst: Uint8Array, dstOffset = 0): number {
    const size = this.sizeOf(id);
    if (dstOffset + size > dst.length) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `copyPayload: ${size} bytes do not fit at offset ${dstOffset} of ${dst.length}`);
    }
    const from = this.offset[id];
    for (let b = 0; b < size; b++) dst[dstOffset + b] = this.bytes[from + b];
    return size;
  }

  /** A fresh copy of the payload (allocates; for the controller-facing layer). */
  payload(id: number): Uint8Array {
    const out = new Uint8Array(this.sizeOf(id));
    this.copyPayload(id, out);
    return out;
  }

  private checkId(id: number): number {
    if (!(Number.isInteger(id) && id >= 0 && id < this.count)) {
      throw new SwarmgateError('SG_RADIO_ROBOT', `tag id ${id} does not exist (${this.count} tags)`);
    }
    return id;
  }
}
