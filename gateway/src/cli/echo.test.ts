/** `swarmgate echo` through the real binary against the embedded broker; its help and bad flags through `main`. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { encodeEnvelope, makeEnvelope, robotTopic } from '@swarmgate/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedBroker } from '../hil/EmbeddedBroker.js';
import { parseFleetFile } from '../hil/FleetFile.js';
import { MemoryLogger } from '../hil/Logger.js';
import { runMain, runSwarmgate } from './testing/runSwarmgate.js';

const BIN = fileURLToPath(new URL('../../bin/swarmgate.js', import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs `swarmgate echo ...` while `publish` runs every 100 ms, until the command exits. */
async function echoWhilePublishing(args: string[], publish: () => void): Promise<{ code: number | null; lines: Record<string, unknown>[]; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'echo', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // The child subscribes some time after it starts: publish until it has what it waits for.
  const timer = setInterval(publish, 100);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  return {
    code,
    lines: stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>),
    stderr,
  };
}

async function broker(): Promise<{ url: string; client: mqtt.MqttClient }> {
  const b = await EmbeddedBroker.start({ fleet: null, port: 0, logger: new MemoryLogger() });
  cleanups.push(() => b.close());
  const client = await mqtt.connectAsync(b.url, { clientId: 'echo-test-publisher' });
  cleanups.push(() => client.endAsync());
  return { url: b.url, client };
}

