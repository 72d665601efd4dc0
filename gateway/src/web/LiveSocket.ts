/**
 * The binary live stream (WebSocket /api/live/ws): LiveFeed's views of the trial in the
 * protocols package's live wire format (`@swarmgate/protocols/live`), which the page decodes
 * with the same module. At `frameHz` (at most 10) the robots go out as a delta of the robots
 * that changed since the last frame, or as a full frame when most did; at 1 Hz the explored
 * bitmap (the bytes that changed, or all of it) and the fleet table; the map frame and the
 * roster whenever they change (a new trial); the radio links after each frame when they changed
 * (the pairs added and removed, or all of them when that is smaller).
 * Nothing is sent that did not change.
 *
 * Every client follows one baseline: the messages are built once per period for all. A new
 * client gets the full state at once; a client that cannot keep up (its send buffer over
 * MAX_BUFFERED_BYTES) is skipped until it drains, then gets the full state again.
 */
import { encodeLiveMessage, exploredUpdate, type LiveLink, type LiveRobot, type LiveRosterEntry } from '@swarmgate/protocols/live';
import { systemClock, type Clock, type TimerHandle } from '@swarmgate/protocols';
import type { LiveFeed } from './LiveFeed.js';

/** What LiveSocket needs of a WebSocket (the `ws` socket @fastify/websocket hands out). */
export interface LiveSocketClient {
  readonly bufferedAmount: number;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  on(event: 'close', listener: () => void): unknown;
}

export interface LiveSocketOptions {
  readonly feed: LiveFeed;
  /** Robot frames per second, at most 10. */
  readonly frameHz: number;
  readonly clock?: Clock;
}

export const MAX_SOCKET_FRAME_HZ = 10;
/** A client whose unsent bytes exceed this is skipped (and resynchronised once it drains). */
export const MAX_BUFFERED_BYTES = 1 << 20;

/** The wire's view of a robot (float32), so a change is one the wire can show. */
function wireRobot(index: number, robot: ReturnType<LiveFeed['frame']>['robots'][number]): LiveRobot {
  return {
    index,
    x: Math.fround(robot.x),
    y: Math.fround(robot.y),
    headingRad: Math.fround(robot.headingRad),
    status: robot.status,
    online: robot.online,
    estop: robot.estop,
  };
}

const asLinks = (keys: readonly number[]): LiveLink[] => keys.map((key) => ({ a: Math.floor(key / 0x10000), b: key % 0x10000 }));

const sameRobot = (a: LiveRobot, b: LiveRobot): boolean =>
  a.x === b.x && a.y === b.y && a.headingRad === b.headingRad && a.status === b.status && a.online === b.online && a.estop === b.estop;

export class LiveSocket {
  private readonly clients = new Map<LiveSocketClient, { stale: boolean }>();
  private readonly clock: Clock;
  private readonly periodMs: number;
  private readonly framesPerSlow: number;
  private timer: TimerHandle | null = null;
  private cycle = 0;
  // The baseline every synchronised client holds.
  private meta = '';
  private roster: LiveRosterEntry[] = [];
  private robots: LiveRobot[] = [];
  private frameHead = '';
  private explored = new Uint8Array(0);
  private fleet = '';
  /** LiveFeed.links keys (ascending) and total. */
  private links: number[] = [];
  private linksTotal = 0;
  /** LiveFeed.trialSerial of the trial the baseline is of. */
  private trialSerial = -1;

  constructor(private readonly options: LiveSocketOptions) {
    if (!(options.frameHz > 0 && options.frameHz <= MAX_SOCKET_FRAME_HZ)) {
      throw new RangeError(`LiveSocket: frameHz must be in (0, ${MAX_SOCKET_FRAME_HZ}], got ${options.frameHz}`);
    }
    this.clock = options.clock ?? systemClock;
    this.periodMs = 1000 / options.frameHz;
    this.framesPerSlow = Math.max(1, Math.round(options.frameHz));
  }

  get size(): number {
    return this.clients.size;
  }

  /** Starts streaming to `client`: the full state now, the changes from then on. */
  attach(client: LiveSocketClient): void {
    // Bring the baseline up to now for everyone first, so the newcomer's snapshot is the baseline.
    this.update(true);
    this.clients.set(client, { stale: false });
    this.sendSnapshot(client);
    client.on('close', () => {
      this.clients.delete(client);
      if (this.clients.size === 0) this.stopTimer();
    });
    if (this.timer === null) this.timer = this.clock.setTimeout(this.onTimer, this.periodMs);
  }

  /** Closes every client and stops the timer. */
  close(): void {
    this.stopTimer();
    for (const client of this.clients.keys()) client.close(1001, 'gateway stopping');
    this.clients.clear();
  }

  private stopTimer(): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private readonly onTimer = (): void => {
    this.timer = null;
    this.update(++this.cycle % this.framesPerSlow === 0);
    if (this.clients.size > 0) this.timer = this.clock.setTimeout(this.onTimer, this.periodMs);
  };

