/**
 * The web UI's live stream on the wire (the gateway's WebSocket /api/live/ws): small binary
 * messages, decoded in the browser by this same module (the gateway bundles it for the page).
 * No dependency beyond the error class and ByteWriter, so it runs in a browser as in Node.
 *
 * Every message: byte 0 the version (LIVE_WIRE_VERSION), byte 1 the kind, then (little-endian):
 *
 *   meta      UTF-8 JSON: the map frame (grid size, cell size, origin, robot radius, tick length)
 *   roster    u32 n, then n x (u8 flags: bit 0 physical; u16 id length; UTF-8 id): the robots in
 *             frame order, sent when the set of robots changes
 *   frame     u32 tick, f64 simSeconds, f32 exploredFraction, f32 speed (NaN: not measured yet),
 *             u8 flags (bit 0 paced, bit 1 full), u32 n, then n robots: [u32 roster index, delta
 *             only] f32 x, f32 y, f32 heading (m, m, rad), u8 status, u8 flags (bit 0 online,
 *             bit 1 emergency-stopped). A full frame holds every robot in roster order; a delta
 *             only the robots that changed since the last frame (what pays: a swarm mostly moves,
 *             a paused or finished one sends a header only).
 *   explored  u8 full; full: u32 n + n bytes of the explored bitmap (bit i of byte i >> 3 is grid
 *             cell i, LSB first); delta: u32 bitmap length, u32 n, then n x (u32 byte index, u8 byte)
 *   fleet     UTF-8 JSON: the fleet table rows
 *   links     the radio links of the last frame's tick: pairs of roster indices a < b that can
 *             talk under the trial's radio model. u8 full, u32 total (links that tick, before the
 *             cap), then full: u32 n + n x (u16 a, u16 b), ascending; delta: u32 n added + pairs,
 *             u32 n removed + pairs. At most MAX_LIVE_LINKS pairs are held (docs/limits.md).
 *
 * A track (a recording replayed in the page: GET /api/recordings/{name}/replay) is a sequence of
 * these messages, each as u32 byte length then the message: meta, roster, then full frames in
 * time order, an explored message standing just before the frame whose time it holds.
 *
 * A decoder refuses anything else with a ProtocolError naming what was wrong, never a crash.
 */
import { ProtocolError } from '../errors.js';
import { ByteWriter } from '../common/ByteWriter.js';
import { MAX_LIVE_LINKS } from '../limits.js';

/** 2: the `links` kind (a version-1 reader would refuse it as an unknown kind; this says why). */
export const LIVE_WIRE_VERSION = 2;

const KINDS = ['meta', 'roster', 'frame', 'explored', 'fleet', 'links'] as const;
export type LiveMessageKind = (typeof KINDS)[number];

/** A robot's status on the wire, by index (the SDK's RobotStatus names). */
export const LIVE_ROBOT_STATUSES = ['idle', 'moving', 'rotating', 'driving'] as const;
export type LiveRobotStatus = (typeof LIVE_ROBOT_STATUSES)[number];

export interface LiveRosterEntry {
  readonly id: string;
  readonly physical: boolean;
}

export interface LiveRobot {
  /** Position in the roster. */
  readonly index: number;
  readonly x: number;
  readonly y: number;
  readonly headingRad: number;
  readonly status: LiveRobotStatus;
  readonly online: boolean;
  readonly estop: boolean;
}

export interface LiveFrameMessage {
  readonly kind: 'frame';
  readonly tick: number;
  readonly simSeconds: number;
  readonly exploredFraction: number;
  readonly speed: number | null;
  readonly paced: boolean;
  /** Every robot (true) or only those that changed (false). */
  readonly full: boolean;
  readonly robots: readonly LiveRobot[];
}

export type LiveExploredMessage =
  | { readonly kind: 'explored'; readonly full: true; readonly bits: Uint8Array }
  | {
      readonly kind: 'explored';
      readonly full: false;
      readonly length: number;
      readonly changes: readonly { readonly index: number; readonly value: number }[];
    };

/** A radio link between robots `a` < `b` (roster indices). */
export interface LiveLink {
  readonly a: number;
  readonly b: number;
}

export type LiveLinksMessage =
  | { readonly kind: 'links'; readonly full: true; readonly total: number; readonly links: readonly LiveLink[] }
  | { readonly kind: 'links'; readonly full: false; readonly total: number; readonly added: readonly LiveLink[]; readonly removed: readonly LiveLink[] };

