/**
 * A seeded serial fuzz: 10,000 garbage, corrupt and hostile frames, interleaved with valid
 * ones, down a real pty pair (socat) into a live trial's SerialBridge. The gateway survives:
 * nothing throws out of a handler or the tick loop, every byte reaches the bridge and is
 * judged as a reference FrameDecoder judges the same stream, the trial ticks during and after,
 * the virtual robot stays virtual, and a genuine mona-sim plugged into the same port
 * afterwards joins the trial and obeys an emergency stop.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SerialBridge, type LiveService, type MemoryLogger } from '@swarmgate/gateway';
import { SIM_MODEL_NAME } from '@swarmgate/firmware-sim';
import { loadMap } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import {
  FRAME_DELIMITER,
  FrameDecoder,
  MAX_SERIAL_ENVELOPE_BYTES,
  MAX_STUFFED_FRAME_BYTES,
  TelemetryFlag,
  cobsEncode,
  crc32c,
  encodeEnvelopeFrame,
  keepSerialPollInterests,
  makeEnvelope,
  type BodyKind,
  type FrameDecoderCounters,
} from '@swarmgate/protocols';
import { SerialPort } from 'serialport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPtyPair, type PtyPair } from '../harness/socat.js';
import { sleep, startLive, startMonaSim, terminate, waitFor } from '../trial/liveHarness.js';
import { FuzzPayloads } from './fuzzPayloads.js';

const CASES = 10_000;
const BATCH = 200;
const SEED = 20_251_126;
const GENUINE = 'mona-21';
/** A well-behaved robot whose valid frames are interleaved with the fuzz. */
const INTERLEAVED = 'sfz-1';
const UPLINK_BODIES: readonly BodyKind[] = ['birth', 'death', 'telemetry', 'ack', 'error', 'command', 'motorCommand'];

/**
 * A frame of any payload, valid CRC included, without encodeFrame's size check (so a frame can
 * be over the limit on purpose).
 */
function rawFrame(envelopeBytes: Uint8Array): Uint8Array {
  const payload = new Uint8Array(envelopeBytes.length + 4);
  payload.set(envelopeBytes, 0);
  new DataView(payload.buffer).setUint32(envelopeBytes.length, crc32c(envelopeBytes), true);
  return Uint8Array.from([...cobsEncode(payload), FRAME_DELIMITER]);
}

/** The bytes of fuzz case `n`: garbage, a corrupt frame, a hostile frame, or a valid one. */
function fuzzCase(n: number, rng: Random, payloads: FuzzPayloads): Uint8Array {
  const r = rng.nextFloat();
  const body = UPLINK_BODIES[n % UPLINK_BODIES.length]!;
  const frame = () => rawFrame(payloads.next(rng.chance(0.5) ? INTERLEAVED : 'r0', body).bytes);
  if (r < 0.25) {
    // Line noise, zeros included, ended by a delimiter so that it does not swallow the next case.
    const bytes = new Uint8Array(rng.int(1, 200));
    for (let i = 0; i < bytes.length - 1; i++) bytes[i] = rng.int(0, 256);
    return bytes;
  }
  if (r < 0.4) {
    // A frame with a bit flipped after the CRC was computed.
    const bytes = frame();
    const bit = rng.int(0, (bytes.length - 1) * 8);
    bytes[bit >> 3] = bytes[bit >> 3]! ^ (1 << (bit & 7));
    return Uint8Array.from([...bytes.subarray(0, bytes.length - 1), FRAME_DELIMITER]);
  }
  if (r < 0.45) {
    // A frame cut short, then the delimiter.
    const bytes = frame();
    return Uint8Array.from([...bytes.subarray(0, rng.int(0, bytes.length - 1)), FRAME_DELIMITER]);
  }
  if (r < 0.48) {
    // Longer than any frame without a delimiter.
    const bytes = new Uint8Array(MAX_STUFFED_FRAME_BYTES + rng.int(1, 2000)).fill(0x55);
    bytes[bytes.length - 1] = FRAME_DELIMITER;
    return bytes;
  }
  if (r < 0.85) return frame();
  // The interleaved robot's genuine traffic: a Birth now and then, Telemetry otherwise.
  const genuine = rng.chance(0.1)
    ? { birth: { model: 'mona', firmwareVersion: '0.1.0', protocolVersion: { major: 1, minor: 1 }, session: n } }
    : { telemetry: { battery: { volts: 3.8, fraction: 0.7 } } };
  return encodeEnvelopeFrame(makeEnvelope(INTERLEAVED, genuine, n, n));
}

