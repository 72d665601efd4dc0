/**
 * The world's link to the radio package (gateway/src/sim/radio): broadcast, inbox, tags,
 * nearby-robot sensing and communication groups, with robot slots as the radio's indices.
 *
 * The radio's robot count is fixed at construction, so the network is built lazily at the first
 * step and rebuilt when robots were added since (a HIL twin joining): messages in flight at
 * that moment are lost and counters restart, which the join of a physical robot tolerates.
 *
 * Tag deposits are latched like motion commands and stored at the next act phase, so a robot
 * reading tags during control never sees a deposit made by a robot that ran before it.
 *
 * Budgets (docs/limits.md): the counts SimRobot checks before a send or deposit are kept here;
 * what a robot reads is cut to the per-State budgets, the nearest first, and the rest counted
 * into the reader's `StateDropCounts` (never thrown).
 */
import { MAX_INBOX_BYTES_PER_TICK, MAX_INBOX_MESSAGES_PER_TICK, MAX_NEARBY_ROBOTS_PER_STATE, MAX_NEARBY_TAGS_PER_STATE } from '@swarmgate/protocols';
import type { InboxMessage, NearbyRobot, NearbyTag } from '@swarmgate/sdk';
import {
  globalModel,
  NearbyRobots,
  RadioNetwork,
  TagHits,
  TagStore,
  type CommunicationGroups,
  type RadioModel,
  type RadioNetworkOptions,
} from './radio/index.js';
import { growArray } from './radio/growArray.js';
import type { World } from './World.js';

export interface CommsConfig {
  readonly model: RadioModel;
  /** RadioNetwork options except robotCount, tickS and stride (the world sets those). */
  readonly network?: Omit<RadioNetworkOptions, 'robotCount' | 'tickS' | 'stride' | 'random'>;
}

/** Radio totals over the trial, per robot in slot order. */
export interface RadioTotals {
  readonly messagesSent: number[];
  readonly bytesSent: number[];
  readonly messagesReceived: number[];
  readonly bytesReceived: number[];
}

/** What one State left out, per list (the mutable form of the sdk's StateDrops). */
export interface StateDropCounts {
  inbox: number;
  nearbyTags: number;
  nearbyRobots: number;
}

/**
 * What an empty list in a State is: one frozen array (nothing to mutate, so sharing it keeps
 * the copy rule), which spares most robots an allocation per tick.
 */
const NONE: readonly never[] = Object.freeze([]);

export class Comms {
  /** Poses as the radio reads them: x, y, headingRad per slot. */
  private poses = new Float64Array(0);
  private network: RadioNetwork | null = null;
  private nearby: NearbyRobots | null = null;
  private nearbyTick = -1;
  private readonly tags: TagStore;
  private readonly tagHits = new TagHits();
  private readonly pendingTags: { slot: number; xM: number; yM: number; tick: number; payload: Uint8Array }[] = [];
  /** Counters of networks replaced by a rebuild, so totals cover the whole trial. */
  private readonly carried = { messagesSent: [] as number[], bytesSent: [] as number[], messagesReceived: [] as number[], bytesReceived: [] as number[] };
  /** Per slot: the tick of the last broadcast, and how many were sent in it. */
  private sendTick = new Float64Array(0);
  private sendCount = new Int32Array(0);
  /** Per slot: tags deposited (stored or pending). */
  private tagsBy = new Int32Array(0);
  /** Nearest-first selection scratch (indices into a query's results). */
  private order: number[] = [];
  private model: RadioModel = globalModel();
  private networkOptions: CommsConfig['network'] = {};

  constructor(private readonly world: World) {
    this.tags = new TagStore(world.grid, { readRangeM: world.config.tagReadRangeM });
  }

  /** Chooses the radio model; call before the first step. */
  configure(config: CommsConfig): void {
    this.model = config.model;
    this.networkOptions = config.network ?? {};
    this.network = null;
  }

  /** Act phase: stores the tags deposited during the previous control phase. */
  applyDeposits(): void {
    for (const d of this.pendingTags) this.tags.deposit(d.slot, d.xM, d.yM, d.payload, d.tick);
    this.pendingTags.length = 0;
  }

