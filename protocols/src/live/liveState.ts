/**
 * What a client of the live stream holds, built from its messages (liveWire.ts): the map frame,
 * the roster, every robot's last pose, the explored bitmap, the fleet table and the radio links
 * of the last frame's tick. A delta applies
 * to what came before it; one that cannot (before its full message, a robot beyond the roster,
 * a bitmap of another size) is a ProtocolError, and the client reconnects for a fresh start.
 */
import { ProtocolError } from '../errors.js';
import type { LiveFrameMessage, LiveLink, LiveLinksMessage, LiveMessage, LiveRobot, LiveRosterEntry } from './liveWire.js';

const linkKey = (link: LiveLink): number => link.a * 0x10000 + link.b;

export class LiveWireState {
  meta: unknown = null;
  roster: readonly LiveRosterEntry[] = [];
  /** By roster index; null until a full frame. */
  robots: LiveRobot[] | null = null;
  /** The last frame's header (its robots are in `robots`). */
  frame: Omit<LiveFrameMessage, 'robots'> | null = null;
  explored: Uint8Array | null = null;
  fleet: unknown = null;
  /** Radio links (a < b, ascending); null until a full links message after the roster. */
  links: readonly LiveLink[] | null = null;
  /** Links that tick before the cap (MAX_LIVE_LINKS): more than `links` holds when it was reached. */
  linksTotal = 0;

  apply(message: LiveMessage): void {
    switch (message.kind) {
      case 'meta':
        this.meta = message.meta;
        return;
      case 'fleet':
        this.fleet = message.fleet;
        return;
      case 'roster':
        this.roster = message.robots;
        // Frame and link indices refer to the roster: the next of each must be a full one.
        this.robots = null;
        this.links = null;
        return;
      case 'links':
        this.applyLinks(message);
        return;
      case 'frame':
        this.applyFrame(message);
        return;
      case 'explored':
        if (message.full) {
          this.explored = message.bits;
          return;
        }
        if (this.explored === null || this.explored.length !== message.length) {
          throw new ProtocolError('SG_PROTO_DECODE', `live explored delta for a ${message.length}-byte bitmap, holding ${this.explored?.length ?? 'none'}`);
        }
        for (const change of message.changes) this.explored[change.index] = change.value;
    }
  }

  private applyLinks(message: LiveLinksMessage): void {
    const refuse = (why: string): never => {
      throw new ProtocolError('SG_PROTO_DECODE', `live links ${message.full ? 'message' : 'delta'}: ${why}`);
    };
    const inRoster = (link: LiveLink): void => {
      if (link.b >= this.roster.length) refuse(`link ${link.a}-${link.b} names a robot beyond the roster of ${this.roster.length}`);
    };
    let held: Map<number, LiveLink>;
    if (message.full) {
      held = new Map();
      for (const link of message.links) {
        inRoster(link);
        held.set(linkKey(link), link);
      }
    } else {
      if (this.links === null) refuse('before any full links message');
      held = new Map(this.links!.map((link) => [linkKey(link), link]));
      for (const link of message.removed) if (!held.delete(linkKey(link))) refuse(`removes ${link.a}-${link.b}, which it does not hold`);
      for (const link of message.added) {
        inRoster(link);
        if (held.has(linkKey(link))) refuse(`adds ${link.a}-${link.b}, which it holds already`);
        held.set(linkKey(link), link);
      }
    }
    this.links = [...held.entries()].sort((x, y) => x[0] - y[0]).map((entry) => entry[1]);
    this.linksTotal = message.total;
  }

  private applyFrame(message: LiveFrameMessage): void {
    const { robots, ...header } = message;
    if (message.full) {
      if (robots.length !== this.roster.length) {
        throw new ProtocolError('SG_PROTO_DECODE', `live full frame of ${robots.length} robots for a roster of ${this.roster.length}`);
      }
      this.robots = [...robots];
    } else {
      const held = this.robots;
      if (held === null) throw new ProtocolError('SG_PROTO_DECODE', 'live delta frame before any full frame');
      for (const robot of robots) {
        if (robot.index >= held.length)
          throw new ProtocolError('SG_PROTO_DECODE', `live delta frame names robot ${robot.index}, the roster has ${held.length}`);
        held[robot.index] = robot;
      }
    }
    this.frame = header;
  }
}
