/**
 * A client on the lab network streams one MQTT packet as large as MQTT allows (a CONNECT whose
 * header declares 268,435,455 bytes), before it logs in: the broker must end the connection at
 * the header, not buffer the body. On both brokers a fleet runs with: the embedded one
 * (MqttPacketGuard) and Mosquitto with the configuration `swarmgate fleet` writes
 * (`max_packet_size`). A robot that logged in is held to the same budget, and a publish at the
 * envelope limit still passes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedBroker, MemoryLogger, parseFleetFile, writeMosquittoConfig } from '@swarmgate/gateway';
import { MAX_ENVELOPE_BYTES, MAX_MQTT_PACKET_BYTES } from '@swarmgate/protocols';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { startMosquitto } from '../harness/mosquitto.js';

const FLEET = parseFleetFile(`fleet: lab
gateway: { username: gw, password: gw-secret }
robots:
  - { id: r1, password: r1-pw }
`);

/** What the attacker streams: more than a broker holding it whole could afford a few times over. */
const STREAM_BYTES = 64 * 1024 * 1024;

/**
 * Sends a CONNECT header declaring MQTT's largest packet, then its body in 64 KiB writes until
 * the broker closes the connection or STREAM_BYTES went out; how much went out and whether it closed.
 */
async function streamHugeConnect(url: string): Promise<{ written: number; closed: boolean }> {
  const { hostname, port } = new URL(url);
  const socket = connectTcp(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let closed = false;
  const whenClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void whenClosed.then(() => (closed = true));
  socket.on('error', () => undefined); // a reset while writing is the refusal this waits for
  socket.write(Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f]));
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  while (written < STREAM_BYTES && !closed) {
    if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), whenClosed]);
    written += chunk.length;
  }
  await Promise.race([whenClosed, new Promise((resolve) => setTimeout(resolve, 5000))]);
  socket.destroy();
  return { written, closed };
}

async function expectPacketBudget(url: string): Promise<void> {
  const attack = await streamHugeConnect(url);
  expect(attack.closed).toBe(true);
  // Socket buffers on both sides hold a few MB at most; a broker reading on would take all 64 MB.
  expect(attack.written).toBeLessThan(16 * 1024 * 1024);

  const robot = await mqtt.connectAsync(url, { username: 'r1', password: 'r1-pw', clientId: 'r1', reconnectPeriod: 0 });
  const dropped = new Promise<void>((resolve) => robot.once('close', () => resolve()));
  robot.publish('swarmgate/v1/lab/r1/telemetry', Buffer.alloc(MAX_MQTT_PACKET_BYTES));
  await dropped;
  robot.end(true);

  const gateway = await mqtt.connectAsync(url, { username: 'gw', password: 'gw-secret', clientId: 'gw', reconnectPeriod: 0 });
  await gateway.subscribeAsync('swarmgate/v1/lab/r1/telemetry', { qos: 1 });
  const received = new Promise<number>((resolve) => gateway.once('message', (_topic, payload) => resolve(payload.length)));
  const again = await mqtt.connectAsync(url, { username: 'r1', password: 'r1-pw', clientId: 'r1', reconnectPeriod: 0 });
  await again.publishAsync('swarmgate/v1/lab/r1/telemetry', Buffer.alloc(MAX_ENVELOPE_BYTES), { qos: 1 });
  expect(await received).toBe(MAX_ENVELOPE_BYTES);
  await Promise.all([again.endAsync(), gateway.endAsync()]);
}

describe('attack: one MQTT packet as large as MQTT allows', () => {
  it('the embedded broker ends the connection at the header and counts it', async () => {
    const broker = await EmbeddedBroker.start({ fleet: FLEET, port: 0, logger: new MemoryLogger() });
    try {
      await expectPacketBudget(broker.url);
      expect(broker.counters.oversizePackets).toBe(2);
    } finally {
      await broker.close();
    }
  }, 60_000);

  it('Mosquitto with the fleet configuration ends it too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'packet-mosq-'));
    await writeMosquittoConfig(FLEET, dir);
    const mosquitto = await startMosquitto({ includeDir: dir });
    try {
      await expectPacketBudget(mosquitto.url);
    } finally {
      await mosquitto.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
