import { MONA_SPEC, type EnvelopeBodyInit } from '@swarmgate/protocols';
import { describe, expect, it } from 'vitest';
import { parseFleetFile } from './FleetFile.js';
import { HilGateway } from './HilGateway.js';
import { MemoryLogger } from './Logger.js';
import type { RobotLinkPlugin } from './RobotLink.js';
import { SerialBridge } from './SerialBridge.js';

describe('HilGateway', () => {
  const fleet = parseFleetFile(`
fleet: lab
gateway: { username: gw, password: p }
robots: [{ id: slow, password: q, capabilities: { maxWheelSpeedMps: 0.02 } }]
`);

  it('merges Birth capabilities, fleet limits and MONA_SPEC defaults into safety limits', () => {
    const hil = new HilGateway({ fleet });
    expect(hil.limitsOf('unknown')).toEqual({
      maxWheelSpeedMps: MONA_SPEC.maxWheelSpeedMps,
      wheelBaseM: MONA_SPEC.wheelBaseM,
      bodyRadiusM: MONA_SPEC.bodyDiameterM / 2,
    });
    hil.registry.birth('slow', 'mqtt', {
      model: 'mona-esp',
      firmwareVersion: '1',
      protocolVersion: { major: 1, minor: 0 },
      capabilities: { maxWheelSpeedMps: 0.3, wheelBaseM: 0.1, wheelRadiusM: 0.01, encoderTicksPerRev: 0, bodyDiameterM: 0.12, sensors: [] },
      session: 1,
    });
    // The wheel base is the model's: a Birth's claim would only mispredict the arc.
    expect(hil.limitsOf('slow')).toEqual({ maxWheelSpeedMps: 0.02, wheelBaseM: MONA_SPEC.wheelBaseM, bodyRadiusM: 0.06 });
    hil.registry.birth('boastful', 'mqtt', {
      model: 'x',
      firmwareVersion: '1',
      protocolVersion: null,
      capabilities: { maxWheelSpeedMps: Infinity, wheelBaseM: Number.NaN, wheelRadiusM: 0, encoderTicksPerRev: 0, bodyDiameterM: -1, sensors: [] },
      session: 1,
    });
    expect(hil.limitsOf('boastful')).toEqual(hil.limitsOf('unknown'));
    hil.registry.close();
  });

  it('a Birth cannot loosen the limits: faster, smaller or differently built than its model', () => {
    const hil = new HilGateway({ fleet });
    const birth = (id: string, caps: { maxWheelSpeedMps: number; wheelBaseM: number; bodyDiameterM: number }) =>
      hil.registry.birth(id, 'mqtt', {
        model: 'mona',
        firmwareVersion: '1',
        protocolVersion: { major: 1, minor: 0 },
        capabilities: { wheelRadiusM: 0.01, encoderTicksPerRev: 0, sensors: [], ...caps },
        session: 1,
      });
    birth('liar', { maxWheelSpeedMps: 5, wheelBaseM: 0.001, bodyDiameterM: 0.01 });
    expect(hil.limitsOf('liar')).toEqual(hil.limitsOf('unknown'));
    birth('big', { maxWheelSpeedMps: 0.05, wheelBaseM: 1, bodyDiameterM: 0.2 });
    expect(hil.limitsOf('big')).toEqual({ maxWheelSpeedMps: 0.05, wheelBaseM: MONA_SPEC.wheelBaseM, bodyRadiusM: 0.1 });
    // The fleet file's limit holds whatever the Birth says.
    birth('slow', { maxWheelSpeedMps: 1, wheelBaseM: 0.078, bodyDiameterM: 0.08 });
    expect(hil.limitsOf('slow').maxWheelSpeedMps).toBe(0.02);
    // And the filter clamps the liar's wheels to the model's speed.
    expect(hil.drive('liar', 1, 1, null).decision).toMatchObject({
      leftMps: MONA_SPEC.maxWheelSpeedMps,
      rightMps: MONA_SPEC.maxWheelSpeedMps,
      verdict: 'clamped',
    });
    hil.registry.close();
  });

  it('refuses a link registered twice or after start, and reports unsent drives', async () => {
    const hil = new HilGateway();
    const logger = new MemoryLogger();
    hil.register(new SerialBridge({ registry: hil.registry, logger }));
    expect(() => hil.register(new SerialBridge({ registry: hil.registry, logger }))).toThrow(/SG_HIL_REGISTER: a link named serial/);
    await hil.start();
    expect(() => hil.register(new SerialBridge({ registry: hil.registry, logger }))).toThrow(/SG_HIL_REGISTER: register\(serial\) after start/);
    expect(hil.drive('ghost', 0.01, 0.01, null)).toMatchObject({ sent: false, decision: { verdict: 'ok', leftMps: 0.01 } });
    expect(hil.emergencyStopAll('nothing to stop')).toBe(0);
    await hil.stop();
  });

  it('emergency stop and release reach every robot on every link; a release sends no motion', async () => {
    /** A link to a fixed set of robots that records what it sends (the wire is tested in test/). */
    const recordingLink = (name: string, robotIds: string[]) => {
      const sent: { robotId: string; body: EnvelopeBodyInit }[] = [];
      const link: RobotLinkPlugin = {
        name,
        start: async () => {},
        stop: async () => {},
        carries: (robotId) => robotIds.includes(robotId),
        send: (robotId, body) => (sent.push({ robotId, body }), true),
        broadcast: (body) => robotIds.map((robotId) => sent.push({ robotId, body })).length,
      };
      return { link, sent };
    };
    const a = recordingLink('a', ['r1', 'r2']);
    const b = recordingLink('b', ['s1']);
    const hil = new HilGateway().register(a.link).register(b.link);
    await hil.start();
    expect(hil.emergencyStopAll('stop all')).toBe(6);
    expect(hil.releaseEmergencyStop('r2', 'r2 clear')).toBe(1);
    expect(hil.releaseEmergencyStop('ghost', 'nobody')).toBe(0);
    expect(a.sent.slice(4)).toEqual([{ robotId: 'r2', body: { command: { commandId: 0, releaseEmergencyStop: { reason: 'r2 clear' } } } }]);
    expect(hil.releaseEmergencyStopAll('all clear')).toBe(3);
    const isRelease = (body: EnvelopeBodyInit) => 'command' in body && body.command.releaseEmergencyStop != null;
    const releases = [...a.sent, ...b.sent].filter((s) => isRelease(s.body));
    expect(releases.map((s) => s.robotId).sort()).toEqual(['r1', 'r2', 'r2', 's1']);
    // Nothing but the release Commands after the stops: no MotorCommand restarts anything.
    expect([...a.sent.slice(4), ...b.sent.slice(2)].every((s) => isRelease(s.body))).toBe(true);
    await hil.stop();
  });
});