  /** Radio-delivery phase: refresh poses from the physics, deliver due messages. */
  deliver(tick: number): void {
    const t = this.world.table;
    if (!this.network || this.network.robotCount !== t.count) this.rebuild(t.count);
    const poses = this.poses;
    for (let i = 0; i < t.count; i++) {
      // A removed robot's slot stays (indices are stable); a NaN position links to nobody.
      const active = t.active[i] === 1;
      poses[3 * i] = active ? t.xM[i] : Number.NaN;
      poses[3 * i + 1] = active ? t.yM[i] : Number.NaN;
      poses[3 * i + 2] = active ? t.angleRad[i] : 0;
    }
    (this.network as RadioNetwork).deliver(tick, poses);
  }

  private rebuild(robotCount: number): void {
    if (this.network) this.carry(this.network);
    this.poses = new Float64Array(3 * robotCount);
    const cfg = this.world.config;
    this.network = new RadioNetwork(this.world.grid, this.model, {
      ...this.networkOptions,
      robotCount,
      tickS: cfg.physicsStepS * cfg.stepsPerTick,
      stride: 3,
      random: this.world.rng.fork('radio:loss'),
    });
    this.nearby = new NearbyRobots(this.world.grid, robotCount, {
      rangeM: cfg.nearbyRangeM,
      blockedByWalls: cfg.nearbyBlockedByWalls,
      stride: 3,
    });
    this.nearbyTick = -1;
  }

  private carry(network: RadioNetwork): void {
    const c = network.counters;
    for (let i = 0; i < network.robotCount; i++) {
      this.carried.messagesSent[i] = (this.carried.messagesSent[i] ?? 0) + c.messagesSent[i];
      this.carried.bytesSent[i] = (this.carried.bytesSent[i] ?? 0) + c.bytesSent[i];
      this.carried.messagesReceived[i] = (this.carried.messagesReceived[i] ?? 0) + c.messagesReceived[i];
      this.carried.bytesReceived[i] = (this.carried.bytesReceived[i] ?? 0) + c.bytesReceived[i];
    }
  }

  /** Broadcasts robot `slot` has sent in the current tick (MAX_BROADCASTS_PER_TICK is checked against it). */
  broadcastsThisTick(slot: number): number {
    return slot < this.sendTick.length && this.sendTick[slot] === this.world.tick ? this.sendCount[slot] : 0;
  }

  /** Tags robot `slot` has deposited in the trial (including those stored at the next act phase). */
  tagsDepositedBy(slot: number): number {
    return slot < this.tagsBy.length ? this.tagsBy[slot] : 0;
  }

  /** Tags in the trial, including those stored at the next act phase. */
  get tagCount(): number {
    return this.tags.count + this.pendingTags.length;
  }

  broadcast(slot: number, payload: Uint8Array): void {
    const tick = this.world.tick;
    this.sendTick = growArray(this.sendTick, slot + 1, -1);
    this.sendCount = growArray(this.sendCount, slot + 1);
    if (this.sendTick[slot] !== tick) {
      this.sendTick[slot] = tick;
      this.sendCount[slot] = 0;
    }
    this.sendCount[slot]++;
    // Before the first step there is no network yet; nothing can be heard then anyway.
    this.network?.send(slot, payload, tick);
  }

  depositTag(slot: number, payload: Uint8Array): void {
    const t = this.world.table;
    this.tagsBy = growArray(this.tagsBy, slot + 1);
    this.tagsBy[slot]++;
    this.pendingTags.push({ slot, xM: t.xM[slot], yM: t.yM[slot], tick: this.world.tick, payload });
  }

  /**
   * This tick's messages to `slot` in delivery order, as many as fit MAX_INBOX_MESSAGES_PER_TICK
   * and MAX_INBOX_BYTES_PER_TICK; a message that does not fit is dropped (a smaller later one may still fit).
   */
  inbox(slot: number, drops: StateDropCounts): readonly InboxMessage[] {
    drops.inbox = 0;
    const network = this.network;
    if (!network || network.inboxCount(slot) === 0) return NONE;
    const out: InboxMessage[] = [];
    let bytes = 0;
    for (let k = 0; k < network.inboxCount(slot); k++) {
      const size = network.inboxSize(slot, k);
      if (out.length === MAX_INBOX_MESSAGES_PER_TICK || bytes + size > MAX_INBOX_BYTES_PER_TICK) {
        drops.inbox++;
        continue;
      }
      bytes += size;
      out.push({ from: this.world.idOf(network.inboxFrom(slot, k)), sentTick: network.inboxSentTick(slot, k), payload: network.inboxPayload(slot, k) });
    }
    return out;
  }

