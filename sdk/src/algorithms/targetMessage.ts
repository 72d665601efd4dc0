/**
 * A robot's announced exploration target as a radio message (cme announces it, tnf sends it with
 * its map), and what a robot remembers of the targets it heard.
 *
 * Layout, 21 bytes little-endian: 'SGTA' magic, version u8 (1), target x f64, target y f64 (world
 * metres, so it does not depend on the SLAM map's resolution). A message from another robot is
 * hostile input: anything else decodes to null and is counted, never thrown.
 */
import type { InboxMessage } from '../Robot.js';

export const TARGET_MESSAGE_BYTES = 21;
const MAGIC = [0x53, 0x47, 0x54, 0x41];
const VERSION = 1;

export interface TargetPoint {
  readonly xM: number;
  readonly yM: number;
}

export function encodeTargetMessage(target: TargetPoint): Uint8Array {
  const out = new Uint8Array(TARGET_MESSAGE_BYTES);
  out.set(MAGIC, 0);
  out[4] = VERSION;
  const view = new DataView(out.buffer);
  view.setFloat64(5, target.xM, true);
  view.setFloat64(13, target.yM, true);
  return out;
}

/** True when the payload carries the target message magic (of any version). */
export function looksLikeTargetMessage(payload: Uint8Array): boolean {
  return payload.length >= 4 && payload[0] === MAGIC[0] && payload[1] === MAGIC[1] && payload[2] === MAGIC[2] && payload[3] === MAGIC[3];
}

/** The target in a message, or null when the bytes are not a version-1 target message with a finite point. */
export function decodeTargetMessage(payload: Uint8Array): TargetPoint | null {
  if (!(payload instanceof Uint8Array) || payload.length !== TARGET_MESSAGE_BYTES || !looksLikeTargetMessage(payload) || payload[4] !== VERSION) return null;
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const xM = view.getFloat64(5, true);
  const yM = view.getFloat64(13, true);
  return Number.isFinite(xM) && Number.isFinite(yM) ? { xM, yM } : null;
}

interface HeardTarget {
  xM: number;
  yM: number;
  tick: number;
}

/** The latest target heard from each other robot, with the tick it was heard. */
export class HeardTargets {
  /** Messages with the target magic that did not decode. */
  malformed = 0;
  private readonly bySender = new Map<string, HeardTarget>();
  private readonly changed: string[] = [];

  /**
   * Take the target messages of an inbox (others are not this class's business); returns the
   * senders whose target is new or moved, in inbox order (a buffer reused by the next read).
   */
  read(inbox: readonly InboxMessage[], tick: number): readonly string[] {
    const changed = this.changed;
    changed.length = 0;
    for (const message of inbox) {
      if (!looksLikeTargetMessage(message.payload)) continue;
      const target = decodeTargetMessage(message.payload);
      if (target === null) {
        this.malformed++;
        continue;
      }
      const old = this.bySender.get(message.from);
      if (old === undefined) {
        this.bySender.set(message.from, { xM: target.xM, yM: target.yM, tick });
        changed.push(message.from);
        continue;
      }
      if (old.xM !== target.xM || old.yM !== target.yM) changed.push(message.from);
      old.xM = target.xM;
      old.yM = target.yM;
      old.tick = tick;
    }
    return changed;
  }

  /** The target heard from `sender`, if any. */
  get(sender: string): TargetPoint | undefined {
    return this.bySender.get(sender);
  }

  /** Calls `visit` for each target heard at or after `sinceTick`; older ones are forgotten. */
  forEachSince(sinceTick: number, visit: (target: TargetPoint, sender: string) => void): void {
    for (const [sender, target] of this.bySender) {
      if (target.tick < sinceTick) this.bySender.delete(sender);
      else visit(target, sender);
    }
  }
}
