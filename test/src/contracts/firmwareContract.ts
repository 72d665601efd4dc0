/**
 * The firmware contract: one scripted command sequence sent over a serial line (a pty) to a
 * MONA firmware, the same for every implementation (mona-sim, the C firmware on simavr). The
 * host end here is raw (serialport + FrameDecoder, no gateway) so that every frame the firmware
 * sends is seen, in order.
 *
 * What must be the same across implementations:
 * - frame kinds out, in order: a Birth first (repeated about once a second until the host's
 *   first valid frame, then no more), Telemetry at TELEMETRY_HZ, an Ack per command
 *   with a command id, an Error WATCHDOG when a MotorCommand's deadline passes, an Error per bad
 *   frame (CRC, DECODE, VERSION), an Error EMERGENCY_STOP for motion while the latch is set;
 * - wheel motion: the encoder ticks of a MotorCommand (clamped to MONA_SPEC) run to its deadline equal
 *   speed x deadline / wheel circumference x ticks per revolution within WHEEL_TICKS_TOLERANCE,
 *   on both wheels, and no tick moves while stopped.
 * The tolerance is stated here and in docs/contracts.md.
 */
import {
  FrameDecoder,
  MONA_SPEC,
  PROTOCOL_VERSION,
  encodeEnvelope,
  encodeEnvelopeFrame,
  encodeFrame,
  makeEnvelope,
  swarmgate,
  type Envelope,
  type EnvelopeBodyInit,
} from '@swarmgate/protocols';
import { SerialPort } from 'serialport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Inbox, until } from '@swarmgate/firmware-sim/testing';

/**
 * Relative tolerance on the encoder ticks of a timed run (both measure within 0.5 % today):
 * mona-sim adds 2 % Gaussian noise per 5 ms step (it averages out) and stops at the first step
 * at or after the deadline; the C firmware rounds a speed to a PWM duty of 1/255 of the top
 * speed (0.5 % at 0.05 m/s).
 */
export const WHEEL_TICKS_TOLERANCE = 0.03;

/** The Telemetry rate both implementations default to (mona-sim `--telemetry-hz`, MONA_TELEMETRY_PERIOD_MS). */
export const TELEMETRY_HZ = 10;

const ErrorCode = swarmgate.v1.ErrorCode;
const Flag = swarmgate.v1.TelemetryFlag;

/** A firmware ready to boot behind a pty; `hostPath` is the end the host opens. */
export interface RunningFirmware {
  readonly hostPath: string;
  /** The robot id the firmware announces in its Birth. */
  readonly robotId: string;
  /**
   * Boots the firmware once the host has opened its end (opening a serial port flushes what
   * was sent before, so only a boot after it shows that the Birth comes first).
   */
  boot(write: (bytes: Uint8Array) => void): Promise<void>;
  stop(): Promise<void>;
}

interface Arrival {
  readonly envelope: Envelope;
  readonly atMs: number;
}

/** The host's end: a serial port, a frame decoder and everything received, timed. */
class Host {
  readonly inbox = new Inbox();
  readonly arrivals: Arrival[] = [];
  private seq = 0;

  private constructor(private readonly port: SerialPort) {}

  static async open(path: string): Promise<Host> {
    const port = new SerialPort({ path, baudRate: MONA_SPEC.serialBaud, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
    const host = new Host(port);
    const decoder = new FrameDecoder();
    decoder.on('frame', ({ envelope }) => {
      host.arrivals.push({ envelope, atMs: performance.now() });
      host.inbox.push(envelope);
    });
    port.on('data', (chunk: Buffer) => decoder.push(chunk));
    port.on('error', () => undefined); // the pty goes when the firmware stops
    return host;
  }

  /** Sends one Envelope; returns its seq. */
  send(robotId: string, body: EnvelopeBodyInit): number {
    const seq = ++this.seq;
    this.port.write(Buffer.from(encodeEnvelopeFrame(makeEnvelope(robotId, body, seq, seq))));
    return seq;
  }

  sendRaw(bytes: Uint8Array): void {
    this.port.write(Buffer.from(bytes));
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.port.isOpen ? this.port.close(() => resolve()) : resolve()));
  }