/** Errors thrown out of a handler or the tick loop while fuzzing (they would end `serve`). */
const escaped: string[] = [];
let fuzzing = 'setting up';
const onEscape = (error: unknown): void => {
  escaped.push(`while fuzzing ${fuzzing}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
};

describe('seeded serial fuzz into a live trial', () => {
  let pty: PtyPair;
  let service: LiveService;
  let logger: MemoryLogger;
  let sim: ReturnType<typeof startMonaSim> | undefined;

  beforeAll(async () => {
    process.on('uncaughtException', onEscape);
    process.on('unhandledRejection', onEscape);
    pty = await startPtyPair();
    ({ service, logger } = await startLive({ grid: loadMap('building:30x30:seed=7'), robots: 1, keepaliveMs: 2000, serialPorts: [pty.b] }));
  }, 60_000);

  afterAll(async () => {
    if (sim) await terminate(sim);
    await service?.stop();
    await pty?.close();
    process.off('uncaughtException', onEscape);
    process.off('unhandledRejection', onEscape);
  });

  it(`survives ${CASES} garbage, corrupt and hostile frames, then takes a genuine robot`, async () => {
    const live = service.live;
    // LiveService keeps its links inside the HilGateway; the test reads the serial one's counters.
    const bridge = service.hil['links'].find((link) => link instanceof SerialBridge);
    if (!(bridge instanceof SerialBridge)) throw new Error('the live service has no SerialBridge');
    await waitFor('the serial port to open', () => bridge.stateOf(pty.b) === 'online', 10_000);
    const counters = (): Readonly<FrameDecoderCounters> => bridge.countersOf(pty.b)!;

    const writer = new SerialPort({ path: pty.a, baudRate: 115_200, autoOpen: false });
    await new Promise<void>((resolve, reject) => writer.open((error) => (error ? reject(error) : resolve())));
    // Megabytes go out while the gateway's replies come in: without this, a write waiting for
    // room loses its wakeup whenever the read loop re-arms, and stalls while the gateway is quiet.
    keepSerialPollInterests(writer);
    // Read what the gateway sends (MotorCommands for the robots born on the port), as a robot
    // does: unread, it would fill the pty and stall the gateway's writes.
    writer.on('data', () => undefined);
    const reference = new FrameDecoder();
    const bornOnPort = new Set<string>();
    reference.on('frame', ({ envelope }) => {
      if (envelope.body === 'birth') bornOnPort.add(envelope.robotId);
    });
    const rng = Random.fromSeed(SEED).fork('serial-fuzz');
    const payloads = new FuzzPayloads(rng.fork('payloads'), {
      strangerIds: ['r0', GENUINE, INTERLEAVED, '', 'a/b', '+', '$gateway', 'x'.repeat(65)],
      maxBytes: MAX_SERIAL_ENVELOPE_BYTES,
      hugeBytes: 600,
    });
    const base = { ...counters() };
    // A handler that loops for long freezes serve as surely as a throw ends it.
    const stall = monitorEventLoopDelay({ resolution: 20 });
    stall.enable();
    let written = 0;
    const tickAtStart = live.world.tick;
    const startedAtMs = Date.now();
    for (let first = 0; first < CASES; first += BATCH) {
      fuzzing = `serial cases ${first}..${first + BATCH - 1} (seed ${SEED})`;
      const chunk = Buffer.concat(Array.from({ length: BATCH }, (_, k) => fuzzCase(first + k, rng, payloads)));
      reference.push(chunk);
      written += chunk.length;
      writer.write(chunk);
      await new Promise<void>((resolve, reject) => writer.drain((error) => (error ? reject(error) : resolve())));
      await waitFor(
        `the bridge to read the bytes of ${fuzzing} (escaped errors: ${escaped.length}; last: ${escaped.at(-1) ?? 'none'})`,
        () => counters().bytesIn - base.bytesIn >= written,
        15_000,
      ).catch((error: Error) => {
        throw new Error(
          `${error.message}; read ${counters().bytesIn - base.bytesIn} of ${written} bytes; log: ${JSON.stringify(logger.entries.filter((e) => !/not born|CRC|undecodable|garbage|oversize|robot reported/.test(e.message)).slice(-8))}`,
        );
      });
    }
    fuzzing = 'nothing (after the fuzz)';
    const fuzzMs = Date.now() - startedAtMs;
    console.info(`serial fuzz: ${CASES} cases, ${written} bytes in ${fuzzMs} ms`);
    await new Promise<void>((resolve) => writer.close(() => resolve()));

    expect(escaped, 'errors escaped a handler or the tick loop (each would end swarmgate serve)').toEqual([]);
    // Every byte arrived and was judged as the reference decoder judges the same stream.
    const after = counters();
    for (const key of ['bytesIn', 'frames', 'crcErrors', 'decodeErrors', 'oversize', 'garbageBytes'] as const) {
      expect(after[key] - base[key], key).toBe(reference.counters[key]);
    }
    for (const key of ['crcErrors', 'decodeErrors', 'oversize', 'garbageBytes'] as const) expect(reference.counters[key], key).toBeGreaterThan(0);

    // The trial ticked through the fuzz and after it.
    expect(live.world.tick - tickAtStart).toBeGreaterThan((fuzzMs / 100) * 0.5);
    const tickAfter = live.world.tick;
    await sleep(1000);
    expect(live.world.tick).toBeGreaterThanOrEqual(tickAfter + 5);
    expect(live.robots().find((r) => r.id === 'r0')?.kind, 'r0 stays virtual').toBe('virtual');
    for (const robot of live.robots().filter((r) => r.kind === 'physical'))
      expect(bornOnPort, `physical robot ${JSON.stringify(robot.id)}`).toContain(robot.id);

    // A genuine robot on the same port joins and obeys an emergency stop sent the moment its
    // Birth is admitted. The fuzz may have left a record of its id online on this port, so the
    // join is its own Birth (mona-sim's model), not the twin being online.
    let stoppedAtBirth = false;
    let flags = 0;
    service.hil.registry.on('birth', (record) => {
      if (record.id !== GENUINE || record.model !== SIM_MODEL_NAME || stoppedAtBirth) return;
      stoppedAtBirth = true;
      live.emergencyStop(GENUINE, 'after the serial fuzz, at the Birth');
    });
    service.hil.registry.on('telemetry', (id, telemetry) => {
      if (id === GENUINE) flags = telemetry.flags;
    });
    sim = startMonaSim(GENUINE, ['--serial', pty.a]);
    await waitFor(`${GENUINE} to join over serial after the fuzz`, () => stoppedAtBirth && live.twins!.isOnline(GENUINE), 20_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${sim!.output()}`);
    });
    expect(service.hil.registry.get(GENUINE)?.link).toBe('serial');
    await waitFor(`${GENUINE}'s firmware to report its emergency stop`, () => (flags & TelemetryFlag.TELEMETRY_FLAG_EMERGENCY_STOP) !== 0, 5000);
    expect(escaped).toEqual([]);
    stall.disable();
    expect(stall.max / 1e6, 'longest event-loop stall, ms (the gateway froze)').toBeLessThan(2000);
  }, 120_000);
});