  /** Brings the baseline up to the trial's state, sending every client what changed. */
  private update(slow: boolean): void {
    const { feed } = this.options;
    const trialSerial = feed.trialSerial();
    const newTrial = trialSerial !== this.trialSerial;
    if (newTrial) {
      // Another trial: every client starts over with its full state, even when its map frame and
      // robot ids are the old one's (a client keeps its map image and explored cells until a meta).
      this.trialSerial = trialSerial;
      this.meta = '';
      this.roster = [];
      this.explored = new Uint8Array(0);
      this.fleet = '';
      slow = true;
    }
    const meta = JSON.stringify(feed.meta());
    if (meta !== this.meta) {
      this.meta = meta;
      this.broadcast(encodeLiveMessage({ kind: 'meta', meta: JSON.parse(meta) }));
    }
    const frame = feed.frame();
    const roster = frame.robots.map((r) => ({ id: r.id, physical: r.kind === 'physical' }));
    let full = false;
    // A new trial's roster is sent even when empty (robots yet to join): the clients hold the old one.
    if (newTrial || roster.length !== this.roster.length || roster.some((r, i) => r.id !== this.roster[i].id || r.physical !== this.roster[i].physical)) {
      this.roster = roster;
      this.broadcast(encodeLiveMessage({ kind: 'roster', robots: roster }));
      this.robots = [];
      full = true;
    }
    const robots = frame.robots.map((robot, index) => wireRobot(index, robot));
    const changed = full ? robots : robots.filter((robot, i) => !sameRobot(robot, this.robots[i]));
    const head = { tick: frame.tick, simSeconds: frame.simSeconds, exploredFraction: frame.exploredFraction, speed: frame.speed, paced: frame.paced };
    const headText = JSON.stringify(head);
    if (full || changed.length > 0 || headText !== this.frameHead) {
      // A delta costs 4 more bytes a robot (its index): past ~3/4 of the robots a full frame is smaller.
      const sendFull = full || changed.length * 18 >= robots.length * 14;
      this.broadcast(encodeLiveMessage({ kind: 'frame', ...head, full: sendFull, robots: sendFull ? robots : changed }));
      this.robots = robots;
      this.frameHead = headText;
    }
    this.updateLinks(full);
    if (!slow) return;
    this.updateExplored(feed.exploredBitmap());
    const fleet = JSON.stringify(feed.fleet());
    if (fleet !== this.fleet) {
      this.fleet = fleet;
      this.broadcast(encodeLiveMessage({ kind: 'fleet', fleet: JSON.parse(fleet) }));
    }
  }

  /** A new roster (whose indices the links use) gets them all; otherwise what changed, if anything. */
  private updateLinks(rosterChanged: boolean): void {
    // The radio computes a tick's links once: reading them again in the same tick costs a walk of at most MAX_LIVE_LINKS.
    const { keys, total } = this.options.feed.links();
    if (rosterChanged) {
      this.broadcast(encodeLiveMessage({ kind: 'links', full: true, total, links: asLinks(keys) }));
    } else {
      const had = new Set(this.links);
      const has = new Set(keys);
      const added = keys.filter((key) => !had.has(key));
      const removed = this.links.filter((key) => !has.has(key));
      if (added.length === 0 && removed.length === 0 && total === this.linksTotal) return;
      // 4 bytes a link either way, and a delta has two counts: a full message when it is no bigger.
      const full = keys.length <= added.length + removed.length + 1;
      this.broadcast(
        encodeLiveMessage(
          full ? { kind: 'links', full, total, links: asLinks(keys) } : { kind: 'links', full, total, added: asLinks(added), removed: asLinks(removed) },
        ),
      );
    }
    this.links = keys;
    this.linksTotal = total;
  }

  private updateExplored(bits: Uint8Array): void {
    const message = exploredUpdate(this.explored, bits);
    if (message === null) return;
    // The feed refills its bitmap on the next call: the socket keeps its own copy.
    this.explored = bits.slice();
    this.broadcast(encodeLiveMessage(message));
  }

  private sendSnapshot(client: LiveSocketClient): void {
    client.send(encodeLiveMessage({ kind: 'meta', meta: JSON.parse(this.meta) }));
    client.send(encodeLiveMessage({ kind: 'roster', robots: this.roster }));
    const head = JSON.parse(this.frameHead) as { tick: number; simSeconds: number; exploredFraction: number; speed: number | null; paced: boolean };
    client.send(encodeLiveMessage({ kind: 'frame', ...head, full: true, robots: this.robots }));
    client.send(encodeLiveMessage({ kind: 'links', full: true, total: this.linksTotal, links: asLinks(this.links) }));
    client.send(encodeLiveMessage({ kind: 'explored', full: true, bits: this.explored }));
    client.send(encodeLiveMessage({ kind: 'fleet', fleet: JSON.parse(this.fleet || '[]') }));
  }

  private broadcast(message: Uint8Array): void {
    for (const [client, state] of this.clients) {
      if (client.bufferedAmount > MAX_BUFFERED_BYTES) {
        state.stale = true;
        continue;
      }
      if (state.stale) {
        // Caught up with its buffer: the full state replaces every change it missed.
        state.stale = false;
        this.sendSnapshot(client);
        continue;
      }
      client.send(message);
    }
  }
}