  /** Robots in sensing range of `slot`, the nearest MAX_NEARBY_ROBOTS_PER_STATE (in slot order, as below the budget). */
  nearbyRobots(slot: number, drops: StateDropCounts): readonly NearbyRobot[] {
    drops.nearbyRobots = 0;
    const nearby = this.nearby;
    if (!nearby) return NONE;
    // Computed once per tick on first demand: poses do not change during control.
    if (this.nearbyTick !== this.world.tick) {
      nearby.update(this.poses);
      this.nearbyTick = this.world.tick;
    }
    if (nearby.count(slot) === 0) return NONE;
    const out: NearbyRobot[] = [];
    for (let k = 0; k < nearby.count(slot); k++) {
      const j = nearby.id(slot, k);
      if (!this.world.table.active[j]) continue;
      out.push({ id: this.world.idOf(j), distanceM: nearby.distanceM(slot, k), bearingRad: nearby.bearingRad(slot, k) });
    }
    drops.nearbyRobots = Math.max(0, out.length - MAX_NEARBY_ROBOTS_PER_STATE);
    if (drops.nearbyRobots === 0) return out;
    // Over budget (a crowd): the nearest, ties by slot order, kept in slot order as below the budget.
    const order = this.nearestFirst(out.length, (k) => out[k].distanceM, MAX_NEARBY_ROBOTS_PER_STATE);
    return order.map((k) => out[k]);
  }

  /**
   * Indices 0..count-1 of the `budget` smallest distances (ties by index), in ascending index
   * order; into the shared scratch array.
   */
  private nearestFirst(count: number, distanceM: (k: number) => number, budget: number): number[] {
    const order = this.order;
    order.length = 0;
    for (let k = 0; k < count; k++) order.push(k);
    if (count <= budget) return order;
    order.sort((a, b) => distanceM(a) - distanceM(b) || a - b);
    order.length = budget;
    return order.sort((a, b) => a - b);
  }

  /** Tags in reading range of `slot`, the nearest MAX_NEARBY_TAGS_PER_STATE (in query order below the budget). */
  nearbyTags(slot: number, drops: StateDropCounts): readonly NearbyTag[] {
    drops.nearbyTags = 0;
    if (this.tags.count === 0) return NONE;
    const t = this.world.table;
    const hits = this.tagHits;
    this.tags.query(t.xM[slot], t.yM[slot], this.world.config.tagReadRangeM, hits);
    drops.nearbyTags = Math.max(0, hits.count - MAX_NEARBY_TAGS_PER_STATE);
    // Over budget: the nearest, ties by query order (deterministic), kept in query order.
    const order = this.nearestFirst(hits.count, (k) => hits.distancesM[k], MAX_NEARBY_TAGS_PER_STATE);
    const out: NearbyTag[] = [];
    for (const k of order) {
      const id = hits.ids[k];
      out.push({ id, xM: this.tags.xOf(id), yM: this.tags.yOf(id), distanceM: hits.distancesM[k], payload: this.tags.payload(id) });
    }
    return out;
  }

  /** Communication groups at the current poses, or null before the first step. */
  groups(): CommunicationGroups | null {
    return this.network ? this.network.groups(this.world.tick, this.poses) : null;
  }

  totals(): RadioTotals {
    const n = this.world.table.count;
    const c = this.network?.counters;
    const sum = (carried: number[], live: Float64Array | undefined): number[] =>
      Array.from({ length: n }, (_, i) => (carried[i] ?? 0) + (live?.[i] ?? 0));
    return {
      messagesSent: sum(this.carried.messagesSent, c?.messagesSent),
      bytesSent: sum(this.carried.bytesSent, c?.bytesSent),
      messagesReceived: sum(this.carried.messagesReceived, c?.messagesReceived),
      bytesReceived: sum(this.carried.bytesReceived, c?.bytesReceived),
    };
  }
}