export type LiveMessage =
  | { readonly kind: 'meta'; readonly meta: unknown }
  | { readonly kind: 'roster'; readonly robots: readonly LiveRosterEntry[] }
  | LiveFrameMessage
  | LiveExploredMessage
  | { readonly kind: 'fleet'; readonly fleet: unknown }
  | LiveLinksMessage;

const ROBOT_BYTES = 14;
const LINK_BYTES = 4;

function header(kind: LiveMessageKind): ByteWriter {
  const w = new ByteWriter();
  w.u8(LIVE_WIRE_VERSION);
  w.u8(KINDS.indexOf(kind) + 1);
  return w;
}

function checkU32(what: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff)
    throw new ProtocolError('SG_PROTO_DECODE', `live message: ${what} must be a u32, got ${value}`);
}

function writeLinks(w: ByteWriter, links: readonly LiveLink[]): void {
  if (links.length > MAX_LIVE_LINKS)
    throw new ProtocolError('SG_PROTO_DECODE', `live message: ${links.length} links, more than MAX_LIVE_LINKS (${MAX_LIVE_LINKS})`);
  w.u32(links.length);
  for (const { a, b } of links) {
    if (!(Number.isInteger(a) && Number.isInteger(b) && a >= 0 && a < b && b <= 0xffff))
      throw new ProtocolError('SG_PROTO_DECODE', `live message: link ${a}-${b} is not two u16 robot indices a < b`);
    w.u16(a);
    w.u16(b);
  }
}

export function encodeLiveMessage(message: LiveMessage): Uint8Array {
  const w = header(message.kind);
  switch (message.kind) {
    case 'meta':
      w.raw(new TextEncoder().encode(JSON.stringify(message.meta)));
      break;
    case 'fleet':
      w.raw(new TextEncoder().encode(JSON.stringify(message.fleet)));
      break;
    case 'roster': {
      w.u32(message.robots.length);
      for (const robot of message.robots) {
        const id = new TextEncoder().encode(robot.id);
        if (id.length > 0xffff) throw new ProtocolError('SG_PROTO_DECODE', `live message: robot id of ${id.length} bytes is too long`);
        w.u8(robot.physical ? 1 : 0);
        w.u16(id.length);
        w.raw(id);
      }
      break;
    }
    case 'frame': {
      checkU32('tick', message.tick);
      w.u32(message.tick);
      w.f64(message.simSeconds);
      w.f32(message.exploredFraction);
      w.f32(message.speed ?? Number.NaN);
      w.u8((message.paced ? 1 : 0) | (message.full ? 2 : 0));
      w.u32(message.robots.length);
      for (const robot of message.robots) {
        if (!message.full) {
          checkU32('robot index', robot.index);
          w.u32(robot.index);
        }
        w.f32(robot.x);
        w.f32(robot.y);
        w.f32(robot.headingRad);
        w.u8(LIVE_ROBOT_STATUSES.indexOf(robot.status));
        w.u8((robot.online ? 1 : 0) | (robot.estop ? 2 : 0));
      }
      break;
    }
    case 'explored': {
      w.u8(message.full ? 1 : 0);
      if (message.full) {
        w.u32(message.bits.length);
        w.raw(message.bits);
      } else {
        checkU32('bitmap length', message.length);
        w.u32(message.length);
        w.u32(message.changes.length);
        for (const change of message.changes) {
          checkU32('bitmap index', change.index);
          w.u32(change.index);
          w.u8(change.value);
        }
      }
      break;
    }
    case 'links': {
      checkU32('link total', message.total);
      w.u8(message.full ? 1 : 0);
      w.u32(message.total);
      if (message.full) writeLinks(w, message.links);
      else {
        writeLinks(w, message.added);
        writeLinks(w, message.removed);
      }
      break;
    }
  }
  return w.done();
}

/** A bounds-checked little-endian reader: reading past the end is a ProtocolError naming the message. */
class Reader {
  private readonly view: DataView;
  at = 2;

