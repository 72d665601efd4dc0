/**
 * Faults stay where they start inside a live trial: a controller that throws, a tick that
 * throws, a robot's State cut to its budgets, an HTTP route that throws. Each is contained to
 * its robot or request, counted in status().faults, logged once per interval, and the trial
 * goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import {
  GATEWAY_ID,
  MAX_BROADCASTS_PER_TICK,
  MAX_INBOX_MESSAGES_PER_TICK,
  decodeEnvelope,
  encodeEnvelope,
  makeEnvelope,
  robotTopic,
  type EnvelopeBodyInit,
  type ErrorMessage,
  ManualClock,
} from '@swarmgate/protocols';
import type { Controller } from '@swarmgate/sdk';
import { EmbeddedBroker } from '../hil/EmbeddedBroker.js';
import { HilGateway } from '../hil/HilGateway.js';
import { MAX_LOG_FIELD_CHARS, MemoryLogger } from '../hil/Logger.js';
import { MqttBridge } from '../hil/MqttBridge.js';
import { RobotRegistry } from '../hil/RobotRegistry.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { LiveTrial } from './LiveTrial.js';
import { MqttControllerPort } from './MqttControllerPort.js';
import { testTrialConfig } from './testing/testTrialConfig.js';
import { createTrialHttpServer } from './trialHttpApi.js';

const grid = borderedRoom(20);

/** A paced trial on fake time: 10 ticks per advance(1000). */
function pacedTrial(remote: readonly string[] = [], port: MqttControllerPort | null = null) {
  const clock = new ManualClock();
  const logger = new MemoryLogger();
  const live = new LiveTrial({ trial: testTrialConfig(grid, 2, remote), realtime: true, clock, logger, port });
  return { clock, logger, live };
}

function counting(): Controller & { ticks: number } {
  return {
    ticks: 0,
    tick() {
      this.ticks++;
    },
  };
}

