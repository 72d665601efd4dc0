import type { Grid } from '@swarmgate/maps';
import { SwarmgateError } from '../../errors.js';
import { CommunicationGroups } from './CommunicationGroups.js';
import { growArray } from './growArray.js';
import { RadioCounters } from './RadioCounters.js';
import { RadioLinks } from './RadioLinks.js';
import type { RadioModel } from './RadioModel.js';
import { oneThread, type PairScanner } from './PairScan.js';

/** A uniform random source in [0, 1); maps' Random (a forked stream) fits. */
export interface UniformSource {
  nextFloat(): number;
}

export interface RadioNetworkOptions {
  robotCount: number;
  /** Logic tick length in seconds (tick t starts at t * tickS). */
  tickS: number;
  /** Float64Array layout of poses: x at i * stride, y at i * stride + 1. Default 2. */
  stride?: number;
  /** Delay added to every message after transmission, seconds. Default 0. */
  fixedLatencyS?: number;
  /** Transmit rate of each robot's radio, bytes per second. Default Infinity. */
  bandwidthBytesPerS?: number;
  /** A send is dropped when the sender's transmitter is busy for longer than this. Default 1 s. */
  maxBacklogS?: number;
  /** Chance that a receiver in range misses a message. Default 0. */
  lossProbability?: number;
  /** Required when lossProbability > 0: fork it from the trial seed, e.g. rng.fork('radio:loss'). */
  random?: UniformSource;
  /** Finds the links' pairs (e.g. on worker threads); default: on the calling thread. */
  scanner?: PairScanner;
  /** wallClearance of the grid, made already (the world's): not made again each time robots join. */
  wallClearance?: Uint8Array;
}

/**
 * Routes every broadcast through one radio model. Semantics (README.md): reachability at
 * delivery time; delivered no earlier than the next tick; latency = transmit queueing +
 * size / bandwidth + fixed delay; a robot never hears itself; payloads are copied in and out.
 *
 * In-flight messages live in slots (struct of arrays) with pooled payload buffers; slots of
 * messages delivered at a tick are recycled at the next deliver, once their inboxes are gone.
 */
export class RadioNetwork {
  readonly counters: RadioCounters;
  readonly links: RadioLinks;
  readonly robotCount: number;
  private readonly groupsOut: CommunicationGroups;
  private readonly tickS: number;
  private readonly fixedLatencyS: number;
  private readonly bandwidthBytesPerS: number;
  private readonly maxBacklogS: number;
  private readonly lossProbability: number;
  private readonly random: UniformSource | undefined;
  private readonly scanner: PairScanner;
  private readonly txFreeAtS: Float64Array;
  /** Tick whose poses the links were last computed for. */
  private linksTick = -1;
  private lastDeliverTick = -1;

  // Slots of in-flight and just-delivered messages.
  private slotFrom = new Int32Array(16);
  private slotSentTick = new Float64Array(16);
  private slotDeliverTick = new Float64Array(16);
  private slotSize = new Int32Array(16);
  private slotPayload: Uint8Array[] = [];
  private freeSlots = new Int32Array(16);
  private freeCount = 0;
  private slotCount = 0;
  /** In-flight slots in send order (delivery order within a tick). */
  private pending = new Int32Array(16);
  private pendingCount = 0;
  /** Slots delivered at the last deliver: their inbox entries are still readable. */
  private delivered = new Int32Array(16);
  private deliveredCount = 0;
  private readonly inboxSlots: Int32Array[];
  private readonly inboxLength: Int32Array;