  constructor(
    readonly bytes: Uint8Array,
    private readonly kind: LiveMessageKind,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  need(n: number, what: string): void {
    if (this.at + n > this.bytes.length) {
      throw new ProtocolError(
        'SG_PROTO_DECODE',
        `live ${this.kind} message truncated: ${what} needs ${n} bytes at byte ${this.at}, the message has ${this.bytes.length}`,
      );
    }
  }
  u8(what: string): number {
    this.need(1, what);
    return this.view.getUint8(this.at++);
  }
  u16(what: string): number {
    this.need(2, what);
    const v = this.view.getUint16(this.at, true);
    this.at += 2;
    return v;
  }
  u32(what: string): number {
    this.need(4, what);
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }
  f32(what: string): number {
    this.need(4, what);
    const v = this.view.getFloat32(this.at, true);
    this.at += 4;
    return v;
  }
  f64(what: string): number {
    this.need(8, what);
    const v = this.view.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }
  raw(n: number, what: string): Uint8Array {
    this.need(n, what);
    const out = this.bytes.slice(this.at, this.at + n);
    this.at += n;
    return out;
  }
  rest(): Uint8Array {
    return this.bytes.subarray(this.at);
  }
  /** A count of items of `itemBytes` each: refused before anything is allocated when the bytes cannot hold it. */
  count(itemBytes: number, what: string): number {
    const n = this.u32(what);
    if (n * itemBytes > this.bytes.length - this.at) {
      throw new ProtocolError('SG_PROTO_DECODE', `live ${this.kind} message: ${what} ${n} needs ${n * itemBytes} bytes, ${this.bytes.length - this.at} left`);
    }
    return n;
  }
  end(): void {
    if (this.at !== this.bytes.length) {
      throw new ProtocolError('SG_PROTO_DECODE', `live ${this.kind} message: ${this.bytes.length - this.at} bytes after its end`);
    }
  }
}

function json(reader: Reader): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(reader.rest()));
  } catch (error) {
    throw new ProtocolError('SG_PROTO_DECODE', `live message: its JSON does not parse (${(error as Error).message})`);
  }
}

function readLinks(r: Reader, what: string): LiveLink[] {
  const n = r.count(LINK_BYTES, `${what} count`);
  if (n > MAX_LIVE_LINKS) throw new ProtocolError('SG_PROTO_DECODE', `live links message: ${n} ${what} links, more than MAX_LIVE_LINKS (${MAX_LIVE_LINKS})`);
  const links: LiveLink[] = [];
  for (let i = 0; i < n; i++) {
    const a = r.u16('link a');
    const b = r.u16('link b');
    if (a >= b) throw new ProtocolError('SG_PROTO_DECODE', `live links message: ${what} link ${i} is ${a}-${b}, not a < b`);
    links.push({ a, b });
  }
  return links;
}

export function decodeLiveMessage(bytes: Uint8Array): LiveMessage {
  if (bytes.length < 2) throw new ProtocolError('SG_PROTO_DECODE', `live message of ${bytes.length} bytes: too short for its version and kind`);
  if (bytes[0] !== LIVE_WIRE_VERSION) throw new ProtocolError('SG_PROTO_VERSION', `live message version ${bytes[0]}, this side speaks ${LIVE_WIRE_VERSION}`);
  const kind = KINDS[bytes[1] - 1];
  if (kind === undefined)
    throw new ProtocolError('SG_PROTO_DECODE', `live message kind ${bytes[1]} is not one of ${KINDS.map((k, i) => `${i + 1} ${k}`).join(', ')}`);
  const r = new Reader(bytes, kind);
  switch (kind) {
    case 'meta':
      return { kind, meta: json(r) };
    case 'fleet':
      return { kind, fleet: json(r) };
    case 'roster': {
      const n = r.count(3, 'robot count');
      const robots: LiveRosterEntry[] = [];
      const utf8 = new TextDecoder('utf-8', { fatal: true });
      for (let i = 0; i < n; i++) {
        const physical = (r.u8('robot flags') & 1) === 1;
        const id = r.raw(r.u16('id length'), 'robot id');
        try {
          robots.push({ id: utf8.decode(id), physical });
        } catch {
          throw new ProtocolError('SG_PROTO_DECODE', `live roster message: robot ${i}'s id is not UTF-8`);
        }
      }
      r.end();
      return { kind, robots };
    }
    case 'frame': {
      const tick = r.u32('tick');
      const simSeconds = r.f64('simSeconds');
      const exploredFraction = r.f32('exploredFraction');
      const speed = r.f32('speed');
      const flags = r.u8('flags');
      const full = (flags & 2) === 2;
      const n = r.count(full ? ROBOT_BYTES - 4 : ROBOT_BYTES, 'robot count');
      const robots: LiveRobot[] = [];
      for (let i = 0; i < n; i++) {
        const index = full ? i : r.u32('robot index');
        const x = r.f32('x');
        const y = r.f32('y');
        const headingRad = r.f32('heading');
        const statusIndex = r.u8('status');
        const status = LIVE_ROBOT_STATUSES[statusIndex];
        if (status === undefined)
          throw new ProtocolError(
            'SG_PROTO_DECODE',
            `live frame message: robot ${index} has status ${statusIndex}, not one of 0..${LIVE_ROBOT_STATUSES.length - 1}`,
          );
        const robotFlags = r.u8('robot flags');
        robots.push({ index, x, y, headingRad, status, online: (robotFlags & 1) === 1, estop: (robotFlags & 2) === 2 });
      }
      r.end();
      return { kind, tick, simSeconds, exploredFraction, speed: Number.isNaN(speed) ? null : speed, paced: (flags & 1) === 1, full, robots };
    }
    case 'explored': {
      const full = r.u8('full') === 1;
      if (full) {
        const bits = r.raw(r.u32('bitmap length'), 'bitmap');
        r.end();
        return { kind, full, bits };
      }
      const length = r.u32('bitmap length');
      const n = r.count(5, 'change count');
      const changes: { index: number; value: number }[] = [];
      for (let i = 0; i < n; i++) {
        const index = r.u32('byte index');
        if (index >= length) throw new ProtocolError('SG_PROTO_DECODE', `live explored message: byte index ${index} beyond the bitmap's ${length} bytes`);
        changes.push({ index, value: r.u8('byte') });
      }
      r.end();
      return { kind, full, length, changes };
    }
    case 'links': {
      const full = r.u8('full') === 1;
      const total = r.u32('link total');
      if (full) {
        const links = readLinks(r, 'held');
        if (links.length > total) throw new ProtocolError('SG_PROTO_DECODE', `live links message: ${links.length} links, more than the total ${total}`);
        r.end();
        return { kind, full, total, links };
      }
      const added = readLinks(r, 'added');
      const removed = readLinks(r, 'removed');
      r.end();
      return { kind, full, total, added, removed };
    }
  }
}

