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
 */
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

  broadcast(slot: number, payload: Uint8Array): void {
    // Before the first step there is no network yet; nothing can be heard then anyway.
    this.network?.send(slot, payload, this.world.tick);
  }

  depositTag(slot: number, payload: Uint8Array): void {
    const t = this.world.table;
    this.pendingTags.push({ slot, xM: t.xM[slot], yM: t.yM[slot], tick: this.world.tick, payload });
  }

  inbox(slot: number): InboxMessage[] {
    const network = this.network;
    if (!network) return [];
    const out: InboxMessage[] = [];
    for (let k = 0; k < network.inboxCount(slot); k++) {
      out.push({
        from: this.world.idOf(network.inboxFrom(slot, k)),
        sentTick: network.inboxSentTick(slot, k),
        payload: network.inboxPayload(slot, k),
      });
    }
    return out;
  }

  nearbyRobots(slot: number): NearbyRobot[] {
    const nearby = this.nearby;
    if (!nearby) return [];
    // Computed once per tick on first demand: poses do not change during control.
    if (this.nearbyTick !== this.world.tick) {
      nearby.update(this.poses);
      this.nearbyTick = this.world.tick;
    }
    const out: NearbyRobot[] = [];
    for (let k = 0; k < nearby.count(slot); k++) {
      const j = nearby.id(slot, k);
      if (!this.world.table.active[j]) continue;
      out.push({ id: this.world.idOf(j), distanceM: nearby.distanceM(slot, k), bearingRad: nearby.bearingRad(slot, k) });
    }
    return out;
  }

  nearbyTags(slot: number): NearbyTag[] {
    const t = this.world.table;
    const hits = this.tagHits;
    this.tags.query(t.xM[slot], t.yM[slot], this.world.config.tagReadRangeM, hits);
    const out: NearbyTag[] = [];
    for (let k = 0; k < hits.count; k++) {
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
