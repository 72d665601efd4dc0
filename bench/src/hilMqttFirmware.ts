/**
 * The robot side of `npm run bench -- hil-mqtt`, in its own process as real robots would be
 * (forked by hilMqtt.ts, IPC channel): robots first .. first+count-1 on one broker, each on
 * its own MQTT connection, reporting when each MotorCommand arrived.
 *   mona <url> <fleet> <first> <count>      MonaSim firmwares (decode, watchdog, telemetry at 10 Hz)
 *   raw <url> <topicRoot> <first> <count>   bare mqtt.js subscribers, no decode (the baseline)
 * Messages to the parent: { ready: true } (raw only; mona robots announce themselves by
 * Birth), then { receipts: [robot, slot, atMs, ...] } every 250 ms. On { stop: true } it
 * flushes, disconnects and exits.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { MonaSim } from '@swarmgate/firmware-sim';
import { hiResNowMs, probeMotorReceipts } from './hilProbe.js';

export const monaId = (index: number): string => `mona-${String(index).padStart(3, '0')}`;
export const rawTopic = (root: string, index: number): string => `${root}/${index}`;

export type FirmwareMessage = { readonly ready: true } | { readonly receipts: readonly number[] };
export type ParentMessage = { readonly stop: true };

async function main(): Promise<void> {
  const [mode, url, level, firstText, countText] = process.argv.slice(2);
  const first = Number(firstText);
  const count = Number(countText);
  if ((mode !== 'mona' && mode !== 'raw') || !url || !level || !Number.isInteger(first) || first < 0 || !Number.isInteger(count) || count < 1 || !process.send) {
    throw new Error('usage (forked with IPC): hilMqttFirmware.ts mona|raw <url> <fleet|topicRoot> <first> <count>');
  }
  let pending: number[] = [];
  const record = (robot: number, slot: number, atMs: number): void => void pending.push(robot, slot, atMs);
  const flush = (then: () => void = () => undefined): void => {
    process.send!({ receipts: pending } satisfies FirmwareMessage, then);
    pending = [];
  };
  const flushTimer = setInterval(() => flush(), 250);

  let stop: () => Promise<unknown>;
  if (mode === 'mona') {
    const sims = Array.from({ length: count }, (_, k) => {
      const i = first + k;
      const sim = new MonaSim({ robotId: monaId(i), link: { kind: 'mqtt', url, fleet: level, keepaliveS: 5 }, seed: i + 1, telemetryHz: 10 });
      probeMotorReceipts(sim, (slot, atMs) => record(i, slot, atMs));
      return sim;
    });
    for (const sim of sims) sim.start();
    stop = () => Promise.all(sims.map((sim) => sim.stop()));
  } else {
    const clients: MqttClient[] = await Promise.all(
      Array.from({ length: count }, async (_, k) => {
        const i = first + k;
        const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
        client.on('message', (_topic, payload) => record(i, payload[0]!, hiResNowMs()));
        await client.subscribeAsync(rawTopic(level, i), { qos: 0 });
        return client;
      }),
    );
    process.send({ ready: true } satisfies FirmwareMessage);
    stop = () => Promise.all(clients.map((client) => client.endAsync()));
  }

  process.on('message', (message: ParentMessage) => {
    if (!message.stop) return;
    clearInterval(flushTimer);
    void stop().then(() => flush(() => process.exit(0)));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: Error) => {
    process.stderr.write(`hilMqttFirmware: ${error.message}\n`);
    process.exit(1);
  });
}
