/**
 * The SDK's MQTT link on its own, against a real Mosquitto with this test playing the gateway:
 * latching, the in-process robot's argument checks and busy rule, answers only from the
 * gateway, and the control loop's error handling.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { GATEWAY_ID, decodeEnvelope, encodeEnvelope, makeEnvelope, robotTopic, type Command, type EnvelopeBodyInit } from '@swarmgate/protocols';
import { MqttRobot, robotStateToWire, runController, type ActionLimits, type RobotState } from '@swarmgate/sdk';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { waitFor } from './liveHarness.js';

const LIMITS: ActionLimits = { maxLinearMps: 3, maxAngularRadps: 4, maxWheelMps: 3 };
const MAP = { width: 40, height: 40, cellSizeM: 0.5 };

function state(tick: number, status: RobotState['status']): RobotState {
  return {
    tick,
    pose: { xM: 10, yM: 10, headingRad: 0 },
    status,
    collision: { started: false, touching: false },
    scan: { angleMinRad: 0, angleIncrementRad: Math.PI / 2, rangeMaxM: 5, rangesM: Float32Array.of(2, 5, 5, 5) },
    nearbyRobots: [],
    inbox: [],
    nearbyTags: [],
    batteryFraction: null,
  };
}

describe('MqttRobot', () => {
  let broker: MosquittoBroker;
  let gateway: MqttClient;
  let robot: MqttRobot;
  const commands: Command[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
    gateway = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    await gateway.subscribeAsync(robotTopic('lab', 'r1', 'cmd'), { qos: 1 });
    gateway.on('message', (_topic, payload) => commands.push(decodeEnvelope(payload).command!));
  });

  afterEach(async () => {
    await robot?.close();
    commands.length = 0;
  });

  afterAll(async () => {
    await gateway?.endAsync();
    await broker?.stop();
  });

  const connect = async () => (robot = await MqttRobot.connect({ url: broker.url, fleet: 'lab', robotId: 'r1', map: MAP, limits: LIMITS }));
  const fromGateway = (kind: 'state' | 'ack' | 'error', body: EnvelopeBodyInit, sender = GATEWAY_ID) =>
    gateway.publishAsync(robotTopic('lab', 'r1', kind), Buffer.from(encodeEnvelope(makeEnvelope(sender, body, 1, 0))), { qos: 1 });

  it('sends only the last motion call of a job, clamped and counted like the in-process robot', async () => {
    await connect();
    robot.setVelocity(1, 0);
    robot.setVelocity(100, -0.5);
    await waitFor('one command', () => commands.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(commands).toHaveLength(1);
    expect(commands[0].velocity).toMatchObject({ linearMps: 3, angularRadps: -0.5 });
    expect(robot.clampWarnings).toEqual({ count: 1, lastArgument: 'setVelocity linearMps' });
    expect(() => robot.setWheelSpeeds(Number.NaN, 0)).toThrow(/SG_BAD_ARGUMENT: setWheelSpeeds leftMps must be a finite number/);
    expect(() => robot.rotate(181)).toThrow(/SG_BAD_ARGUMENT: rotate degrees must be in \[-180, 180\]/);
    robot.broadcast({ hello: 1 });
    await waitFor('the broadcast', () => commands.length === 2);
    expect(new TextDecoder().decode(commands[1].broadcast!.payload)).toBe('{"hello":1}');
    expect(commands[1].commandId).toBeGreaterThan(commands[0].commandId);
  });

  it("is busy after move() until the gateway answers, and ignores answers that are not the gateway's", async () => {
    await connect();
    robot.move(1);
    expect(() => robot.rotate(90), 'latched move').toThrow('SG_ROBOT_BUSY: rotate() while moving; call stop() first or wait for status idle');
    await waitFor('the move', () => commands.length === 1);
    expect(() => robot.move(1), 'sent, unanswered').toThrow(/SG_ROBOT_BUSY/);
    // The robot's own firmware answering on the same topic does not count.
    await fromGateway('error', { error: { code: 4, message: 'firmware', commandId: commands[0].commandId } }, 'r1');
    await fromGateway('ack', { ack: { commandId: commands[0].commandId } });
    await waitFor('the ack', () => robot.counters.acks === 1);
    expect(robot.counters.errors).toBe(0);
    await fromGateway('state', { state: robotStateToWire(state(5, 'moving')) });
    await waitFor('the state', () => robot.state().tick === 5);
    expect(() => robot.move(1), 'the state says moving').toThrow(/SG_ROBOT_BUSY/);
    expect(robot.map.knownFraction()).toBeGreaterThan(0);
    await fromGateway('state', { state: robotStateToWire(state(6, 'idle')) });
    await waitFor('idle', () => robot.state().status === 'idle');
    expect(() => robot.move(1)).not.toThrow();
  });

  it('runs a controller once per State, and stops the robot when the controller throws', async () => {
    await connect();
    const ticks: number[] = [];
    const run = runController(
      {
        tick: (r) => {
          ticks.push(r.state().tick);
          if (r.state().tick === 3) throw new Error('controller bug');
          r.setVelocity(0.5, 0);
        },
      },
      robot,
    );
    // Watched before the States go out: tick 3's State may arrive while the later ones are sent.
    const failed = expect(run.done).rejects.toThrow('controller bug');
    for (const tick of [1, 2, 3, 4]) await fromGateway('state', { state: robotStateToWire(state(tick, 'driving')) });
    await failed;
    expect(ticks).toEqual([1, 2, 3]);
    await waitFor('the stop', () => commands.some((c) => c.stop));
    expect(commands.at(-1)!.stop).toBeTruthy();
  });
});
