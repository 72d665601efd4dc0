/**
 * Interop with real clients (issue 4): a `swarmgate serve` process on a real Mosquitto, and
 * only the Debian tools on the other side. `mosquitto_sub` captures a State and
 * `protoc --decode` prints it from the .proto alone; `mosquitto_pub` sends a Command made by
 * `encodeEnvelope` that the robot executes, and random bytes that the gateway refuses with an
 * Error on the robot's error topic while the trial keeps ticking.
 *
 * r0 is `--remote`: the trial's host-side algorithm would refuse Commands for it (BUSY).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { RobotStatus, decodeEnvelope, encodeEnvelope, makeEnvelope, robotTopic, type Envelope } from '@swarmgate/protocols';
import { Inbox, terminate } from '@swarmgate/firmware-sim/testing';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { runTool, startTool, type Tool } from './tools.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SWARMGATE_BIN = join(ROOT, 'gateway', 'bin', 'swarmgate.js');
const PROTO_DIR = join(ROOT, 'protocols', 'proto');
const PROTO_FILE = join(PROTO_DIR, 'swarmgate', 'v1', 'swarmgate.proto');
const FLEET = 'lab';
const ROBOT = 'r0';

/** `protoc --decode` of one Envelope, from the .proto file alone (no generated code). */
function protocDecode(bytes: Buffer): Promise<string> {
  return runTool('protoc', [`--decode=swarmgate.v1.Envelope`, `-I${PROTO_DIR}`, PROTO_FILE], bytes);
}

/** The payload of `mosquitto_sub -F %x` (hex), whatever else `-d` printed around it. */
function hexPayload(output: string): Buffer {
  const line = output.split('\n').find((l) => /^[0-9a-f]+$/.test(l.trim()));
  if (line === undefined) throw new Error(`no hex payload in mosquitto_sub output:\n${output}`);
  return Buffer.from(line.trim(), 'hex');
}

/** The difference of two headings, wrapped into [-pi, pi]. */
function headingDeltaRad(a: number, b: number): number {
  return Math.atan2(Math.sin(a - b), Math.cos(a - b));
}

