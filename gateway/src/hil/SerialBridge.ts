/**
 * The gateway's serial transport: one robot per port, COBS + CRC frames from protocols.
 *
 * Ports are given (`--serial PATH`) or discovered with SerialPort.list filtered by USB vendor
 * id (on a machine without udev, listing fails: logged once, given ports still work). A port
 * that disappears (unplugged, socat killed) is reopened with capped exponential backoff and
 * jitter on the injected clock; link state is reported as explicit events per port. CRC,
 * decode and framing errors are counted per port and logged at warn, never thrown: the
 * decoder resynchronises at the next frame delimiter.
 *
 * An open port is also watched for its device node: when a pty's master or a USB adapter goes,
 * the node vanishes, but Linux may hang the tty up so that reads return 0 bytes instead of an
 * error, and the serialport binding then re-reads forever without ever closing the port.
 */
import { EventEmitter } from 'node:events';
import { access } from 'node:fs/promises';
import { SerialPort } from 'serialport';
import {
  FrameDecoder,
  MONA_SPEC,
  ProtocolError,
  encodeEnvelopeFrame,
  keepSerialPollInterests,
  makeEnvelope,
  type Envelope,
  type EnvelopeBodyInit,
  type FrameDecoderCounters,
  systemClock,
  type Clock,
  type TimerHandle,
  Backoff,
  type BackoffOptions,
  type LinkState,
} from '@swarmgate/protocols';
import { stderrLogger, type Logger } from './Logger.js';
import { ID_REFUSED_CODE, REQUEST_BIRTH_BODY, admitBirth, askForBirth, deliverUplink, type UplinkEvents, type UplinkSink } from './deliverUplink.js';
import type { RobotRegistry } from './RobotRegistry.js';
import type { LinkStateEvent, RobotLinkPlugin } from './RobotLink.js';

export type SerialPortInfo = Awaited<ReturnType<typeof SerialPort.list>>[number];

export interface SerialBridgeOptions {
  readonly registry: RobotRegistry;
  /** Ports to open, e.g. /dev/ttyUSB0 or a stable /dev/serial/by-id/... link. */
  readonly ports?: readonly string[];
  /** Also open every listed port whose USB vendor id is one of these (hex, any case). */
  readonly discoverVendorIds?: readonly string[];
  /** How often discovery lists ports again, ms (0: only at start). */
  readonly discoverIntervalMs?: number;
  readonly baudRate?: number;
  readonly backoff?: BackoffOptions;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** SerialPort.list by default; injectable because ptys have no USB vendor id. */
  readonly listPorts?: () => Promise<SerialPortInfo[]>;
  /** How often an open port's device node is checked for, ms (default 250). */
  readonly presenceCheckMs?: number;
}

export interface SerialPortCounters extends FrameDecoderCounters {
  bytesOut: number;
  framesOut: number;
  /** Frames whose robot id is not the robot born on this port. */
  mismatches: number;
  /** Births refused by admission (answered with an Error frame). */
  refusedBirths: number;
  reopens: number;
  /** Segments that are no frame at all (not COBS, or too short for a CRC); `garbageBytes` has their size. */
  garbageSegments: number;
  /** Frames whose handling threw (our fault; that frame only). */
  failures: number;
}

/** Over every port, in the shape the trial counts a link's uplink faults in (MqttBridge's names). */
export interface SerialFaultCounters {
  /** Segments refused before they were a message: CRC errors, undecodable, oversize, garbage. */
  readonly decodeErrors: number;
  /** Frames from a robot not born on their port, or of a kind no robot sends. */
  readonly mismatches: number;
  readonly failures: number;
}

export interface SerialBridgeEvents extends UplinkEvents {
  link: [event: LinkStateEvent];
}

