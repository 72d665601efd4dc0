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
 * Budgets (docs/limits.md): the counts SimRobot checks before a send or deposit are kept here.
 * What a robot reads (inbox, tags, nearby robots) is built by the sensor plug-ins
 * (sensorRadioInbox.ts, sensorTags.ts, sensorNearbyRobots.ts) from the radio structures this
 * class exposes, cut to the per-State budgets with the rest counted into the reader's
 * `StateDropCounts` (never thrown).
 */
import { globalModel, RadioNetwork, TagStore, type CommunicationGroups, type RadioLinks, type RadioModel, type RadioNetworkOptions } from './radio/index.js';
import { growArray } from './radio/growArray.js';
import type { World } from './World.js';

export interface CommsConfig {
  readonly model: RadioModel;
  /** RadioNetwork options except robotCount, tickS and stride (the world sets those). */
  readonly network?: Omit<RadioNetworkOptions, 'robotCount' | 'tickS' | 'stride' | 'random' | 'scanner'>;
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
  /** The trial's tags (the tags sensor reads them). */
  readonly tags: TagStore;
  private readonly pendingTags: { slot: number; xM: number; yM: number; tick: number; payload: Uint8Array }[] = [];
  /** Counters of networks replaced by a rebuild, so totals cover the whole trial. */
  private readonly carried = { messagesSent: [] as number[], bytesSent: [] as number[], messagesReceived: [] as number[], bytesReceived: [] as number[] };
  /** Per slot: the tick of the last broadcast, and how many were sent in it. */
  private sendTick = new Float64Array(0);
  private sendCount = new Int32Array(0);
  /** Per slot: tags deposited (stored or pending). */
  private tagsBy = new Int32Array(0);
  private model: RadioModel = globalModel();
  private networkOptions: CommsConfig['network'] = {};

  constructor(private readonly world: World) {
    this.tags = new TagStore(world.grid, { readRangeM: world.config.tagReadRangeM });
  }

  /** The radio network, or null before the first step (the inbox sensor reads its deliveries). */
  get radioNetwork(): RadioNetwork | null {
    return this.network;
  }

  /**
   * Poses as the radio reads them (x, y, headingRad per slot; NaN for a removed robot),
   * refreshed every radio-delivery phase; a new array when the network is rebuilt.
   */
  get radioPoses(): Float64Array {
    return this.poses;
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
      scanner: this.world.sensing.lidarThreads,
      wallClearance: this.world.wallClearance,
    });
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
   * Who can hear whom at the current poses (CSR by slot; a removed robot links to nobody), or
   * null before the first step: what the web UI draws. Reading it between ticks computes the
   * links if no delivery needed them this tick; no random draw, so the trial is unchanged.
   */
  links(): RadioLinks | null {
    return this.network ? this.network.linksAt(this.world.tick, this.poses) : null;
  }

  /** Communication groups at the current poses, or null before the first step. */
  groups(): CommunicationGroups | null {
    return this.network ? this.network.groups(this.world.tick, this.poses) : null;
  }

  totals(): RadioTotals {
    const n = this.world.table.count;
    const c = this.network?.counters;
    return {
      messagesSent: sumCounts(n, this.carried.messagesSent, c?.messagesSent),
      bytesSent: sumCounts(n, this.carried.bytesSent, c?.bytesSent),
      messagesReceived: sumCounts(n, this.carried.messagesReceived, c?.messagesReceived),
      bytesReceived: sumCounts(n, this.carried.bytesReceived, c?.bytesReceived),
    };
  }
}

/**
 * Per robot, the counts carried over plus the live ones. A plain loop in a plain function: a
 * recording reads the totals every tick (and a closure made per call costs a name definition
 * under the tsx loader).
 */
function sumCounts(n: number, carried: number[], live: Float64Array | undefined): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = (carried[i] ?? 0) + (live?.[i] ?? 0);
  return out;
}