  constructor(grid: Grid, model: RadioModel, options: RadioNetworkOptions) {
    const { robotCount, tickS } = options;
    this.fixedLatencyS = options.fixedLatencyS ?? 0;
    this.bandwidthBytesPerS = options.bandwidthBytesPerS ?? Infinity;
    this.maxBacklogS = options.maxBacklogS ?? 1;
    this.lossProbability = options.lossProbability ?? 0;
    this.random = options.random;
    this.scanner = options.scanner ?? oneThread;
    check(tickS > 0 && Number.isFinite(tickS), `tickS must be a positive number of seconds, got ${tickS}`);
    check(this.fixedLatencyS >= 0 && Number.isFinite(this.fixedLatencyS), `fixedLatencyS must be >= 0 seconds, got ${this.fixedLatencyS}`);
    check(this.bandwidthBytesPerS > 0, `bandwidthBytesPerS must be > 0 (Infinity for unlimited), got ${this.bandwidthBytesPerS}`);
    check(this.maxBacklogS >= 0, `maxBacklogS must be >= 0 seconds (Infinity for no limit), got ${this.maxBacklogS}`);
    check(this.lossProbability >= 0 && this.lossProbability <= 1, `lossProbability must be in [0, 1], got ${this.lossProbability}`);
    check(this.lossProbability === 0 || this.random !== undefined, 'lossProbability > 0 needs a seeded random source (options.random)');
    this.robotCount = robotCount;
    this.tickS = tickS;
    this.links = new RadioLinks(grid, model, robotCount, options.stride ?? 2, options.wallClearance);
    this.counters = new RadioCounters(robotCount);
    this.groupsOut = new CommunicationGroups(robotCount);
    this.txFreeAtS = new Float64Array(robotCount);
    this.inboxSlots = Array.from({ length: robotCount }, () => new Int32Array(4));
    this.inboxLength = new Int32Array(robotCount);
  }

  /**
   * Broadcasts a copy of `payload` from robot `fromRobot` at `tick` (the current tick, not
   * before the last deliver). Returns false when the send is dropped for backlog.
   */
  send(fromRobot: number, payload: Uint8Array, tick: number): boolean {
    this.checkRobot(fromRobot);
    if (!Number.isInteger(tick) || tick < this.lastDeliverTick) {
      throw new SwarmgateError('SG_RADIO_ROBOT', `send at tick ${tick}: ticks are integers and not before the last delivery (${this.lastDeliverTick})`);
    }
    const size = payload.length;
    const nowS = tick * this.tickS;
    const startS = Math.max(nowS, this.txFreeAtS[fromRobot]);
    if (startS - nowS > this.maxBacklogS) {
      this.counters.messagesDropped[fromRobot]++;
      return false;
    }
    const endS = startS + size / this.bandwidthBytesPerS;
    this.txFreeAtS[fromRobot] = endS;
    // The epsilon keeps an arrival exactly on a tick boundary from rounding to the next tick.
    const arrivalTick = Math.ceil((endS + this.fixedLatencyS) / this.tickS - 1e-9);

    const slot = this.allocateSlot(size);
    this.slotFrom[slot] = fromRobot;
    this.slotSentTick[slot] = tick;
    this.slotDeliverTick[slot] = Math.max(tick + 1, arrivalTick);
    this.slotSize[slot] = size;
    this.slotPayload[slot].set(payload);
    this.pending = growArray(this.pending, this.pendingCount + 1);
    this.pending[this.pendingCount++] = slot;
    this.counters.messagesSent[fromRobot]++;
    this.counters.bytesSent[fromRobot] += size;
    return true;
  }

  /**
   * The radio-delivery phase of tick `tick` (strictly increasing): clears every inbox, then
   * delivers each due message, in send order, to every robot that can hear its sender at
   * these poses (the post-physics poses of this tick).
   */
  deliver(tick: number, poses: Float64Array): void {
    if (!Number.isInteger(tick) || tick <= this.lastDeliverTick) {
      throw new SwarmgateError('SG_RADIO_ROBOT', `deliver at tick ${tick}: ticks are integers and strictly increasing (last ${this.lastDeliverTick})`);
    }
    this.lastDeliverTick = tick;
    for (let k = 0; k < this.deliveredCount; k++) this.freeSlots[this.freeCount++] = this.delivered[k];
    this.deliveredCount = 0;
    this.inboxLength.fill(0);

    let kept = 0;
    for (let k = 0; k < this.pendingCount; k++) {
      const slot = this.pending[k];
      if (this.slotDeliverTick[slot] > tick) {
        this.pending[kept++] = slot;
        continue;
      }
      this.updateLinks(tick, poses);
      this.deliverSlot(slot);
      this.delivered = growArray(this.delivered, this.deliveredCount + 1);
      this.delivered[this.deliveredCount++] = slot;
    }
    this.pendingCount = kept;
  }

  /** The can-hear graph at these poses (shared with deliver and groups of the same tick; read it, do not keep it). */
  linksAt(tick: number, poses: Float64Array): RadioLinks {
    this.updateLinks(tick, poses);
    return this.links;
  }

  /** Communication groups at these poses (the links are shared with deliver of the same tick). */
  groups(tick: number, poses: Float64Array): CommunicationGroups {
    this.updateLinks(tick, poses);
    return this.groupsOut.compute(this.links);
  }

