import {
  encodeFrame,
  encodeEnvelope,
  FrameDecoder,
  keepSerialPollInterests,
  type BodyKind,
  type EnvelopeInit,
  type FrameDecoderCounters,
  type Clock,
  type TimerHandle,
  Backoff,
  type BackoffOptions,
} from '@swarmgate/protocols';
import { SerialPort } from 'serialport';
import type { Firmware } from '../firmware/Firmware.js';
import type { FaultInjector } from './FaultInjector.js';
import { RetryTimer } from './RetryTimer.js';
import type { LinkLog, RobotLink } from './RobotLink.js';

export interface SerialLinkOptions {
  readonly path: string;
  readonly baudRate: number;
  readonly clock: Clock;
  readonly backoff: BackoffOptions;
  readonly faults: FaultInjector;
  readonly log: LinkLog;
  /** Birth is repeated at this period until the host sends a valid frame. */
  readonly birthRepeatMs?: number;
}

/**
 * The robot on a serial line: COBS frames with a CRC (protocols' framing) both ways. A serial
 * line has no connect, so a session starts when the port opens and at each reboot; the Birth
 * is repeated until the host is heard, since the host may open its end after the robot booted.
 * Noise, CRC failures and truncated frames are counted by the FrameDecoder and never stop
 * the link; a port that disappears is reopened with backoff.
 */
export class SerialLink implements RobotLink {
  private port: SerialPort | undefined;
  private sessionValue = 0;
  private stopping = false;
  private hostHeard = false;
  private birthTimer: TimerHandle | undefined;
  private readonly backoff: Backoff;
  private readonly reopen: RetryTimer;
  private readonly decoder = new FrameDecoder();

  constructor(
    private readonly firmware: Firmware,
    private readonly options: SerialLinkOptions,
  ) {
    this.backoff = new Backoff(options.backoff);
    this.reopen = new RetryTimer(this.backoff, options.clock);
    this.decoder.on('frame', ({ envelope }) => {
      this.hostHeard = true;
      this.cancelBirthRepeat();
      firmware.receiveEnvelope(envelope);
    });
    this.decoder.on('crcError', ({ expectedCrc, actualCrc }) =>
      firmware.rejectCorruptFrame(`frame CRC ${actualCrc.toString(16)} != ${expectedCrc.toString(16)}`),
    );
    this.decoder.on('decodeError', ({ error }) => firmware.rejectUndecodable(error));
    // Garbage and oversize segments are line noise: counted, not answered (a reply to noise
    // would only add traffic to a line that is already in trouble).
  }

  get session(): number {
    return this.sessionValue;
  }

  /** Frames, CRC errors, decode errors, garbage bytes and oversize segments received. */
  get counters(): Readonly<FrameDecoderCounters> {
    return this.decoder.counters;
  }

  start(): void {
    this.stopping = false;
    this.open();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.cancelBirthRepeat();
    this.reopen.cancel();
    this.firmware.goOffline();
    const port = this.port;
    this.port = undefined;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  reboot(): void {
    this.options.log(`rebooting (session ${this.sessionValue} ends)`);
    this.firmware.reboot();
    this.beginSession();
  }

  /** The firmware's outbox: one frame per Envelope, dropped while the port is closed. */
  send(_kind: BodyKind, envelope: EnvelopeInit): void {
    const port = this.port;
    if (!port?.isOpen) return;
    this.options.faults.send(encodeFrame(encodeEnvelope(envelope)), (bytes) => {
      if (port.isOpen) port.write(Buffer.from(bytes));
    });
  }

  private open(): void {
    const { path, baudRate } = this.options;
    const port = new SerialPort({ path, baudRate, autoOpen: false });
    this.port = port;
    port.on('data', (chunk: Buffer) => this.decoder.push(chunk));
    port.on('error', (error) => this.options.log(`serial error on ${path}: ${error.message}`));
    port.on('close', () => {
      if (this.port !== port) return;
      this.port = undefined;
      this.lost(`port ${path} closed`);
    });
    port.open((error) => {
      if (this.port !== port) return;
      if (error) {
        this.port = undefined;
        this.lost(`cannot open ${path}: ${error.message}`);
        return;
      }
      // A write waiting for room must not lose its wakeup to the read loop (see protocols).
      keepSerialPollInterests(port);
      this.backoff.reset();
      this.options.log(`serial ${path} open at ${baudRate} baud`);
      this.beginSession();
    });
  }

  private beginSession(): void {
    this.sessionValue++;
    this.hostHeard = false;
    this.firmware.goOnline(this.sessionValue);
    this.cancelBirthRepeat();
    const repeat = (): void => {
      if (this.hostHeard || !this.port?.isOpen) return;
      this.firmware.announceBirth(this.sessionValue);
      this.birthTimer = this.options.clock.setTimeout(repeat, this.options.birthRepeatMs ?? 1000);
    };
    this.birthTimer = this.options.clock.setTimeout(repeat, this.options.birthRepeatMs ?? 1000);
  }

  private lost(reason: string): void {
    this.cancelBirthRepeat();
    this.firmware.goOffline();
    if (this.stopping) return;
    const delayMs = this.reopen.schedule(() => {
      if (!this.stopping) this.open();
    });
    this.options.log(`${reason}; reopening in ${Math.round(delayMs)} ms`);
  }

  private cancelBirthRepeat(): void {
    if (this.birthTimer !== undefined) this.options.clock.clearTimeout(this.birthTimer);
    this.birthTimer = undefined;
  }
}
