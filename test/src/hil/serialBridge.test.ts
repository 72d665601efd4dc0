/**
 * SerialBridge over REAL pty pairs (socat): a robot end opened with serialport speaks COBS
 * frames; noise and truncated frames are counted and the link resynchronises; the port
 * disappears (socat killed) and returns (a new socat behind the same stable link name, as
 * udev's /dev/serial/by-id links behave) and the bridge reopens it with backoff.
 */
import { MemoryLogger, RobotRegistry, SerialBridge, type LinkStateEvent, type SerialBridgeOptions } from '@swarmgate/gateway';
import { FrameDecoder, encodeEnvelopeFrame, makeEnvelope, type Envelope, type EnvelopeBodyInit } from '@swarmgate/protocols';
import { mkdtempSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { startPtyPair, type PtyPair } from '../harness/socat.js';
import { until } from '@swarmgate/firmware-sim/testing';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let seq = 0;
const frame = (robotId: string, body: EnvelopeBodyInit) => Buffer.from(encodeEnvelopeFrame(makeEnvelope(robotId, body, ++seq, seq)));
const birth = (session: number): EnvelopeBodyInit => ({
  birth: { model: 'mona', firmwareVersion: '0.1', protocolVersion: { major: 1, minor: 0 }, session },
});
const telemetry = (fraction: number): EnvelopeBodyInit => ({ telemetry: { battery: { volts: 3.7, fraction } } });

/** The robot's end of the pty: writes raw bytes, decodes what the gateway sends. */
async function robotEnd(path: string): Promise<{ port: SerialPort; received: Envelope[] }> {
  const port = new SerialPort({ path, baudRate: 115200, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  const decoder = new FrameDecoder();
  const received: Envelope[] = [];
  decoder.on('frame', ({ envelope }) => received.push(envelope));
  port.on('data', (chunk: Buffer) => decoder.push(chunk));
  port.on('error', () => undefined); // the pty vanishes under it when socat dies
  cleanups.push(() => (port.isOpen ? new Promise((resolve) => port.close(resolve)) : undefined));
  return { port, received };
}

async function ptyPair(): Promise<PtyPair> {
  const pair = await startPtyPair();
  cleanups.push(() => pair.close());
  return pair;
}

/**
 * A bridge on a stable link name (like /dev/serial/by-id/usb-...) to a fresh pty, with a robot
 * born on it: the setup of the unplug tests.
 */
async function bridgeOnStableLink(robotId: string, options: Pick<SerialBridgeOptions, 'backoff' | 'presenceCheckMs'>) {
  const dir = mkdtempSync(join(tmpdir(), 'serial-link-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const stablePath = join(dir, 'ttyMONA');
  const pair = await ptyPair();
  symlinkSync(pair.a, stablePath);
  const registry = new RobotRegistry({ keepaliveMs: 60_000 });
  const bridge = new SerialBridge({ registry, ports: [stablePath], logger: new MemoryLogger(), ...options });
  const links: LinkStateEvent[] = [];
  bridge.on('link', (event) => links.push(event));
  cleanups.push(() => bridge.stop());
  await bridge.start();
  await until(() => bridge.stateOf(stablePath) === 'online', 'port open');
  const robot = await robotEnd(pair.b);
  robot.port.write(frame(robotId, birth(1)));
  await until(() => registry.get(robotId)?.online === true, 'birth');
  return { stablePath, pair, registry, bridge, links, robot };
}

describe('SerialBridge over socat ptys', () => {
  it('registers the robot, counts noise and truncated frames, resynchronises, sends motor commands', async () => {
    const pair = await ptyPair();
    const registry = new RobotRegistry({ keepaliveMs: 60_000 });
    const logger = new MemoryLogger();
    const bridge = new SerialBridge({ registry, ports: [pair.a], logger });
    cleanups.push(() => bridge.stop());
    await bridge.start();
    await until(() => bridge.stateOf(pair.a) === 'online', 'port open');
    const robot = await robotEnd(pair.b);

    robot.port.write(frame('mona-07', birth(3)));
    await until(() => registry.get('mona-07')?.online === true, 'birth');
    expect(registry.get('mona-07')).toMatchObject({ link: 'serial', session: 3, model: 'mona' });

    const good = frame('mona-07', telemetry(0.25));
    robot.port.write(Buffer.from([0x13, 0x37, 0xfe, 0x00])); // line noise, then a delimiter
    robot.port.write(good.subarray(0, good.length >> 1)); // truncated by a reset: no delimiter
    robot.port.write(frame('mona-07', telemetry(0.5))); // swallowed with the truncated bytes
    const corrupt = Buffer.from(frame('mona-07', telemetry(0.6)));
    corrupt[3] ^= 0x40; // a flipped bit: fails the CRC
    robot.port.write(corrupt);
    robot.port.write(frame('mona-07', telemetry(0.75)));
    await until(() => registry.get('mona-07')?.batteryFraction === 0.75, 'telemetry after noise');
    const counters = bridge.countersOf(pair.a)!;
    expect(counters.frames).toBe(2); // birth and the last telemetry
    expect(counters.garbageBytes + counters.crcErrors + counters.decodeErrors).toBeGreaterThanOrEqual(3);
    expect(counters.crcErrors).toBeGreaterThanOrEqual(1);
    expect(logger.entries.filter((e) => e.level === 'warn').length).toBeGreaterThanOrEqual(3);

    expect(bridge.carries('mona-07')).toBe(true);
    expect(bridge.send('mona-07', { motorCommand: { leftMps: 0.05, rightMps: -0.05, deadlineMs: 300, commandId: 9 } })).toBe(true);
    await until(() => robot.received.length === 1, 'motor command at the robot');
    expect(robot.received[0].robotId).toBe('mona-07');
    expect(robot.received[0].motorCommand).toMatchObject({ deadlineMs: 300, commandId: 9 });
    expect(robot.received[0].motorCommand!.leftMps).toBeCloseTo(0.05, 6);
    expect(counters.framesOut).toBe(1);
  });

  it('reopens a port that disappears and returns, with backoff', async () => {
    const setup = await bridgeOnStableLink('mona-08', { backoff: { initialMs: 20, maxMs: 200 } });
    const { stablePath, registry, bridge, links } = setup;
    let { pair } = setup;

    // Unplug: socat dies, the link name goes.
    await pair.close();
    unlinkSync(stablePath);
    await until(() => bridge.stateOf(stablePath) !== 'online', 'port lost');
    await until(() => registry.get('mona-08')?.online === false, 'robot offline');
    expect(bridge.send('mona-08', { motorCommand: { leftMps: 0.1 } })).toBe(false);
    await until(() => bridge.countersOf(stablePath)!.reopens >= 2, 'failed reopen attempts');

    // Plug back in: a new pty behind the same name; the robot reboots and re-births.
    pair = await ptyPair();
    symlinkSync(pair.a, stablePath);
    await until(() => bridge.stateOf(stablePath) === 'online', 'port reopened');
    const robot = await robotEnd(pair.b);
    robot.port.write(frame('mona-08', birth(2)));
    await until(() => registry.get('mona-08')?.session === 2 && registry.get('mona-08')!.online, 're-birth');
    expect(registry.get('mona-08')!.births).toBe(2);
    const states = links.map((l) => l.state);
    expect(states.slice(0, 3)).toEqual(['connecting', 'online', 'offline']);
    expect(states.at(-1)).toBe('online');
    const delays = links.filter((l) => l.state === 'reconnecting').map((l) => l.delayMs!);
    expect(delays.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...delays)).toBeLessThanOrEqual(200);
  });

  it('says once that a port cannot be opened (a mistyped path), not once per retry', async () => {
    const missing = join(tmpdir(), `no-such-tty-${process.pid}`);
    const logger = new MemoryLogger();
    const bridge = new SerialBridge({ registry: new RobotRegistry({ keepaliveMs: 60_000 }), ports: [missing], logger, backoff: { initialMs: 10, maxMs: 20 } });
    cleanups.push(() => bridge.stop());
    await bridge.start();
    await until(() => bridge.countersOf(missing)!.reopens >= 3, 'several failed opens');
    const warned = logger.entries.filter((e) => e.message.startsWith('serial: cannot open the port'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ level: 'warn', fields: { path: missing, error: expect.stringMatching(/No such file or directory/) } });
  });

  it('closes a port whose device node vanished even when the tty reports no error, and reopens it when it returns', async () => {
    // The pty stays alive, only its stable name goes (udev removing a by-id link): reads never
    // fail, so only the presence check can notice. This is also what saves a pty whose master
    // died while the kernel hung it up with 0-byte reads instead of EIO.
    const { stablePath, pair, registry, bridge, links, robot } = await bridgeOnStableLink('mona-09', {
      backoff: { initialMs: 20, maxMs: 100 },
      presenceCheckMs: 50,
    });

    unlinkSync(stablePath);
    await until(() => bridge.stateOf(stablePath) !== 'online', 'port lost', 3000);
    expect(links.find((l) => l.state === 'offline')?.reason).toBe('device node vanished');
    expect(registry.get('mona-09')?.online).toBe(false);
    expect(bridge.send('mona-09', { motorCommand: { leftMps: 0.1 } })).toBe(false);

    symlinkSync(pair.a, stablePath);
    await until(() => bridge.stateOf(stablePath) === 'online', 'port reopened', 3000);
    robot.port.write(frame('mona-09', birth(2)));
    await until(() => registry.get('mona-09')?.session === 2 && registry.get('mona-09')!.online, 're-birth');
    expect(bridge.send('mona-09', { motorCommand: { leftMps: 0.1, deadlineMs: 200, commandId: 4 } })).toBe(true);
    await until(() => robot.received.some((e) => e.motorCommand?.commandId === 4), 'motor command after the reopen');
  });

  it('survives port listing without udev and opens discovered ports by vendor id', async () => {
    const pair = await ptyPair();
    const logger = new MemoryLogger();
    const registry = new RobotRegistry();
    const failing = new SerialBridge({ registry, discoverVendorIds: ['2341'], logger, listPorts: () => Promise.reject(new Error('udevadm: not found')) });
    cleanups.push(() => failing.stop());
    await failing.start();
    expect(failing.paths()).toEqual([]);
    expect(logger.entries.some((e) => e.level === 'warn' && e.message.includes('cannot list ports'))).toBe(true);

    const listed = [
      { path: pair.a, vendorId: '2341' },
      { path: '/dev/does-not-matter', vendorId: '0403' },
    ].map((p) => ({ manufacturer: undefined, serialNumber: undefined, pnpId: undefined, locationId: undefined, productId: undefined, ...p }));
    const discovering = new SerialBridge({ registry, discoverVendorIds: ['2341'], logger, listPorts: async () => listed });
    cleanups.push(() => discovering.stop());
    await discovering.start();
    expect(discovering.paths()).toEqual([pair.a]);
    await until(() => discovering.stateOf(pair.a) === 'online', 'discovered port open');
  });
  it('asks a robot it hears without a Birth for one on that port, once a second, and in fleet mode only fleet robots', async () => {
    const pair = await ptyPair();
    const registry = new RobotRegistry({ keepaliveMs: 60_000, fleetRobotIds: ['mona-01'] });
    const bridge = new SerialBridge({ registry, ports: [pair.a], logger: new MemoryLogger() });
    cleanups.push(() => bridge.stop());
    await bridge.start();
    await until(() => bridge.stateOf(pair.a) === 'online', 'port open');
    const robot = await robotEnd(pair.b);
    const requests = () => robot.received.filter((e) => e.command?.requestBirth).map((e) => e.robotId);
    // Ten Telemetry from a fleet robot and ten from a stranger, within well under a second.
    for (let i = 0; i < 10; i++) robot.port.write(Buffer.concat([frame('mona-01', telemetry(0.5)), frame('stranger', telemetry(0.5))]));
    await until(() => bridge.countersOf(pair.a)!.mismatches === 20, 'the unborn traffic');
    await until(() => requests().length === 1, 'the request');
    const startedMs = Date.now();
    expect(requests()).toEqual(['mona-01']);
    // The answer is admitted; the robot's traffic then flows and asks nothing more.
    robot.port.write(frame('mona-01', birth(7)));
    await until(() => registry.get('mona-01')?.session === 7, 'the Birth it asked for');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1100 - (Date.now() - startedMs))));
    robot.port.write(frame('mona-01', telemetry(0.25)));
    await until(() => registry.get('mona-01')?.batteryFraction === 0.25, 'its Telemetry');
    expect(requests()).toEqual(['mona-01']);
    expect(registry.counters.birthRequests).toBe(1);
  });
  it('refuses a Birth of an id online on another port and keeps driving the holder there', async () => {
    const [first, second] = [await ptyPair(), await ptyPair()];
    const registry = new RobotRegistry({ keepaliveMs: 60_000 });
    const bridge = new SerialBridge({ registry, ports: [first.a, second.a], logger: new MemoryLogger() });
    cleanups.push(() => bridge.stop());
    await bridge.start();
    await until(() => bridge.stateOf(first.a) === 'online' && bridge.stateOf(second.a) === 'online', 'ports open');
    const holder = await robotEnd(first.b);
    const newcomer = await robotEnd(second.b);
    holder.port.write(frame('mona-05', birth(1)));
    await until(() => registry.get('mona-05')?.online === true, 'the holder born');
    newcomer.port.write(frame('mona-05', birth(1)));
    await until(() => newcomer.received.some((e) => e.error), 'the refusal');
    expect(registry.channelOf('mona-05')).toBe(`serial:${first.a}`);
    expect(bridge.carries('mona-05')).toBe(true);
    expect(bridge.send('mona-05', { command: { commandId: 9, stop: {} } })).toBe(true);
    await until(() => holder.received.some((e) => e.command?.commandId === 9), 'the holder driven on its own port');
    expect(newcomer.received.some((e) => e.command)).toBe(false);
  });
});