/**
 * The explored message that takes a client holding `held` to `bits`: the changed bytes, or the
 * whole bitmap when that is smaller (5 bytes a changed byte: past a fifth of the bitmap) or its
 * size changed; null when nothing changed.
 */
export function exploredUpdate(held: Uint8Array | null, bits: Uint8Array): LiveExploredMessage | null {
  if (held === null || held.length !== bits.length) return { kind: 'explored', full: true, bits };
  const changes: { index: number; value: number }[] = [];
  for (let i = 0; i < bits.length; i++) if (bits[i] !== held[i]) changes.push({ index: i, value: bits[i] });
  if (changes.length === 0) return null;
  return changes.length * 5 >= bits.length ? { kind: 'explored', full: true, bits } : { kind: 'explored', full: false, length: bits.length, changes };
}

/** A track being written: each message as its u32 byte length then its bytes, encoded as it is added (a long track is never a list of objects). */
export class LiveTrackWriter {
  private readonly w = new ByteWriter();

  add(message: LiveMessage): void {
    const bytes = encodeLiveMessage(message);
    this.w.u32(bytes.length);
    this.w.raw(bytes);
  }

  done(): Uint8Array {
    return this.w.done();
  }
}

/** A track of these messages. */
export function encodeLiveTrack(messages: readonly LiveMessage[]): Uint8Array {
  const track = new LiveTrackWriter();
  for (const message of messages) track.add(message);
  return track.done();
}

/** The messages of a track, each decoded as decodeLiveMessage does; a truncated track or a bad message is a ProtocolError naming where. */
export function decodeLiveTrack(bytes: Uint8Array): LiveMessage[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const messages: LiveMessage[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length)
      throw new ProtocolError('SG_PROTO_DECODE', `live track truncated: message ${messages.length}'s length needs 4 bytes at byte ${at}`);
    const length = view.getUint32(at, true);
    at += 4;
    if (length > bytes.length - at) {
      throw new ProtocolError(
        'SG_PROTO_DECODE',
        `live track truncated: message ${messages.length} of ${length} bytes at byte ${at}, ${bytes.length - at} left`,
      );
    }
    try {
      messages.push(decodeLiveMessage(bytes.subarray(at, at + length)));
    } catch (error) {
      // The inner error's own code prefix would repeat this one's.
      const reason = (error as Error).message.replace(/^[A-Z_]+: /, '');
      throw new ProtocolError('SG_PROTO_DECODE', `live track message ${messages.length} at byte ${at}: ${reason}`, { cause: error });
    }
    at += length;
  }
  return messages;
}
