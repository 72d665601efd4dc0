/**
 * The robot side of `npm run bench -- hil-mqtt`, in its own process as real robots would be
 * (forked by hilMqtt.ts, IPC channel): robots first .. first+count-1 on one broker, each on
 * its own MQTT connection, reporting when each MotorCommand arrived.
 *   mona <url> <fleet> <first> <count> [telemetryHz] [auth]   MonaSim firmwares (decode, watchdog, Telemetry at 10 Hz), booted in turn;
 *       `auth`: each logs in as its id with benchPassword(id) (a fleet file's robots, hil-nats)
 *   raw <url> <topicRoot> <first> <count>   bare mqtt.js subscribers, no decode (the baseline)
 * Messages to the parent: { ready: true } (raw only; mona robots announce themselves by
 * Birth), then { receipts: [robot, slot, atMs, ...] } every 250 ms. On { measure: true } it
 * starts a CpuMeter; on { stop: true } it flushes with this process's CPU ms/s since then,
 * disconnects and exits.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { MonaSim } from '@swarmgate/firmware-sim';
import { CpuMeter, hiResNowMs, probeMotorReceipts } from './hilProbe.js';

export const monaId = (index: number): string => `mona-${String(index).padStart(3, '0')}`;
export const rawTopic = (root: string, index: number): string => `${root}/${index}`;
/** The password of robot `id` in the benches' fleet files. */
export const benchPassword = (id: string): string => `${id}-pw`;

export type FirmwareMessage = { readonly ready: true } | { readonly receipts: readonly number[]; readonly cpuMsPerS?: number };
export type ParentMessage = { readonly measure: true } | { readonly stop: true };

/**
 * The baseline's mqtt.js clients are configured as the gateway's MqttBridge and the robots'
 * MqttLink are: no reconnect, and mqtt.js's `debug` logging replaced by a no-op (it costs
 * ~5% CPU even when off), so the baseline differs from the gateway path only in its work.
 */
export const BARE_MQTT_OPTIONS = { reconnectPeriod: 0, log: (): void => undefined } as const;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Boots the robots one after another, robot k no earlier than k / count of a Telemetry period
 * after the first, each once the one before is online: a real fleet's robots power on at
 * different moments, so their Telemetry is spread over the period. Started in the same
 * millisecond, robots emulated in one process would send it in bursts no real fleet produces.
 */
async function bootInTurn(sims: readonly MonaSim[], telemetryHz: number): Promise<void> {
  const spacingMs = 1000 / telemetryHz / sims.length;
  const firstAtMs = performance.now();
  for (const [k, sim] of sims.entries()) {
    const waitMs = firstAtMs + k * spacingMs - performance.now();
    if (waitMs > 0) await sleep(waitMs);
    sim.start();
    while (!sim.firmware.online) await sleep(1);
  }
}

async function main(): Promise<void> {
  const [mode, url, level, firstText, countText, telemetryHzText, authText] = process.argv.slice(2);
  const first = Number(firstText);
  const count = Number(countText);
  const telemetryHz = Number(telemetryHzText ?? 10);
  const usable = Number.isInteger(first) && first >= 0 && Number.isInteger(count) && count >= 1 && telemetryHz > 0 && telemetryHz <= 100;
  if ((mode !== 'mona' && mode !== 'raw') || !url || !level || !usable || !process.send) {
    throw new Error('usage (forked with IPC): hilMqttFirmware.ts mona|raw <url> <fleet|topicRoot> <first> <count> [telemetryHz, mona: 10]');
  }
  let pending: number[] = [];
  const record = (robot: number, slot: number, atMs: number): void => void pending.push(robot, slot, atMs);
  const flush = (then: () => void = () => undefined, cpuMsPerS?: number): void => {
    process.send!({ receipts: pending, cpuMsPerS } satisfies FirmwareMessage, then);
    pending = [];
  };
  const flushTimer = setInterval(() => flush(), 250);

  let stop: () => Promise<unknown>;
  let booted = Promise.resolve();
  if (mode === 'mona') {
    const sims = Array.from({ length: count }, (_, k) => {
      const i = first + k;
      const id = monaId(i);
      const login = authText === 'auth' ? { username: id, password: benchPassword(id) } : {};
      const sim = new MonaSim({ robotId: id, link: { kind: 'mqtt', url, fleet: level, keepaliveS: 5, ...login }, seed: i + 1, telemetryHz });
      probeMotorReceipts(sim, (slot, atMs) => record(i, slot, atMs));
      return sim;
    });
    stop = () => Promise.all(sims.map((sim) => sim.stop()));
    booted = bootInTurn(sims, telemetryHz);
  } else {
    const clients: MqttClient[] = await Promise.all(
      Array.from({ length: count }, async (_, k) => {
        const i = first + k;
        const client = await mqtt.connectAsync(url, BARE_MQTT_OPTIONS);
        client.on('message', (_topic, payload) => record(i, payload[0]!, hiResNowMs()));
        await client.subscribeAsync(rawTopic(level, i), { qos: 0 });
        return client;
      }),
    );
    process.send({ ready: true } satisfies FirmwareMessage);
    stop = () => Promise.all(clients.map((client) => client.endAsync()));
  }

  let cpu = new CpuMeter();
  process.on('message', (message: ParentMessage) => {
    if ('measure' in message) {
      cpu = new CpuMeter();
      return;
    }
    const cpuMsPerS = cpu.msPerS();
    clearInterval(flushTimer);
    void stop().then(() => flush(() => process.exit(0), cpuMsPerS));
  });
  await booted;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: Error) => {
    process.stderr.write(`hilMqttFirmware: ${error.message}\n`);
    process.exit(1);
  });
}
