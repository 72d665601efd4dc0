import { encodeEnvelopeFrame, encodeFrame, FrameDecoder, makeEnvelope, swarmgate, type EnvelopeBodyInit } from '@swarmgate/protocols';
import { mkdtempSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MonaSim } from '../MonaSim.js';
import { Inbox } from '../testing/Inbox.js';
import { startPtyPair, type PtyPair } from '../testing/socat.js';
import type { SerialLink } from './SerialLink.js';

const ErrorCode = swarmgate.v1.ErrorCode;

describe('mona-sim over a serial line (real socat pty pair)', () => {
  let pair: PtyPair;
  let host: SerialPort;
  let inbox: Inbox;
  let hostDecoder: FrameDecoder;
  let robot: MonaSim;

  beforeEach(async () => {
    pair = await startPtyPair();
    robot = new MonaSim({ robotId: 'mona-09', seed: 3, link: { kind: 'serial', path: pair.a, baudRate: 115200 } });
    robot.start();
    inbox = new Inbox();
    hostDecoder = new FrameDecoder();
    hostDecoder.on('frame', ({ envelope }) => inbox.push(envelope));
    host = await new Promise<SerialPort>((resolve, reject) => {
      const port: SerialPort = new SerialPort({ path: pair.b, baudRate: 115200 }, (error) => (error ? reject(error) : resolve(port)));
    });
    host.on('data', (chunk: Buffer) => hostDecoder.push(chunk));
  });

  afterEach(async () => {
    await robot.stop();
    if (host.isOpen) await new Promise((resolve) => host.close(resolve));
    await pair.close();
  });

  const write = (bytes: Uint8Array) => host.write(Buffer.from(bytes));
  const frame = (body: EnvelopeBodyInit) => encodeEnvelopeFrame(makeEnvelope('mona-09', body, 5, 0));

  it('repeats Birth until the host speaks, streams Telemetry, executes and acks MotorCommands', async () => {
    // The host opened its end after the robot booted: the repeated Birth still reaches it.
    const birth = await inbox.waitFor((e) => e.body === 'birth', 'Birth');
    expect(birth.birth!.session).toBe(1);
    expect(birth.robotId).toBe('mona-09');
    await inbox.waitFor((e) => e.body === 'telemetry', 'Telemetry');
    write(frame({ motorCommand: { leftMps: 0.1, rightMps: -0.1, deadlineMs: 300, commandId: 21 } }));
    await inbox.waitFor((e) => e.body === 'ack' && e.ack!.commandId === 21, 'Ack 21');
    const watchdog = await inbox.waitFor((e) => e.body === 'error' && e.error!.code === ErrorCode.ERROR_CODE_WATCHDOG, 'watchdog');
    expect(watchdog.error!.commandId).toBe(21);
    // Spun right for 300 ms at 0.2 m/s / 78 mm base = 2.56 rad/s, less slip.
    const turned = -robot.firmware.model.pose.headingRad;
    expect(turned).toBeGreaterThan(0.7);
    expect(turned).toBeLessThan(0.78);
    expect(hostDecoder.counters.crcErrors + hostDecoder.counters.decodeErrors + hostDecoder.counters.garbageBytes).toBe(0);
  });

  it('counts and survives noise, truncated frames and CRC failures, then resynchronises', async () => {
    await inbox.waitFor((e) => e.body === 'birth', 'Birth');
    const link = robot.link as SerialLink;
    const good = frame({ motorCommand: { leftMps: 0.05, rightMps: 0.05, deadlineMs: 200, commandId: 31 } });
    const noise = Uint8Array.from([0x55, 0xaa, 0x13, 0x37, 0x00, 0xff, 0xfe, 0x00]);
    const truncated = good.subarray(0, good.length - 6); // no CRC tail; the next 0x00 ends it
    const badCrc = Uint8Array.from(good);
    badCrc[3] = badCrc[3]! ^ 0x40;
    write(noise);
    write(truncated);
    write(Uint8Array.of(0x00));
    write(badCrc);
    write(encodeFrame(Uint8Array.from([0x0f, 0x01]))); // CRC-valid, but wire type 7: not protobuf
    write(good);
    await inbox.waitFor((e) => e.body === 'ack' && e.ack!.commandId === 31, 'Ack after noise');
    const counters = link.counters;
    expect(counters.frames).toBe(1);
    expect(counters.garbageBytes + counters.crcErrors).toBeGreaterThanOrEqual(2); // noise and truncation
    expect(counters.crcErrors).toBeGreaterThanOrEqual(1);
    expect(counters.decodeErrors).toBe(1);
    const errors = inbox.of('error').map((e) => e.error!.code);
    expect(errors).toContain(ErrorCode.ERROR_CODE_CRC);
    expect(errors).toContain(ErrorCode.ERROR_CODE_DECODE);
  });

  it('reboot: a new session and Birth on the same line', async () => {
    await inbox.waitFor((e) => e.body === 'birth', 'Birth');
    robot.link.reboot();
    const reborn = await inbox.waitFor((e) => e.body === 'birth' && e.birth!.session === 2, 'Birth 2');
    expect(reborn.seq).toBe(0);
  });
});

describe('mona-sim serial port that disappears and returns', () => {
  it('goes offline, reopens with backoff, and births a new session', { timeout: 60_000 }, async () => {
    // A stable path (as udev gives a USB adapter) pointing at whichever pty pair is alive.
    const dir = mkdtempSync(join(tmpdir(), 'sg-tty-'));
    const path = join(dir, 'mona');
    let pair = await startPtyPair();
    symlinkSync(pair.a, path);
    const logs: string[] = [];
    const robot = new MonaSim({ robotId: 'mona-11', seed: 4, link: { kind: 'serial', path, baudRate: 115200 }, log: (line) => logs.push(line) });
    let host: SerialPort | undefined;
    try {
      robot.start();
      await waitUntil(() => robot.firmware.online, 'first session online');
      expect(robot.link.session).toBe(1);
      await pair.close(); // the adapter is unplugged
      await waitUntil(() => !robot.firmware.online, 'offline after the port vanished');
      expect(robot.firmware.model.motorsRunning).toBe(false);
      pair = await startPtyPair(); // plugged in again, maybe as another pts
      unlinkSync(path);
      symlinkSync(pair.a, path);
      const inbox = new Inbox();
      const decoder = new FrameDecoder();
      decoder.on('frame', ({ envelope }) => inbox.push(envelope));
      host = await new Promise<SerialPort>((resolve, reject) => {
        const port: SerialPort = new SerialPort({ path: pair.b, baudRate: 115200 }, (error) => (error ? reject(error) : resolve(port)));
      });
      host.on('data', (chunk: Buffer) => decoder.push(chunk));
      const birth = await inbox.waitFor((e) => e.body === 'birth' && e.birth!.session >= 2, 'Birth of the next session', 30_000);
      expect(birth.robotId).toBe('mona-11');
      expect(logs.some((line) => /reopening in \d+ ms/.test(line))).toBe(true);
    } finally {
      await robot.stop();
      if (host?.isOpen) await new Promise((resolve) => host!.close(resolve));
      await pair.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