describe('swarmgate echo', () => {
  it("prints a robot's State as one decoded JSON line, and an undecodable payload as an error line", async () => {
    const { url, client } = await broker();
    const state = encodeEnvelope(makeEnvelope('r7', { state: { tick: 42, pose: { xM: 1, yM: 2, headingRad: 0.5 } } }, 1, 0));
    let alternate = false;
    const result = await echoWhilePublishing(['--mqtt', url, '--robot', 'r7', '--count', '2'], () => {
      alternate = !alternate;
      if (alternate) client.publish(robotTopic('lab', 'r7', 'state'), Buffer.from(state));
      else client.publish(robotTopic('lab', 'r7', 'telemetry'), Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff]));
      // Another robot's messages are not asked for.
      client.publish(robotTopic('lab', 'r8', 'state'), Buffer.from(state));
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.lines).toHaveLength(2);
    const decoded = result.lines.find((l) => l.kind === 'state');
    const failed = result.lines.find((l) => l.kind === 'telemetry');
    expect(decoded).toMatchObject({ robot: 'r7', body: 'state', state: { tick: 42, pose: { x_m: 1, y_m: 2 } } });
    expect((decoded as { state: { pose: { heading_rad: number } } }).state.pose.heading_rad).toBeCloseTo(0.5, 6);
    expect(failed).toMatchObject({ topic: 'swarmgate/v1/lab/r7/telemetry', robot: 'r7', bytes: 5 });
    expect(failed?.error).toMatch(/SG_PROTO_DECODE/);
  }, 60_000);

  it('--kind keeps only that kind (a body kind here)', async () => {
    const { url, client } = await broker();
    const command = encodeEnvelope(makeEnvelope('r2', { command: { move: { distanceM: 0.5 } } }, 3, 0));
    const telemetry = encodeEnvelope(makeEnvelope('r2', { telemetry: { encoderLeftTicks: 7 } }, 4, 0));
    const result = await echoWhilePublishing(['--mqtt', url, '--kind', 'command', '--count', '1'], () => {
      client.publish(robotTopic('lab', 'r2', 'telemetry'), Buffer.from(telemetry));
      client.publish(robotTopic('lab', 'r2', 'cmd'), Buffer.from(command));
    });
    expect(result.code).toBe(0);
    expect(result.lines).toEqual([expect.objectContaining({ kind: 'cmd', body: 'command', command: expect.objectContaining({ move: { distance_m: 0.5 } }) })]);
  }, 60_000);

  it("--fleet logs in as the fleet file's gateway user on its fleet's topics (a fleet broker refuses anyone else)", async () => {
    const fleetText = ['fleet: hall', 'gateway: { username: gw, password: gw-secret }', 'robots: [{ id: m1, password: m1-pw }]', ''].join('\n');
    const b = await EmbeddedBroker.start({ fleet: parseFleetFile(fleetText), port: 0, logger: new MemoryLogger() });
    cleanups.push(() => b.close());
    const dir = mkdtempSync(join(tmpdir(), 'swarmgate-echo-fleet-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const fleetFile = join(dir, 'fleet.yaml');
    writeFileSync(fleetFile, fleetText);
    const robot = await mqtt.connectAsync(b.url, { clientId: 'm1', username: 'm1', password: 'm1-pw' });
    cleanups.push(() => robot.endAsync());
    const telemetry = encodeEnvelope(makeEnvelope('m1', { telemetry: { encoderLeftTicks: 42 } }, 9, 0));
    const result = await echoWhilePublishing(['--mqtt', b.url, '--fleet', fleetFile, '--robot', 'm1', '--count', '1'], () => {
      robot.publish(robotTopic('hall', 'm1', 'telemetry'), Buffer.from(telemetry));
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.lines).toEqual([
      expect.objectContaining({ topic: 'swarmgate/v1/hall/m1/telemetry', body: 'telemetry', telemetry: expect.objectContaining({ encoder_left_ticks: 42 }) }),
    ]);
    const anonymous = await runSwarmgate('echo', '--mqtt', b.url, '--fleet-name', 'hall', '--count', '1');
    expect(anonymous.code).toBe(1);
    expect(anonymous.stderr).toMatch(/SG_MQTT_CONNECT/);
  }, 60_000);

  it('a fleet broker refusing the login or the subscription: exit 1, one line naming the flag that fixes it', async () => {
    const fleetText = ['fleet: hall', 'gateway: { username: gw, password: gw-secret }', 'robots: [{ id: m1, password: m1-pw }]', ''].join('\n');
    const b = await EmbeddedBroker.start({ fleet: parseFleetFile(fleetText), port: 0, logger: new MemoryLogger() });
    cleanups.push(() => b.close());
    const [anonymous, robotLogin, wrongPassword, wrongFleet] = await Promise.all([
      runSwarmgate('echo', '--mqtt', b.url, '--fleet-name', 'hall', '--count', '1'),
      runSwarmgate('echo', '--mqtt', b.url, '--fleet-name', 'hall', '--username', 'm1', '--password', 'm1-pw', '--count', '1'),
      runSwarmgate('echo', '--mqtt', b.url, '--fleet-name', 'hall', '--username', 'gw', '--password', 'nope', '--count', '1'),
      runSwarmgate('echo', '--mqtt', b.url, '--fleet-name', 'lab', '--username', 'gw', '--password', 'gw-secret', '--count', '1'),
    ]);
    for (const result of [anonymous, robotLogin, wrongPassword, wrongFleet]) {
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
    }
    expect(anonymous.stderr).toMatch(/SG_MQTT_CONNECT: .*Bad username or password; this broker asks for a login: --fleet FILE/);
    expect(robotLogin.stderr).toMatch(/SG_MQTT_CONNECT: .*refused.*; this login may not read those topics: .*give --fleet FILE/);
    expect(wrongPassword.stderr).toMatch(/SG_MQTT_CONNECT: .*Bad username or password; check the login/);
    expect(wrongFleet.stderr).toMatch(
      /SG_MQTT_CONNECT: .*swarmgate\/v1\/lab\/\+\/\+ refused \(SUBACK 0x80\); this login may not read those topics: .*--fleet-name must be the broker's fleet/,
    );
  }, 60_000);

  it('mqtts:// on a plain broker: exit 1, one line saying to use mqtt://', async () => {
    const b = await EmbeddedBroker.start({ fleet: null, port: 0, logger: new MemoryLogger() });
    cleanups.push(() => b.close());
    const result = await runSwarmgate('echo', '--mqtt', b.url.replace(/^mqtt:/, 'mqtts:'), '--count', '1');
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
    expect(result.stderr).toMatch(/SG_MQTT_CONNECT: .*; the server there does not speak TLS .*--mqtt mqtt:\/\/HOST:PORT, without --mqtt-ca FILE/);
  }, 60_000);

  it('a server that is no MQTT broker (an HTTP port): exit 1, one line saying so', async () => {
    const http = createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => http.close(() => resolve())));
    const { port } = http.address() as AddressInfo;
    const result = await runSwarmgate('echo', '--mqtt', `mqtt://127.0.0.1:${port}`, '--count', '1');
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
    expect(result.stderr).toMatch(/SG_MQTT_CONNECT: .*; the server there does not speak MQTT \(an HTTP port\? .*--mqtt-port/);
  }, 60_000);

  it('refuses bad flags with exit 2, and a broker it cannot reach with exit 1 and one line', async () => {
    // The flags are refused before any connection: `main` in this process tells them as the
    // binary would, without a child's second of start-up. The unreachable broker keeps the real
    // binary: a client left reconnecting would hold the process open, and its exit tells.
    const bad = await runMain('echo', '--kind', 'bogus');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--kind 'bogus' is not a topic kind");
    const ca = await runMain('echo', '--mqtt', 'mqtt://127.0.0.1:1', '--mqtt-ca', '/nonexistent.pem');
    expect(ca.code).toBe(2);
    expect(ca.stderr).toContain('--mqtt-ca needs an mqtts:// --mqtt URL');
    const unreachable = await runSwarmgate('echo', '--mqtt', 'mqtt://127.0.0.1:1');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/SG_MQTT_CONNECT/);
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('--help lists every flag it takes (main, in this process)', async () => {
    const r = await runMain('echo', '--help');
    expect(r.code).toBe(0);
    for (const flag of [
      '--mqtt URL',
      '--mqtt-ca FILE',
      '--fleet FILE',
      '--username U',
      '--password P',
      '--fleet-name NAME',
      '--robot ID',
      '--kind KIND',
      '--count N',
    ]) {
      expect(r.stdout).toContain(flag);
    }
  });
});
