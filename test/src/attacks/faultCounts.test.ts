/**
 * The faults no robot or controller message carries are counted too, in GET /api/trial, and
 * logged at most once per interval: garbage on a serial line (a real pty pair), HTTP requests
 * the guard or a schema refuses (real requests on a real port), and MQTT clients the embedded
 * broker refuses (50 failed logins). After each, the gateway keeps serving.
 */
import { SerialBridge, type TrialFaults } from '@swarmgate/gateway';
import { FRAME_DELIMITER, cobsEncode, encodeEnvelopeFrame, makeEnvelope } from '@swarmgate/protocols';
import mqtt from 'mqtt';
import { SerialPort } from 'serialport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPtyPair, type PtyPair } from '../harness/socat.js';
import { waitFor } from '../trial/liveHarness.js';
import { send, startAttackTarget, type AttackTarget } from './attackHarness.js';

const FLEET_YAML = `fleet: lab
gateway: { username: gw, password: gw-secret }
robots:
  - { id: s1, password: s1-pw }
virtualRobots: [r0, r1]
`;

describe('faults outside robot and controller messages, counted in GET /api/trial', () => {
  let pty: PtyPair;
  let target: AttackTarget;
  let port: number;
  let auth: Record<string, string>;

  beforeAll(async () => {
    pty = await startPtyPair();
    target = await startAttackTarget({
      broker: 'aedes',
      fleet: { yaml: FLEET_YAML, username: 'gw', password: 'gw-secret' },
      http: true,
      service: { serialPorts: [pty.b] },
    });
    port = target.service.httpPort!;
    auth = { 'content-type': 'application/json', authorization: `Bearer ${target.service.httpToken!}` };
  }, 60_000);

  afterAll(async () => {
    await target?.cleanup();
    await pty?.close();
  });

  async function faults(): Promise<TrialFaults> {
    const reply = await send(port, 'GET', '/api/trial');
    expect(reply.status).toBe(200);
    return (JSON.parse(reply.body) as { faults: TrialFaults }).faults;
  }

  const linesOf = (message: string) => target.logger.entries.filter((entry) => entry.message === message);

  it('counts garbage, corrupt and oversize segments on a serial line in faults.uplink', async () => {
    const bridge = target.service.hil['links'].find((link) => link instanceof SerialBridge);
    if (!(bridge instanceof SerialBridge)) throw new Error('the live service has no SerialBridge');
    await waitFor('the serial port to open', () => bridge.stateOf(pty.b) === 'online', 10_000);
    const before = await faults();

    const valid = encodeEnvelopeFrame(makeEnvelope('s9', { telemetry: { battery: { volts: 3.8, fraction: 0.7 } } }, 1, 1));
    const corrupt = Uint8Array.from(valid);
    corrupt[3] = corrupt[3]! ^ 0x40; // a bit flipped after the CRC: a CRC error
    const noise = Uint8Array.from([0x07, 0x01, 0x02, FRAME_DELIMITER]); // not COBS: garbage
    const tooShort = Uint8Array.from([...cobsEncode(Uint8Array.from([1, 2])), FRAME_DELIMITER]); // no room for a CRC: garbage
    const oversize = new Uint8Array(4000).fill(0x55);
    oversize[oversize.length - 1] = FRAME_DELIMITER;
    const segments = [corrupt, noise, tooShort, oversize, corrupt];
    const bytes = Buffer.concat(segments);

    const writer = new SerialPort({ path: pty.a, baudRate: 115_200, autoOpen: false });
    await new Promise<void>((resolve, reject) => writer.open((error) => (error ? reject(error) : resolve())));
    writer.on('data', () => undefined);
    const bytesInBefore = bridge.countersOf(pty.b)!.bytesIn;
    writer.write(bytes);
    await new Promise<void>((resolve, reject) => writer.drain((error) => (error ? reject(error) : resolve())));
    await waitFor('the bridge to read every byte', () => bridge.countersOf(pty.b)!.bytesIn - bytesInBefore >= bytes.length, 10_000);
    await new Promise<void>((resolve) => writer.close(() => resolve()));

    const after = await faults();
    expect(after.uplink - before.uplink).toBe(segments.length);
    expect(after.total - before.total).toBe(segments.length);
    const counters = bridge.countersOf(pty.b)!;
    expect(counters).toMatchObject({ crcErrors: 2, garbageSegments: 2, oversize: 1 });
    // The trial goes on.
    const tick = target.service.live.world.tick;
    await waitFor('the trial to tick', () => target.service.live.world.tick > tick + 3, 5000);
  });

  it('counts a bad token, a rebinding Host and a bad body in faults.http, one log line per (status, client)', async () => {
    const before = await faults();
    expect((await send(port, 'POST', '/api/estop', { ...auth, authorization: 'Bearer wrong' }, '{"robotId":"r0"}')).status).toBe(401);
    expect((await faults()).http).toBe(before.http + 1);
    expect((await send(port, 'GET', '/api/trial', { host: 'evil.example' })).status).toBe(421);
    expect((await faults()).http).toBe(before.http + 2);
    expect((await send(port, 'POST', '/api/estop', auth, '{"robotID":"r0"}')).status).toBe(400);
    expect((await send(port, 'POST', '/api/estop', auth, '{not json')).status).toBe(400);
    expect((await faults()).http).toBe(before.http + 4);
    expect(target.service.live.status().emergencyStopped).toEqual([]);

    // A flood of wrong tokens: each counted, one line for (401, 127.0.0.1).
    for (let i = 0; i < 30; i++) await send(port, 'POST', '/api/estop', { ...auth, authorization: `Bearer wrong-${i}` }, '{}');
    expect((await faults()).http).toBe(before.http + 34);
    const lines401 = linesOf('http: request answered 401');
    expect(lines401).toHaveLength(1);
    expect(lines401[0]!.fields).toMatchObject({ client: '127.0.0.1', method: 'POST', url: '/api/estop' });
    expect(linesOf('http: request answered 421')).toHaveLength(1);
    expect(linesOf('http: request answered 400')).toHaveLength(1);

    // The server keeps serving, and a good request is not a fault.
    const ok = await send(port, 'POST', '/api/estop', auth, '{"robotId":"r0"}');
    expect(ok.status).toBe(200);
    await send(port, 'POST', '/api/estop/release', auth, '{"robotId":"r0"}');
    expect((await faults()).http).toBe(before.http + 34);
  });

  it('counts 50 failed logins at the embedded broker in faults.broker, logged at most twice', async () => {
    const before = await faults();
    const linesBefore = linesOf('broker: authentication failed').length;
    for (let i = 0; i < 50; i++) {
      await expect(mqtt.connectAsync(target.mqttUrl, { username: 's1', password: `guess-${i}`, reconnectPeriod: 0, clientId: `guess-${i}` })).rejects.toThrow(
        /Bad username or password|Not authorized/i,
      );
    }
    const after = await faults();
    expect(after.broker - before.broker).toBe(50);
    expect(linesOf('broker: authentication failed').length - linesBefore).toBeLessThanOrEqual(2);
    expect(linesOf('broker: authentication failed').length).toBeGreaterThanOrEqual(1);
    // The right login still gets in.
    const robot = await target.connect({ username: 's1', password: 's1-pw' });
    expect(robot.connected).toBe(true);
  });
});