  inboxCount(robot: number): number {
    return this.inboxLength[robot];
  }

  inboxFrom(robot: number, k: number): number {
    return this.slotFrom[this.inboxSlot(robot, k)];
  }

  inboxSentTick(robot: number, k: number): number {
    return this.slotSentTick[this.inboxSlot(robot, k)];
  }

  inboxSize(robot: number, k: number): number {
    return this.slotSize[this.inboxSlot(robot, k)];
  }

  /** Copies message k of robot's inbox into dst at dstOffset; returns the byte count. */
  copyInboxPayload(robot: number, k: number, dst: Uint8Array, dstOffset = 0): number {
    const slot = this.inboxSlot(robot, k);
    const size = this.slotSize[slot];
    if (dstOffset + size > dst.length) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `copyInboxPayload: ${size} bytes do not fit at offset ${dstOffset} of ${dst.length}`);
    }
    const src = this.slotPayload[slot];
    for (let b = 0; b < size; b++) dst[dstOffset + b] = src[b];
    return size;
  }

  /** A fresh copy of message k's payload (allocates; for the controller-facing layer). */
  inboxPayload(robot: number, k: number): Uint8Array {
    const out = new Uint8Array(this.inboxSize(robot, k));
    this.copyInboxPayload(robot, k, out);
    return out;
  }

  /** Messages sent but not yet delivered. */
  get inFlight(): number {
    return this.pendingCount;
  }

  private deliverSlot(slot: number): void {
    const from = this.slotFrom[slot];
    const size = this.slotSize[slot];
    const { start, neighbours } = this.links;
    const counters = this.counters;
    for (let k = start[from]; k < start[from + 1]; k++) {
      const to = neighbours[k];
      if (this.lossProbability > 0 && (this.random as UniformSource).nextFloat() < this.lossProbability) {
        counters.messagesLost[to]++;
        continue;
      }
      let inbox = this.inboxSlots[to];
      const length = this.inboxLength[to];
      if (length >= inbox.length) {
        inbox = growArray(inbox, length + 1);
        this.inboxSlots[to] = inbox;
      }
      inbox[length] = slot;
      this.inboxLength[to] = length + 1;
      counters.messagesReceived[to]++;
      counters.bytesReceived[to] += size;
    }
  }

  private updateLinks(tick: number, poses: Float64Array): void {
    if (this.linksTick === tick) return;
    this.links.update(poses, this.scanner);
    this.linksTick = tick;
  }

  private allocateSlot(size: number): number {
    if (this.freeCount === 0) {
      const slot = this.slotCount++;
      if (slot >= this.slotFrom.length) {
        const capacity = slot + 1;
        this.slotFrom = growArray(this.slotFrom, capacity);
        this.slotSentTick = growArray(this.slotSentTick, capacity);
        this.slotDeliverTick = growArray(this.slotDeliverTick, capacity);
        this.slotSize = growArray(this.slotSize, capacity);
      }
      this.freeSlots = growArray(this.freeSlots, this.slotCount);
      this.slotPayload.push(new Uint8Array(bufferSize(size)));
      return slot;
    }
    const slot = this.freeSlots[--this.freeCount];
    if (this.slotPayload[slot].length < size) this.slotPayload[slot] = new Uint8Array(bufferSize(size));
    return slot;
  }

  private inboxSlot(robot: number, k: number): number {
    this.checkRobot(robot);
    if (!(k >= 0 && k < this.inboxLength[robot])) {
      throw new SwarmgateError('SG_RADIO_ROBOT', `inbox message ${k} of robot ${robot} does not exist (inbox holds ${this.inboxLength[robot]})`);
    }
    return this.inboxSlots[robot][k];
  }

  private checkRobot(robot: number): void {
    if (!(Number.isInteger(robot) && robot >= 0 && robot < this.robotCount)) {
      throw new SwarmgateError('SG_RADIO_ROBOT', `robot index ${robot} is outside 0 .. ${this.robotCount - 1}`);
    }
  }
}

/** Payload buffers come in powers of two so a slot reused for a bigger message rarely reallocates. */
function bufferSize(size: number): number {
  let capacity = 16;
  while (capacity < size) capacity *= 2;
  return capacity;
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new SwarmgateError('SG_RADIO_CONFIG', message);
}