/** One port: its handle, decoder, counters, backoff and the robot born on it. */
class PortLink {
  port: SerialPort | null = null;
  robotId: string | null = null;
  /** The id of the latest Birth on this port that admission refused (its traffic is dropped quietly). */
  refusedId: string | null = null;
  /** Why the port last failed to open (logged once per reason, not once per retry); null once open. */
  openFailure: string | null = null;
  state: LinkState = 'closed';
  timer: TimerHandle | null = null;
  presenceTimer: TimerHandle | null = null;
  readonly decoder = new FrameDecoder();
  readonly counters: SerialPortCounters;
  readonly backoff: Backoff;
  /** Per port: a robot heard here without a Birth is asked for one on this port. */
  readonly uplink: UplinkSink;

  constructor(
    readonly path: string,
    backoffOptions: BackoffOptions | undefined,
    uplinkOf: (link: PortLink) => UplinkSink,
  ) {
    this.backoff = new Backoff(backoffOptions);
    this.uplink = uplinkOf(this);
    // The decoder's own counters object, extended: one place per port to read everything.
    this.counters = Object.assign(this.decoder.counters, {
      bytesOut: 0,
      framesOut: 0,
      mismatches: 0,
      refusedBirths: 0,
      reopens: 0,
      garbageSegments: 0,
      failures: 0,
    });
  }
}

export class SerialBridge extends EventEmitter<SerialBridgeEvents> implements RobotLinkPlugin {
  readonly name = 'serial';
  private readonly links = new Map<string, PortLink>();
  private readonly byRobot = new Map<string, PortLink>();
  private readonly clock: Clock;
  private readonly logger: Logger;
  private discoverTimer: TimerHandle | null = null;
  private stopping = false;
  private seq = 0;
  private listFailureLogged = false;

  constructor(private readonly options: SerialBridgeOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? stderrLogger;
  }