  kinds(from = 0): string[] {
    return this.arrivals.slice(from).map((a) => a.envelope.body);
  }

  telemetry(): Envelope[] {
    return this.inbox.of('telemetry');
  }

  lastTelemetry(): swarmgate.v1.ITelemetry {
    const last = this.telemetry().at(-1);
    if (!last) throw new Error('no Telemetry yet');
    return last.telemetry!;
  }
}

/** Ticks a wheel turns at `speedMps` for `ms`. */
export function expectedTicks(speedMps: number, ms: number): number {
  const circumference = 2 * Math.PI * MONA_SPEC.wheelRadiusM;
  return ((speedMps * ms) / 1000 / circumference) * MONA_SPEC.encoderTicksPerRev;
}

/** Registers the contract's cases for one firmware implementation. */
export function firmwareContract(name: string, start: () => Promise<RunningFirmware>, timeoutMs = 30_000): void {
  describe(`firmware contract: ${name}`, () => {
    let firmware: RunningFirmware;
    let host: Host;
    let robotId: string;
    let commandId = 100;
    const send = (body: EnvelopeBodyInit) => host.send(robotId, body);
    const ackOf = (id: number, what: string) => host.inbox.waitFor((e) => e.ack?.commandId === id, what, 5000);
    const errorOf = (predicate: (e: swarmgate.v1.IError) => boolean, what: string) =>
      host.inbox.waitFor((e) => e.error !== undefined && e.error !== null && predicate(e.error), what, 5000);
    const telemetryAfter = async (count: number): Promise<swarmgate.v1.ITelemetry[]> => {
      const from = host.telemetry().length;
      await until(() => host.telemetry().length >= from + count, `${count} Telemetry`, 5000);
      return host
        .telemetry()
        .slice(from)
        .map((e) => e.telemetry!);
    };

    beforeAll(async () => {
      firmware = await start();
      robotId = firmware.robotId;
      host = await Host.open(firmware.hostPath);
      await firmware.boot((bytes) => host.sendRaw(bytes));
    }, 180_000);

    afterAll(async () => {
      await host?.close();
      await firmware?.stop();
    });

    it(
      'sends a Birth first, with MONA_SPEC capabilities, and repeats it until the host speaks',
      async () => {
        await until(() => host.kinds().filter((k) => k === 'birth').length >= 2, 'a repeated Birth', 20_000);
        expect(host.kinds()[0]).toBe('birth');
        const birth = host.inbox.of('birth')[0]!.birth!;
        expect(host.inbox.of('birth')[0]!.robotId).toBe(robotId);
        expect(birth.protocolVersion).toMatchObject({ major: PROTOCOL_VERSION.major });
        const caps = birth.capabilities!;
        expect(caps.maxWheelSpeedMps).toBeCloseTo(MONA_SPEC.maxWheelSpeedMps, 6);
        expect(caps.wheelBaseM).toBeCloseTo(MONA_SPEC.wheelBaseM, 6);
        expect(caps.wheelRadiusM).toBeCloseTo(MONA_SPEC.wheelRadiusM, 6);
        expect(caps.encoderTicksPerRev).toBe(MONA_SPEC.encoderTicksPerRev);
        expect(caps.bodyDiameterM).toBeCloseTo(MONA_SPEC.bodyDiameterM, 6);
        expect(caps.sensors).toEqual(expect.arrayContaining(['encoders', `ir${MONA_SPEC.irSensors.length}`]));
        const births = host.arrivals.filter((a) => a.envelope.body === 'birth');
        const gapMs = births[1]!.atMs - births[0]!.atMs;
        expect(gapMs).toBeGreaterThan(500);
        expect(gapMs).toBeLessThan(2000);

        // The host's first valid frame (a stop) ends the repetition.
        const id = ++commandId;
        send({ command: { commandId: id, stop: {} } });
        await ackOf(id, 'the Ack of the stop');
        const after = host.arrivals.length;
        await telemetryAfter(15); // 1.5 s at 10 Hz
        expect(host.kinds(after)).not.toContain('birth');
      },
      timeoutMs,
    );

    it(
      `sends Telemetry at ${TELEMETRY_HZ} Hz with odometry, the IR ranges and what its Birth claims`,
      async () => {
        const from = host.arrivals.length;
        await telemetryAfter(11);
        const times = host.arrivals
          .slice(from)
          .filter((a) => a.envelope.body === 'telemetry')
          .map((a) => a.atMs);
        const meanMs = (times.at(-1)! - times[0]!) / (times.length - 1);
        expect(meanMs).toBeGreaterThan((1000 / TELEMETRY_HZ) * 0.8);
        expect(meanMs).toBeLessThan((1000 / TELEMETRY_HZ) * 1.25);
        const telemetry = host.lastTelemetry();
        expect(telemetry.irRangesM).toHaveLength(MONA_SPEC.irSensors.length);
        expect(telemetry.irRangesM![0]).toBeCloseTo(MONA_SPEC.irRangeMaxM, 6); // nothing in front
        expect(telemetry.odometry).toBeTruthy();
        // A battery monitor is claimed in the Birth exactly when Telemetry reports the battery.
        const sensors = host.inbox.of('birth')[0]!.birth!.capabilities!.sensors!;
        expect(sensors.includes('battery')).toBe(telemetry.battery !== null && telemetry.battery !== undefined);
        expect((telemetry.flags ?? 0) & Flag.TELEMETRY_FLAG_MOTORS_ENABLED).not.toBe(0);
      },
      timeoutMs,
    );

    it(
      'acks a MotorCommand, turns the wheels by speed x deadline, and stops with an Error WATCHDOG',
      async () => {
        const before = host.lastTelemetry();
        const speed = 0.065;
        const deadlineMs = 500;
        const id = ++commandId;
        const from = host.arrivals.length;
        send({ motorCommand: { leftMps: speed, rightMps: speed, deadlineMs, commandId: id } });
        await ackOf(id, 'the Ack of the MotorCommand');
        await errorOf((e) => e.code === ErrorCode.ERROR_CODE_WATCHDOG && e.commandId === id, 'the Error WATCHDOG');
        // Order: the Ack before the watchdog Error, Telemetry in between.
        const kinds = host.kinds(from).filter((k) => k !== 'telemetry');
        expect(kinds).toEqual(['ack', 'error']);
        const stopped = await telemetryAfter(3);
        expect(new Set(stopped.map((t) => t.encoderLeftTicks)).size).toBe(1);
        expect(stopped.every((t) => ((t.flags ?? 0) & Flag.TELEMETRY_FLAG_WATCHDOG_STOP) !== 0)).toBe(true);
        const expected = expectedTicks(speed, deadlineMs);
        const left = stopped[0]!.encoderLeftTicks! - before.encoderLeftTicks!;
        const right = stopped[0]!.encoderRightTicks! - before.encoderRightTicks!;
        expect(Math.abs(left - expected) / expected).toBeLessThan(WHEEL_TICKS_TOLERANCE);
        expect(Math.abs(right - expected) / expected).toBeLessThan(WHEEL_TICKS_TOLERANCE);
      },
      timeoutMs,
    );

    it(
      'turns on the spot with opposite wheel speeds',
      async () => {
        const before = host.lastTelemetry();
        const id = ++commandId;
        send({ motorCommand: { leftMps: -0.05, rightMps: 0.05, deadlineMs: 400, commandId: id } });
        await errorOf((e) => e.code === ErrorCode.ERROR_CODE_WATCHDOG && e.commandId === id, 'the Error WATCHDOG');
        const [after] = await telemetryAfter(1);
        const expected = expectedTicks(0.05, 400);
        const left = after!.encoderLeftTicks! - before.encoderLeftTicks!;
        const right = after!.encoderRightTicks! - before.encoderRightTicks!;
        expect(Math.abs(-left - expected) / expected).toBeLessThan(WHEEL_TICKS_TOLERANCE);
        expect(Math.abs(right - expected) / expected).toBeLessThan(WHEEL_TICKS_TOLERANCE);
      },
      timeoutMs,
    );

    it(
      'latches an emergency stop: motion refused until the release, which itself moves nothing',
      async () => {
        const drive = ++commandId;
        send({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 1000, commandId: drive } });
        await ackOf(drive, 'the Ack of the MotorCommand');
        const estop = ++commandId;
        send({ command: { commandId: estop, emergencyStop: { reason: 'contract' } } });
        await ackOf(estop, 'the Ack of the emergency stop');
        await until(() => ((host.lastTelemetry().flags ?? 0) & Flag.TELEMETRY_FLAG_EMERGENCY_STOP) !== 0, 'the EMERGENCY_STOP flag', 5000);
        const latched = await telemetryAfter(4);
        expect(new Set(latched.map((t) => t.encoderLeftTicks)).size).toBe(1);
        expect(latched.every((t) => ((t.flags ?? 0) & Flag.TELEMETRY_FLAG_MOTORS_ENABLED) === 0)).toBe(true);

        const refused = ++commandId;
        send({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 400, commandId: refused } });
        const refusal = await errorOf((e) => e.commandId === refused, 'the refusal');
        expect(refusal.error!.code).toBe(ErrorCode.ERROR_CODE_EMERGENCY_STOP);
        expect(host.inbox.items.some((e) => e.ack?.commandId === refused)).toBe(false);

        // A plain stop leaves the latch set.
        const stop = ++commandId;
        send({ command: { commandId: stop, stop: {} } });
        await ackOf(stop, 'the Ack of the stop');
        expect(((await telemetryAfter(1))[0]!.flags ?? 0) & Flag.TELEMETRY_FLAG_EMERGENCY_STOP).not.toBe(0);

        const release = ++commandId;
        send({ command: { commandId: release, releaseEmergencyStop: { reason: 'contract over' } } });
        await ackOf(release, 'the Ack of the release');
        const released = await telemetryAfter(3);
        expect(released.every((t) => ((t.flags ?? 0) & Flag.TELEMETRY_FLAG_EMERGENCY_STOP) === 0)).toBe(true);
        expect(released.every((t) => ((t.flags ?? 0) & Flag.TELEMETRY_FLAG_MOTORS_ENABLED) !== 0)).toBe(true);
        expect(new Set(released.map((t) => t.encoderLeftTicks)).size).toBe(1); // the release starts nothing

        const again = ++commandId;
        const ticks = host.lastTelemetry().encoderLeftTicks!;
        send({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 300, commandId: again } });
        await ackOf(again, 'the Ack after the release');
        await until(() => host.lastTelemetry().encoderLeftTicks! > ticks, 'motion after the release', 5000);
        await errorOf((e) => e.code === ErrorCode.ERROR_CODE_WATCHDOG && e.commandId === again, 'the Error WATCHDOG');
      },
      timeoutMs,
    );

    it(
      'refuses what it cannot do with an Error naming the command, and moves nothing',
      async () => {
        // A Telemetry after the previous run's watchdog stop: the one before may predate the stop.
        const ticks = (await telemetryAfter(1))[0]!.encoderLeftTicks;
        const noDeadline = ++commandId;
        send({ motorCommand: { leftMps: 0.05, rightMps: 0.05, deadlineMs: 0, commandId: noDeadline } });
        expect((await errorOf((e) => e.commandId === noDeadline, 'the deadline refusal')).error!.code).toBe(ErrorCode.ERROR_CODE_OUT_OF_RANGE);
        const notFinite = ++commandId;
        send({ motorCommand: { leftMps: Number.NaN, rightMps: 0.05, deadlineMs: 200, commandId: notFinite } });
        expect((await errorOf((e) => e.commandId === notFinite, 'the NaN refusal')).error!.code).toBe(ErrorCode.ERROR_CODE_OUT_OF_RANGE);
        const highLevel = ++commandId;
        send({ command: { commandId: highLevel, velocity: { linearMps: 0.05, angularRadps: 0 } } });
        expect((await errorOf((e) => e.commandId === highLevel, 'the Velocity refusal')).error!.code).toBe(ErrorCode.ERROR_CODE_UNSUPPORTED);
        const telemetrySeq = send({ telemetry: {} });
        expect((await errorOf((e) => e.refSeq === telemetrySeq, 'the Telemetry refusal')).error!.code).toBe(ErrorCode.ERROR_CODE_UNSUPPORTED);
        const otherSeq = host.send('mona-99', { motorCommand: { leftMps: 0.05, rightMps: 0.05, deadlineMs: 200, commandId: 1 } });
        expect((await errorOf((e) => e.refSeq === otherSeq, 'the refusal of a frame for another robot')).error!.code).toBe(ErrorCode.ERROR_CODE_UNSUPPORTED);
        const after = await telemetryAfter(2);
        expect(after.every((t) => t.encoderLeftTicks === ticks)).toBe(true);
      },
      timeoutMs,
    );

    it(
      `clamps the speed to MONA_SPEC.maxWheelSpeedMps and the deadline to ${MONA_SPEC.maxMotorDeadlineMs} ms`,
      async () => {
        const before = host.lastTelemetry();
        const id = ++commandId;
        const sentAt = performance.now();
        send({ motorCommand: { leftMps: 1, rightMps: 1, deadlineMs: 5000, commandId: id } });
        const watchdog = await errorOf((e) => e.code === ErrorCode.ERROR_CODE_WATCHDOG && e.commandId === id, 'the Error WATCHDOG');
        const ranMs = host.arrivals.find((a) => a.envelope === watchdog)!.atMs - sentAt;
        expect(ranMs).toBeGreaterThan(MONA_SPEC.maxMotorDeadlineMs * 0.9);
        expect(ranMs).toBeLessThan(MONA_SPEC.maxMotorDeadlineMs * 1.5);
        const [after] = await telemetryAfter(1);
        const expected = expectedTicks(MONA_SPEC.maxWheelSpeedMps, MONA_SPEC.maxMotorDeadlineMs);
        expect(Math.abs(after!.encoderLeftTicks! - before.encoderLeftTicks! - expected) / expected).toBeLessThan(WHEEL_TICKS_TOLERANCE);
        expect(Math.abs(after!.encoderRightTicks! - before.encoderRightTicks! - expected) / expected).toBeLessThan(WHEEL_TICKS_TOLERANCE);
      },
      timeoutMs,
    );

    it(
      'answers bad frames with an Error each (CRC, DECODE, VERSION) and keeps working',
      async () => {
        const good = encodeEnvelopeFrame(makeEnvelope(robotId, { command: { commandId: 1, stop: {} } }, 900, 900));
        const flipped = Uint8Array.from(good);
        flipped[3]! ^= 0x40;
        host.sendRaw(flipped);
        await errorOf((e) => e.code === ErrorCode.ERROR_CODE_CRC, 'the Error CRC');

        host.sendRaw(encodeFrame(Uint8Array.from([0xff, 0xff, 0xff, 0x07]))); // right CRC, no protobuf
        await errorOf((e) => e.code === ErrorCode.ERROR_CODE_DECODE, 'the Error DECODE');

        const future = makeEnvelope(robotId, { command: { commandId: 2, stop: {} } }, 901, 901);
        const bytes = encodeEnvelope({ ...future, version: { major: PROTOCOL_VERSION.major + 1, minor: 0 } });
        host.sendRaw(encodeFrame(bytes));
        await errorOf((e) => e.code === ErrorCode.ERROR_CODE_VERSION, 'the Error VERSION');

        host.sendRaw(Uint8Array.from([0x13, 0x37, 0x00])); // line noise then a delimiter

        const id = ++commandId;
        send({ motorCommand: { leftMps: 0.05, rightMps: 0.05, deadlineMs: 200, commandId: id } });
        await ackOf(id, 'the Ack after the bad frames');
        await errorOf((e) => e.code === ErrorCode.ERROR_CODE_WATCHDOG && e.commandId === id, 'the Error WATCHDOG');
        expect(host.kinds()).not.toContain('death');
      },
      timeoutMs,
    );
  });
}
