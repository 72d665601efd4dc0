/**
 * What a client of the live stream holds, built from its messages (liveWire.ts): the map frame,
 * the roster, every robot's last pose, the explored bitmap and the fleet table. A delta applies
 * to what came before it; one that cannot (before its full message, a robot beyond the roster,
 * a bitmap of another size) is a ProtocolError, and the client reconnects for a fresh start.
 */
import { ProtocolError } from '../errors.js';
import type { LiveFrameMessage, LiveMessage, LiveRobot, LiveRosterEntry } from './liveWire.js';

export class LiveWireState {
  meta: unknown = null;
  roster: readonly LiveRosterEntry[] = [];
  /** By roster index; null until a full frame. */
  robots: LiveRobot[] | null = null;
  /** The last frame's header (its robots are in `robots`). */
  frame: Omit<LiveFrameMessage, 'robots'> | null = null;
  explored: Uint8Array | null = null;
  fleet: unknown = null;

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
        // Frame indices refer to the roster: the next frame must be a full one.
        this.robots = null;
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
