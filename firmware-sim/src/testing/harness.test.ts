import mqtt from 'mqtt';
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { startMosquitto, type MosquittoBroker } from './mosquitto.js';
import { startPtyPair, type PtyPair } from './socat.js';

describe('startMosquitto', () => {
  let broker: MosquittoBroker | undefined;
  afterEach(async () => {
    await broker?.stop();
    broker = undefined;
  });

  async function roundTrip(url: string): Promise<string> {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    try {
      const received = new Promise<string>((resolve) => client.on('message', (_, payload) => resolve(payload.toString())));
      await client.subscribeAsync('harness/t', { qos: 1 });
      await client.publishAsync('harness/t', 'hello', { qos: 1 });
      return await received;
    } finally {
      await client.endAsync();
    }
  }

  it('runs a real broker on a free port and survives a restart', async () => {
    broker = await startMosquitto();
    expect(broker.url).toBe(`mqtt://127.0.0.1:${broker.port}`);
    expect(await roundTrip(broker.url)).toBe('hello');
    await broker.restart();
    expect(await roundTrip(broker.url)).toBe('hello');
  });

  it('reports a broker that cannot start with its output', async () => {
    await expect(startMosquitto({ config: ['no_such_option 1'] })).rejects.toThrow(/SG_HARNESS.*mosquitto did not start/s);
  });
});

describe('startPtyPair', () => {
  let pair: PtyPair | undefined;
  afterEach(async () => {
    await pair?.close();
    pair = undefined;
  });

  it('links two real ptys', async () => {
    pair = await startPtyPair();
    expect(pair.a).toMatch(/^\/dev\/pts\/\d+$/);
    expect(pair.b).toMatch(/^\/dev\/pts\/\d+$/);
    const open = (path: string) =>
      new Promise<SerialPort>((resolve, reject) => {
        const port: SerialPort = new SerialPort({ path, baudRate: 115200 }, (error) => (error ? reject(error) : resolve(port)));
      });
    const a = await open(pair.a);
    const b = await open(pair.b);
    try {
      const received = new Promise<Buffer>((resolve) => b.once('data', resolve));
      a.write(Buffer.from([0, 1, 2, 0xff]));
      expect(Array.from(await received)).toEqual([0, 1, 2, 0xff]);
    } finally {
      await Promise.all([a, b].map((port) => new Promise((resolve) => port.close(resolve))));
    }
  });
});
