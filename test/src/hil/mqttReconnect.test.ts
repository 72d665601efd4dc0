/**
 * Restart a real Mosquitto under the gateway's MQTT bridge: it reports offline, reconnects with
 * backoff, re-subscribes, re-publishes its retained state, and robots that re-birth are back.
 */
import { MemoryLogger, MqttBridge, RobotRegistry, type LinkStateEvent } from '@swarmgate/gateway';
import { decodeEnvelope, encodeEnvelope, gatewayStateTopic, makeEnvelope, robotTopic } from '@swarmgate/protocols';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startMosquitto } from '../harness/mosquitto.js';
import { until } from '@swarmgate/firmware-sim/testing';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const birth = (session: number) =>
  Buffer.from(
    encodeEnvelope(makeEnvelope('m1', { birth: { model: 'mona-sim', firmwareVersion: '1', protocolVersion: { major: 1, minor: 0 }, session } }, session, 0)),
  );

describe('MqttBridge across a Mosquitto restart', () => {
  it('goes offline, reconnects, re-subscribes and re-announces itself', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.stop());
    const registry = new RobotRegistry({ keepaliveMs: 60_000 });
    const bridge = new MqttBridge({
      url: broker.url,
      fleet: 'lab',
      registry,
      logger: new MemoryLogger(),
      backoff: { initialMs: 50, maxMs: 500 },
    });
    const links: LinkStateEvent[] = [];
    bridge.on('link', (event) => links.push(event));
    cleanups.push(() => bridge.stop());
    await bridge.start();

    const robot = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    await robot.publishAsync(robotTopic('lab', 'm1', 'birth'), birth(1), { qos: 1 });
    await until(() => registry.get('m1')?.online === true, 'birth');
    robot.end(true);

    await broker.restart();
    await until(() => links.some((l) => l.state === 'offline'), 'offline');
    expect(registry.get('m1')!.online).toBe(false);
    await until(() => bridge.state === 'online', 'reconnected');
    expect(links.filter((l) => l.state === 'reconnecting').length).toBeGreaterThanOrEqual(1);

    // The restarted broker kept nothing (persistence off): the bridge re-published its state.
    const watcher = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    cleanups.push(() => watcher.endAsync(true));
    const state: string[] = [];
    watcher.on('message', (_t, payload) => state.push(decodeEnvelope(payload).body));
    await watcher.subscribeAsync(gatewayStateTopic('lab'), { qos: 1 });
    await until(() => state.length === 1, 'retained gateway state');
    expect(state).toEqual(['birth']);

    const reborn = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    cleanups.push(() => reborn.endAsync(true));
    await reborn.publishAsync(robotTopic('lab', 'm1', 'birth'), birth(2), { qos: 1 });
    await until(() => registry.get('m1')?.session === 2 && registry.get('m1')!.online, 're-birth');
    registry.close();
  });
});
