/** `serve --record`: a mixed live trial's recording holds the twin's telemetry as received, e-stops and the engine's channels. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McapStreamReader, type McapTypes } from '@mcap/core';
import mqtt from 'mqtt';
import { ManualClock, encodeEnvelope, makeEnvelope, robotTopic, swarmgate } from '@swarmgate/protocols';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedBroker } from '../hil/EmbeddedBroker.js';
import { HilGateway } from '../hil/HilGateway.js';
import { MemoryLogger } from '../hil/Logger.js';
import { RobotRegistry } from '../hil/RobotRegistry.js';
import { McapRecorder } from '../record/McapRecorder.js';
import { messageType } from '../record/recordingSchemas.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from './LiveTrial.js';
import { MqttControllerPort } from './MqttControllerPort.js';
import { twinSafety } from './PhysicalTwins.js';
import { testTrialConfig } from './testing/testTrialConfig.js';
import { monaBirth, wireDecoded } from './testing/wireDecoded.js';
import { decompressHandlers } from '../record/compression.js';

const dir = mkdtempSync(join(tmpdir(), 'swarmgate-live-recording-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const grid = borderedRoom(20);

const BIRTH = monaBirth();
const odometryAt = (xM: number, encoderLeftTicks: number) =>
  wireDecoded('telemetry', { telemetry: { odometry: { xM, yM: 0, headingRad: 0 }, encoderLeftTicks } });

describe('LiveTrial with a recorder', () => {
  it('records the twin telemetry as received, the emergency stop, and every robot on the engine channels, on the trial clock', async () => {
    const path = join(dir, 'live.mcap');
    const recorder = await McapRecorder.create(path);
    const clock = new ManualClock(5_000);
    const registry = new RobotRegistry({ clock });
    const hil = new HilGateway({ registry, safety: twinSafety(grid, DEFAULT_TWIN_OPTIONS) });
    const live = new LiveTrial({
      trial: testTrialConfig(grid, 2),
      hil,
      twins: DEFAULT_TWIN_OPTIONS,
      clock,
      logger: new MemoryLogger(),
      record: { recorder, everyS: 0.5 },
    });
    registry.birth('m1', 'mqtt', BIRTH);
    const TICKS = 12;
    for (let k = 0; k < TICKS; k++) {
      registry.telemetry('m1', odometryAt(0.01 * k, 100 + k));
      if (k === 5) live.emergencyStop('r1', 'operator test');
      live.world.step();
      clock.advance(100);
    }
    live.stop();
    await recorder.close();

    const reader = new McapStreamReader({ validateCrcs: true, decompressHandlers });
    reader.append(readFileSync(path));
    const channels = new Map<number, McapTypes.Channel>();
    const byTopic = new Map<string, McapTypes.Message[]>();
    for (let r = reader.nextRecord(); r; r = reader.nextRecord()) {
      if (r.type === 'Channel') channels.set(r.id, r);
      if (r.type === 'Message') {
        const topic = channels.get(r.channelId)!.topic;
        byTopic.set(topic, [...(byTopic.get(topic) ?? []), r]);
      }
    }
    const telemetry = byTopic.get('/m1/telemetry') ?? [];
    expect(telemetry.map((m) => swarmgate.v1.Telemetry.decode(m.data).encoderLeftTicks)).toEqual(Array.from({ length: TICKS }, (_, k) => 100 + k));
    // Wall-clock (the trial's clock) time, in ns.
    expect(telemetry[0].logTime).toBe(5_000_000_000n);
    for (const id of ['r0', 'r1', 'm1']) expect(byTopic.get(`/${id}/pose`)?.length, id).toBe(TICKS);
    // Scans and metrics every 0.5 s: ticks 1, 5 and 10.
    expect(byTopic.get('/r0/scan')?.length).toBe(3);
    expect(byTopic.get('/metrics')?.length).toBe(3);
    const estops = (byTopic.get('/estop') ?? []).map((m) =>
      messageType('swarmgate.recording.v1.EmergencyStop').toObject(messageType('swarmgate.recording.v1.EmergencyStop').decode(m.data)),
    );
    expect(estops).toEqual([{ robot_id: 'r1', reason: 'operator test' }]);
    // The stop the trial holds r1 in is latched every tick from then on: recorded as r1's commands.
    const r1Commands = (byTopic.get('/r1/cmd') ?? []).map((m) => swarmgate.v1.Command.decode(m.data));
    expect(r1Commands.filter((c) => c.stop != null).length).toBeGreaterThanOrEqual(TICKS - 6);
  });

  it("records a remote controller's Command as it arrived on cmd, accepted or refused", async () => {
    const logger = new MemoryLogger();
    const broker = await EmbeddedBroker.start({ fleet: null, port: 0, logger });
    const port = await MqttControllerPort.connect({ url: broker.url, fleet: 'lab', logger });
    const path = join(dir, 'remote.mcap');
    const recorder = await McapRecorder.create(path);
    const live = new LiveTrial({ trial: testTrialConfig(grid, 2, ['r1']), port, logger, record: { recorder } });
    const client = await mqtt.connectAsync(broker.url);
    try {
      const acked = new Promise<void>((resolve) => client.on('message', () => resolve()));
      await client.subscribeAsync('swarmgate/v1/lab/r1/ack');
      const command = { commandId: 7, velocity: { linearMps: 0.5, angularRadps: 0.25 } };
      await client.publishAsync(robotTopic('lab', 'r1', 'cmd'), Buffer.from(encodeEnvelope(makeEnvelope('r1', { command }, 1, 0))), { qos: 1 });
      await acked;
      live.world.step();
    } finally {
      live.stop();
      await recorder.close();
      await client.endAsync();
      await port.close();
      await broker.close();
    }
    const reader = new McapStreamReader({ validateCrcs: true, decompressHandlers });
    reader.append(readFileSync(path));
    const channels = new Map<number, string>();
    const commands: swarmgate.v1.Command[] = [];
    for (let r = reader.nextRecord(); r; r = reader.nextRecord()) {
      if (r.type === 'Channel') channels.set(r.id, r.topic);
      if (r.type === 'Message' && channels.get(r.channelId) === '/r1/cmd') commands.push(swarmgate.v1.Command.decode(r.data));
    }
    expect(commands).toHaveLength(1);
    expect(commands[0].commandId).toBe(7);
    expect(commands[0].velocity?.linearMps).toBe(0.5);
    expect(commands[0].velocity?.angularRadps).toBe(0.25);
  }, 30_000);
});