  /** Starts opening every given port (and discovery); does not wait for robots. */
  async start(): Promise<void> {
    this.stopping = false;
    for (const path of this.options.ports ?? []) this.addPort(path);
    if (this.options.discoverVendorIds?.length) await this.discover();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.discoverTimer) this.clock.clearTimeout(this.discoverTimer);
    this.discoverTimer = null;
    await Promise.all([...this.links.values()].map((link) => this.closePort(link)));
  }

  /** Per-port counters (live object), or undefined for a port never added. */
  countersOf(path: string): Readonly<SerialPortCounters> | undefined {
    return this.links.get(path)?.counters;
  }

  /** Faults summed over every port, read by the live trial (GET /api/trial `faults.uplink`). */
  get counters(): SerialFaultCounters {
    let decodeErrors = 0;
    let mismatches = 0;
    let failures = 0;
    for (const { counters } of this.links.values()) {
      decodeErrors += counters.crcErrors + counters.decodeErrors + counters.oversize + counters.garbageSegments;
      mismatches += counters.mismatches;
      failures += counters.failures;
    }
    return { decodeErrors, mismatches, failures };
  }

  stateOf(path: string): LinkState | undefined {
    return this.links.get(path)?.state;
  }

  paths(): string[] {
    return [...this.links.keys()];
  }

  carries(robotId: string): boolean {
    const link = this.byRobot.get(robotId);
    // Still held by this port: a robot that moved to another link is driven there.
    return link?.state === 'online' && this.options.registry.channelOf(robotId) === `serial:${link.path}`;
  }

  send(robotId: string, body: EnvelopeBodyInit): boolean {
    const link = this.byRobot.get(robotId);
    return link ? this.write(link, robotId, body) : false;
  }

  broadcast(body: EnvelopeBodyInit): number {
    let sends = 0;
    // A port whose robot has not sent its Birth yet still gets it, addressed to nobody.
    for (const link of this.links.values()) sends += Number(this.write(link, link.robotId ?? '', body));
    return sends;
  }

  private write(link: PortLink, robotId: string, body: EnvelopeBodyInit): boolean {
    if (link.state !== 'online' || !link.port) return false;
    let frame: Uint8Array;
    try {
      frame = encodeEnvelopeFrame(makeEnvelope(robotId, body, this.nextSeq(), this.clock.nowMs()));
    } catch (error) {
      // Our own fault (a body too large for a serial frame): say so, do not kill the caller.
      this.logger.error('serial: cannot frame message', { path: link.path, error: (error as ProtocolError).message });
      return false;
    }
    link.port.write(Buffer.from(frame));
    link.counters.bytesOut += frame.length;
    link.counters.framesOut++;
    return true;
  }

  private nextSeq(): number {
    this.seq = (this.seq + 1) >>> 0;
    return this.seq;
  }

  private setState(link: PortLink, state: LinkState, extra: { delayMs?: number; reason?: string } = {}): void {
    link.state = state;
    this.emit('link', { link: `serial:${link.path}`, state, ...extra });
  }

  private addPort(path: string): void {
    if (this.links.has(path)) return;
    const link = new PortLink(path, this.options.backoff, (port) => ({
      link: 'serial',
      registry: this.options.registry,
      events: this,
      logger: this.logger,
      requestBirth: (robotId) => this.write(port, robotId, REQUEST_BIRTH_BODY),
    }));
    this.links.set(path, link);
    link.decoder.on('frame', ({ envelope }) => {
      // Runs from the port's data handler, where an exception would end the process.
      try {
        this.onFrame(link, envelope);
      } catch (error) {
        link.counters.failures++;
        this.logger.error('serial: handling a frame failed', { path: link.path, error: error instanceof Error ? error.message : String(error) });
      }
    });
    link.decoder.on('crcError', () => this.logger.warn('serial: CRC error, frame dropped', { path }));
    link.decoder.on('decodeError', ({ error }) => this.logger.warn('serial: undecodable frame dropped', { path, error: error.message }));
    link.decoder.on('garbage', ({ segmentBytes }) => {
      link.counters.garbageSegments++;
      this.logger.warn('serial: garbage bytes skipped', { path, segmentBytes });
    });
    link.decoder.on('oversize', ({ segmentBytes }) => this.logger.warn('serial: oversize segment skipped', { path, segmentBytes }));
    this.setState(link, 'connecting');
    this.open(link);
  }

  private open(link: PortLink): void {
    const port = new SerialPort({ path: link.path, baudRate: this.options.baudRate ?? MONA_SPEC.serialBaud, autoOpen: false });
    link.port = port;
    port.on('data', (chunk: Buffer) => link.decoder.push(chunk));
    port.on('error', (error) => this.logger.warn('serial: port error', { path: link.path, error: error.message }));
    port.on('close', () => this.onPortClosed(link, port, 'port closed'));
    port.open((error) => {
      if (link.port !== port) return;
      if (error) {
        // Expected while a device is unplugged: the retry is the handling, so no throw; but a
        // mistyped path or a missing permission must be said, once.
        if (error.message !== link.openFailure) {
          link.openFailure = error.message;
          this.logger.warn('serial: cannot open the port; retrying with backoff', { path: link.path, error: error.message });
        }
        this.onPortClosed(link, port, `SG_SERIAL_OPEN: cannot open ${link.path}: ${error.message}`);
        return;
      }
      link.openFailure = null;
      // A write waiting for room must not lose its wakeup to the read loop (see protocols).
      keepSerialPollInterests(port);
      link.backoff.reset();
      this.setState(link, 'online');
      this.watchPresence(link, port);
    });
  }

  private watchPresence(link: PortLink, port: SerialPort): void {
    link.presenceTimer = this.clock.setTimeout(() => {
      link.presenceTimer = null;
      void access(link.path).then(
        () => {
          if (link.port === port) this.watchPresence(link, port);
        },
        () => {
          if (link.port !== port) return;
          this.onPortClosed(link, port, 'device node vanished');
          // Closing ends the binding's read loop; the 'close' event it fires is now stale.
          if (port.isOpen) port.close(() => undefined);
        },
      );
    }, this.options.presenceCheckMs ?? 250);
  }

  private onPortClosed(link: PortLink, port: SerialPort, reason: string): void {
    if (link.port !== port) return; // a stale handle's late event
    link.port = null;
    if (this.stopping) return;
    if (link.state === 'online') {
      this.setState(link, 'offline', { reason });
      if (link.robotId) this.options.registry.linkLost(link.robotId, `serial:${link.path}`);
    }
    if (link.timer) return;
    const delayMs = link.backoff.nextDelayMs();
    link.timer = this.clock.setTimeout(() => {
      link.timer = null;
      if (this.stopping) return;
      link.counters.reopens++;
      this.setState(link, 'reconnecting', { delayMs });
      this.open(link);
    }, delayMs);
  }

  private closePort(link: PortLink): Promise<void> {
    if (link.timer) this.clock.clearTimeout(link.timer);
    if (link.presenceTimer) this.clock.clearTimeout(link.presenceTimer);
    link.timer = null;
    link.presenceTimer = null;
    const port = link.port;
    link.port = null;
    this.setState(link, 'closed');
    if (!port?.isOpen) return Promise.resolve();
    return new Promise((resolve) => port.close(() => resolve()));
  }

  private onFrame(link: PortLink, envelope: Envelope): void {
    const robotId = envelope.robotId;
    if (envelope.body === 'birth') {
      // A port carries one robot; an admitted Birth (after a reboot, maybe with a new id)
      // re-binds it. Bound before admission, whose 'birth' event may send to the robot at once
      // (a latched emergency stop); a refused Birth changes nothing, so the binding is undone.
      const previousId = link.robotId;
      const previousPort = this.byRobot.get(robotId);
      this.bind(link, robotId);
      const conflict = admitBirth(link.uplink, robotId, envelope.birth!, `serial:${link.path}`);
      if (conflict) {
        this.bind(link, previousId);
        // The id's holder on another port keeps it (the newcomer is refused, never a takeover).
        if (previousPort !== undefined && previousPort !== link) this.byRobot.set(robotId, previousPort);
        link.refusedId = robotId;
        link.counters.refusedBirths++;
        this.write(link, robotId, { error: { code: ID_REFUSED_CODE, message: conflict.reason.slice(0, 200), refSeq: envelope.seq } });
        return;
      }
      link.refusedId = null;
      return;
    }
    if (robotId === link.refusedId) {
      // Told once per Birth; its Telemetry at 10 Hz would otherwise flood the log.
      link.counters.mismatches++;
      return;
    }
    if (robotId !== link.robotId) {
      link.counters.mismatches++;
      this.logger.warn('serial: frame from a robot not born on this port', { path: link.path, robotId, born: link.robotId });
      // Its Birth was lost (a noisy line, or sent before the port opened): ask on this port.
      askForBirth(link.uplink, robotId);
      return;
    }
    if (deliverUplink(link.uplink, robotId, envelope, `serial:${link.path}`)) return;
    // Gateway-to-robot kinds (cmd, motor, state) and tracker poses never come up a serial line.
    link.counters.mismatches++;
    this.logger.warn('serial: unexpected message kind from robot', { path: link.path, robotId, kind: envelope.body });
  }

  /** Makes `robotId` (or nobody) the robot this port carries. */
  private bind(link: PortLink, robotId: string | null): void {
    if (link.robotId !== null && this.byRobot.get(link.robotId) === link) this.byRobot.delete(link.robotId);
    link.robotId = robotId;
    if (robotId !== null) this.byRobot.set(robotId, link);
  }

  private async discover(): Promise<void> {
    const vendorIds = new Set((this.options.discoverVendorIds ?? []).map((id) => id.toLowerCase()));
    try {
      const ports = await (this.options.listPorts ?? (() => SerialPort.list()))();
      for (const info of ports) {
        if (info.vendorId && vendorIds.has(info.vendorId.toLowerCase())) this.addPort(info.path);
      }
    } catch (error) {
      // Typically no udev in a container: discovery is a convenience, given ports still work.
      if (!this.listFailureLogged) {
        this.listFailureLogged = true;
        this.logger.warn('serial: cannot list ports (no udev?); give --serial PATH explicitly', { error: (error as Error).message });
      }
    }
    const intervalMs = this.options.discoverIntervalMs ?? 0;
    if (intervalMs > 0 && !this.stopping) {
      this.discoverTimer = this.clock.setTimeout(() => void this.discover(), intervalMs);
    }
  }
}