describe('LiveTrial contains faults', () => {
  it('a controller that throws stops only its robot; the others run; counted, logged once, bounded', () => {
    const { clock, logger, live } = pacedTrial();
    const good = counting();
    live.world.addRobot({ id: 'good', pose: { xM: 4, yM: 4, headingRad: 0 }, controller: good });
    const bad = live.world.addRobot({
      id: 'bad',
      pose: { xM: -4, yM: -4, headingRad: 0 },
      controller: {
        tick: () => {
          throw new Error('x'.repeat(100_000));
        },
      },
    });
    bad.setVelocity(0.5, 0);
    live.start();
    clock.advance(999);
    live.stop();
    expect(live.status().tick).toBe(10);
    expect(good.ticks).toBe(10);
    expect(bad.state().status, 'held still after its controller threw').toBe('idle');
    expect(live.status().faults).toMatchObject({ controller: 10, tick: 0, total: 10 });
    const lines = logger.entries.filter((e) => e.message.startsWith('trial: a controller threw'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.fields).toMatchObject({ robotId: 'bad' });
    expect(String(lines[0]!.fields!.error).length).toBeLessThan(MAX_LOG_FIELD_CHARS + 30);
  });

  it('a tick that throws outside the controllers is counted and the next tick runs on schedule', () => {
    const { clock, logger, live } = pacedTrial();
    live.world.addObserver({
      afterTick: (world) => {
        if (world.tick === 3) throw new Error('observer failed');
      },
    });
    live.start();
    clock.advance(999);
    live.stop();
    expect(live.status().tick).toBe(10);
    expect(live.status().faults).toMatchObject({ tick: 1, total: 1 });
    expect(logger.entries.filter((e) => e.level === 'error')).toEqual([
      { level: 'error', message: 'trial: a logic tick failed; the trial goes on', fields: { tick: 3, error: 'observer failed' } },
    ]);
  });
});

describe('a State cut to its budgets tells its remote controller (embedded broker)', () => {
  let broker: EmbeddedBroker;
  let port: MqttControllerPort;
  let client: MqttClient;

  beforeAll(async () => {
    const logger = new MemoryLogger();
    broker = await EmbeddedBroker.start({ fleet: null, port: 0, logger });
    port = await MqttControllerPort.connect({ url: broker.url, fleet: 'lab', logger });
    client = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
  });

  afterAll(async () => {
    await client?.endAsync();
    await port?.close();
    await broker?.close();
  });

  it('drops inbox messages over MAX_INBOX_MESSAGES_PER_TICK, counts them, and sends r0 an Error naming the budget', async () => {
    const errors: ErrorMessage[] = [];
    client.on('message', (_topic, payload) => {
      const envelope = decodeEnvelope(payload);
      if (envelope.robotId === GATEWAY_ID && envelope.error) errors.push(envelope.error);
    });
    await client.subscribeAsync(robotTopic('lab', 'r0', 'error'), { qos: 1 });
    const { live } = pacedTrial(['r0'], port);
    // Five chatty robots send their whole per-tick budget every tick: 40 messages for r0.
    const senders = 5;
    for (let k = 0; k < senders; k++) {
      live.world.addRobot({
        id: `chatty${k}`,
        pose: { xM: -6 + 3 * k, yM: 6, headingRad: 0 },
        controller: {
          tick: (robot) => {
            for (let m = 0; m < MAX_BROADCASTS_PER_TICK; m++) robot.broadcast(new Uint8Array(16));
          },
        },
      });
    }
    for (let k = 0; k < 5; k++) live.world.step();
    const perTick = senders * MAX_BROADCASTS_PER_TICK - MAX_INBOX_MESSAGES_PER_TICK;
    expect(live.world.robot('r0').state().dropped).toMatchObject({ inbox: perTick });
    // Every robot's published State drops that many each tick after the first (r1 and the chatty ones hear fewer).
    expect(live.status().faults.stateDrops).toBeGreaterThanOrEqual(4 * perTick);
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    // Told once, not once per tick (at most once a second).
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(
      new RegExp(
        `^State of tick \\d+ left out: ${perTick} inbox messages \\(MAX_INBOX_MESSAGES_PER_TICK ${MAX_INBOX_MESSAGES_PER_TICK}, MAX_INBOX_BYTES_PER_TICK \\d+\\)$`,
      ),
    );
  });
});

describe('a robot link contains a failing uplink handler (embedded broker)', () => {
  it('counts the failure as an uplink fault, logs it, and handles the next messages', async () => {
    const logger = new MemoryLogger();
    const broker = await EmbeddedBroker.start({ fleet: null, port: 0, logger });
    const registry = new RobotRegistry();
    const bridge = new MqttBridge({ url: broker.url, fleet: 'lab', registry, logger });
    const hil = new HilGateway({ registry });
    hil.register(bridge);
    await hil.start();
    const live = new LiveTrial({ trial: testTrialConfig(grid, 1), hil, uplinks: [bridge], logger, clock: new ManualClock() });
    const robot = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    try {
      // A consumer's bug, run inside the bridge's MQTT message handler.
      let throwOnce = true;
      registry.on('telemetry', () => {
        if (throwOnce) {
          throwOnce = false;
          throw new Error('consumer bug');
        }
      });
      let seq = 0;
      const send = (kind: 'birth' | 'telemetry', body: EnvelopeBodyInit) =>
        robot.publishAsync(robotTopic('lab', 'm1', kind), Buffer.from(encodeEnvelope(makeEnvelope('m1', body, ++seq, 0))), { qos: 1 });
      await send('birth', { birth: { model: 'mona', firmwareVersion: '1', protocolVersion: { major: 1, minor: 0 }, session: 1 } });
      await expect.poll(() => live.twins!.has('m1')).toBe(true);
      await send('telemetry', { telemetry: { odometry: { xM: 0, yM: 0, headingRad: 0 } } });
      await send('telemetry', { telemetry: { odometry: { xM: 0.1, yM: 0, headingRad: 0 } } });
      await expect.poll(() => live.twins!.anchorOf('m1')).not.toBeNull();
      expect(bridge.counters.failures).toBe(1);
      expect(live.status().faults).toMatchObject({ uplink: 1, total: 1 });
      expect(logger.entries).toContainEqual({
        level: 'error',
        message: 'mqtt: handling an uplink failed',
        fields: { topic: robotTopic('lab', 'm1', 'telemetry'), error: 'consumer bug' },
      });
    } finally {
      live.stop();
      await robot.endAsync();
      await hil.stop();
      await broker.close();
    }
  });
});

describe('HTTP faults', () => {
  it('a route that throws answers 500, counted in faults.http and logged at error; the server keeps serving', async () => {
    const { logger, live } = pacedTrial();
    const app = await createTrialHttpServer({ trials: { live }, hil: null });
    app.get('/api/boom', async () => {
      throw new Error('handler bug');
    });
    try {
      for (let k = 0; k < 3; k++) expect((await app.inject({ method: 'GET', url: '/api/boom' })).statusCode).toBe(500);
      // A 404 answers a question: not a fault.
      expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
      const reply = await app.inject({ method: 'GET', url: '/api/trial' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json<{ faults: { http: number; total: number } }>().faults).toMatchObject({ http: 3, total: 3 });
      expect(logger.entries.filter((e) => e.message === 'http: request answered 500')).toEqual([
        { level: 'error', message: 'http: request answered 500', fields: { client: '127.0.0.1', method: 'GET', url: '/api/boom' } },
      ]);
    } finally {
      await app.close();
    }
  });
});