describe('interop with mosquitto_sub, mosquitto_pub and protoc', () => {
  let broker: MosquittoBroker;
  let serve: ChildProcess;
  let serveOutput = '';
  let observer: MqttClient;
  let dir: string;
  const inbox = new Inbox();
  const brokerArgs = (): string[] => ['-h', '127.0.0.1', '-p', String(broker.port)];
  const states = (): Envelope[] => inbox.items.filter((e) => e.state !== null && e.body === 'state');
  const lastTick = (): number => states().at(-1)?.state?.tick ?? -1;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'swarmgate-interop-'));
    broker = await startMosquitto();
    observer = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    await observer.subscribeAsync([robotTopic(FLEET, ROBOT, 'state'), robotTopic(FLEET, ROBOT, 'ack'), robotTopic(FLEET, ROBOT, 'error')]);
    observer.on('message', (_topic, payload) => inbox.push(decodeEnvelope(payload)));
    serve = spawn(process.execPath, [SWARMGATE_BIN, 'serve', '--map', 'building:20x20:seed=3', '--robots', '2', '--remote', ROBOT, '--mqtt', broker.url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    serve.stdout!.on('data', (chunk: Buffer) => (serveOutput += chunk.toString()));
    serve.stderr!.on('data', (chunk: Buffer) => (serveOutput += chunk.toString()));
    await inbox.waitFor((e) => e.body === 'state', `a State of ${ROBOT} (serve output: ${serveOutput})`, 30_000);
  }, 40_000);

  afterAll(async () => {
    if (serve) await terminate(serve);
    await observer?.endAsync();
    await broker?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('mosquitto_sub captures a State that protoc --decode prints', async () => {
    const hex = await runTool('mosquitto_sub', [...brokerArgs(), '-C', '1', '-W', '20', '-F', '%x', '-t', robotTopic(FLEET, ROBOT, 'state')]);
    const bytes = hexPayload(hex);
    const printed = await protocDecode(bytes);
    // States come from the gateway (robot id $gateway) on the robot's own topic.
    expect(printed).toMatch(/^robot_id: "\$gateway"$/m);
    expect(printed).toMatch(/^version \{\n {2}major: 1\n/m);
    const tick = Number(/^state \{\n {2}tick: (\d+)$/m.exec(printed)?.[1]);
    expect(tick).toBeGreaterThan(0);
    expect(printed).toMatch(/^ {2}pose \{\n( {4}\w+: -?[\d.e+-]+\n)+ {2}\}$/m);
    // The same bytes through our decoder: protoc and protobufjs agree on the tick.
    expect(decodeEnvelope(bytes).state?.tick).toBe(tick);
  }, 30_000);

  it('mosquitto_pub sends a Command that the robot executes', async () => {
    const before = states().at(-1)!.state!;
    expect(before.status).toBe(RobotStatus.ROBOT_STATUS_IDLE);
    const commandId = 4242;
    const file = join(dir, 'rotate.bin');
    writeFileSync(file, encodeEnvelope(makeEnvelope(ROBOT, { command: { commandId, rotate: { angleDeg: 90 } } }, 1, Date.now())));
    await runTool('mosquitto_pub', [...brokerArgs(), '-q', '1', '-t', robotTopic(FLEET, ROBOT, 'cmd'), '-f', file]);

    await inbox.waitFor((e) => e.ack?.commandId === commandId, `an Ack of command ${commandId}`, 10_000);
    await inbox.waitFor((e) => e.state?.status === RobotStatus.ROBOT_STATUS_ROTATING, `${ROBOT} rotating`, 10_000);
    const done = await inbox.waitFor(
      (e) => e.state !== null && e.state.tick > before.tick && Math.abs(headingDeltaRad(e.state.pose!.headingRad, before.pose!.headingRad)) > 1.2,
      `${ROBOT} turned by about 90 degrees`,
      20_000,
    );
    expect(headingDeltaRad(done.state!.pose!.headingRad, before.pose!.headingRad)).toBeGreaterThan(1.2);
    expect(inbox.of('error')).toHaveLength(0);
  }, 40_000);

  it('mosquitto_pub random bytes: an Error on the error topic, the trial unharmed', async () => {
    const errorSub: Tool = startTool('stdbuf', [
      '-oL',
      'mosquitto_sub',
      ...brokerArgs(),
      '-d',
      '-C',
      '1',
      '-W',
      '20',
      '-F',
      '%x',
      '-t',
      robotTopic(FLEET, ROBOT, 'error'),
    ]);
    await errorSub.waitForOutput(/SUBACK/, 10_000);
    const tickBefore = lastTick();
    const file = join(dir, 'garbage.bin');
    // Random, but led by a tag of wire type 7, which no protobuf decoder accepts: the bytes
    // cannot decode by chance into a valid Envelope.
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0xff]), randomBytes(60)]));
    await runTool('mosquitto_pub', [...brokerArgs(), '-q', '1', '-t', robotTopic(FLEET, ROBOT, 'cmd'), '-f', file]);

    const printed = await protocDecode(hexPayload(await errorSub.done));
    expect(printed).toMatch(/^robot_id: "\$gateway"$/m);
    expect(printed).toMatch(/^error \{\n {2}code: ERROR_CODE_DECODE$/m);
    // The trial goes on: ticks advance, and r0 still takes Commands.
    await inbox.waitFor((e) => (e.state?.tick ?? 0) > tickBefore + 20, 'States 20 ticks after the garbage', 15_000);
    const file2 = join(dir, 'stop.bin');
    writeFileSync(file2, encodeEnvelope(makeEnvelope(ROBOT, { command: { commandId: 4343, stop: {} } }, 2, Date.now())));
    await runTool('mosquitto_pub', [...brokerArgs(), '-q', '1', '-t', robotTopic(FLEET, ROBOT, 'cmd'), '-f', file2]);
    await inbox.waitFor((e) => e.ack?.commandId === 4343, 'an Ack of the Stop after the garbage', 10_000);
    expect(serve.exitCode).toBeNull();
  }, 40_000);
});
