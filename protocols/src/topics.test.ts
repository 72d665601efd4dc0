import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_KINDS } from './Envelope.js';
import { expectProtocolError } from './testing/expectProtocolError.js';
import {
  BODY_QOS,
  gatewayStateTopic,
  idProblem,
  ID_PATTERN,
  MAX_ID_LENGTH,
  parseRobotTopic,
  parseTopic,
  robotTopic,
  robotTopicFilter,
  TOPIC_KIND_OF_BODY,
  TOPIC_KINDS,
  TOPIC_QOS,
  GATEWAY_STATE_SUBSCRIBE_QOS,
} from './topics.js';

const goodId = fc.stringMatching(ID_PATTERN);
const badId = fc.oneof(
  fc.constant(''),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(' ', ':', '\u00e9', '\n', '"', '<'), fc.string({ maxLength: 10 })).map((parts) => parts.join('')),
  fc.constantFrom('-a', '_a', '.a'),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('+', '#', '/', '\u0000'), fc.string({ maxLength: 10 })).map((parts) => parts.join('')),
  fc.string({ maxLength: 10 }).map((s) => `$${s}`),
  fc.string({ minLength: MAX_ID_LENGTH + 1, maxLength: MAX_ID_LENGTH + 20 }),
);

describe('topics', () => {
  it('builds the documented tree', () => {
    expect(robotTopic('lab', 'mona-07', 'telemetry')).toBe('swarmgate/v1/lab/mona-07/telemetry');
    expect(gatewayStateTopic('lab')).toBe('swarmgate/v1/lab/$gateway/state');
    expect(robotTopicFilter('lab')).toBe('swarmgate/v1/lab/+/+');
    expect(robotTopicFilter('lab', undefined, 'birth')).toBe('swarmgate/v1/lab/+/birth');
    expect(robotTopicFilter('lab', 'mona-1')).toBe('swarmgate/v1/lab/mona-1/+');
  });

  it('parses what it builds, for any valid ids and every kind', () => {
    fc.assert(
      fc.property(goodId, goodId, fc.constantFrom(...TOPIC_KINDS), (fleet, robotId, kind) => {
        expect(parseTopic(robotTopic(fleet, robotId, kind))).toEqual({ scope: 'robot', fleet, robotId, kind });
        expect(parseTopic(gatewayStateTopic(fleet))).toEqual({ scope: 'gateway', fleet, kind: 'state' });
      }),
      { numRuns: 500 },
    );
  });

  it('refuses bad ids, naming the id and the problem', () => {
    fc.assert(
      fc.property(badId, goodId, (bad, good) => {
        expect(idProblem(bad)).not.toBeNull();
        expectProtocolError(() => robotTopic(good, bad, 'cmd'), 'SG_TOPIC_ID', /^SG_TOPIC_ID: robot id /);
        expectProtocolError(() => robotTopic(bad, good, 'cmd'), 'SG_TOPIC_ID', /^SG_TOPIC_ID: fleet /);
      }),
      { numRuns: 500 },
    );
    expectProtocolError(() => robotTopic('lab', 'a/b', 'cmd'), 'SG_TOPIC_ID', /robot id "a\/b" contains "\/"/);
    expectProtocolError(() => robotTopic('lab', '', 'cmd'), 'SG_TOPIC_ID', /robot id "" is empty/);
    expectProtocolError(() => robotTopic('l+b', 'r', 'cmd'), 'SG_TOPIC_ID', /fleet "l\+b" contains "\+"/);
    expectProtocolError(() => robotTopicFilter('lab', '#'), 'SG_TOPIC_ID', /robot id "#" contains "#"/);
    expectProtocolError(() => gatewayStateTopic('$SYS'), 'SG_TOPIC_ID', /starts with \$/);
  });

  it('refuses topics outside the tree', () => {
    for (const topic of [
      '',
      'swarmgate/v1/lab/r',
      'swarmgate/v2/lab/r/cmd',
      'other/v1/lab/r/cmd',
      'swarmgate/v1/lab/r/cmd/extra',
      'swarmgate/v1/lab/r/teleport',
      'swarmgate/v1/lab/$gateway/cmd',
    ]) {
      expectProtocolError(() => parseTopic(topic), 'SG_TOPIC_PARSE', new RegExp(`topic ${JSON.stringify(topic).replace(/[$/]/g, '\\$&')}`));
    }
    expectProtocolError(() => parseTopic('swarmgate/v1/lab/+/cmd'), 'SG_TOPIC_ID', /robot id in topic .* contains "\+"/);
    expectProtocolError(() => parseTopic('swarmgate/v1//r/cmd'), 'SG_TOPIC_ID', /fleet in topic .* is empty/);
  });

  it('parseRobotTopic: robot topics parsed, everything else null', () => {
    expect(parseRobotTopic('swarmgate/v1/lab/r1/cmd')).toEqual({ scope: 'robot', fleet: 'lab', robotId: 'r1', kind: 'cmd' });
    for (const topic of ['swarmgate/v1/lab/$gateway/state', 'swarmgate/v1/lab/r/teleport', 'swarmgate/v1/lab/+/cmd', 'other/v1/lab/r/cmd', '']) {
      expect(parseRobotTopic(topic), topic).toBeNull();
    }
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('swarmgate', 'v1', '$gateway', ...TOPIC_KINDS)), { maxLength: 7 }), (levels) => {
        const topic = levels.join('/');
        let expected: ReturnType<typeof parseTopic> | null = null;
        try {
          expected = parseTopic(topic);
        } catch {
          // a topic parseTopic refuses is null below
        }
        expect(parseRobotTopic(topic)).toEqual(expected?.scope === 'robot' ? expected : null);
      }),
    );
  });

  it('never throws anything but a ProtocolError on arbitrary topics', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('swarmgate', 'v1', '$gateway', ...TOPIC_KINDS)), { maxLength: 7 }), (levels) => {
        try {
          const parsed = parseTopic(levels.join('/'));
          expect(parsed.fleet.length).toBeGreaterThan(0);
        } catch (error) {
          expect((error as { code?: string }).code).toMatch(/^SG_TOPIC_(PARSE|ID)$/);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('uses QoS 1 for session, command and reply kinds, 0 for periodic streams', () => {
    expect(TOPIC_QOS).toEqual({ birth: 1, death: 1, telemetry: 0, pose: 0, state: 0, cmd: 1, downlink: 0, ack: 1, error: 1 });
    expect(BODY_QOS).toEqual({ birth: 1, death: 1, telemetry: 0, trackerPose: 0, state: 0, command: 1, motorCommand: 0, ack: 1, error: 1 });
  });

  it('subscribes to each kind at the highest QoS of the bodies sent on it, but a robot to its downlink and the gateway state at 0', () => {
    for (const body of BODY_KINDS) expect(BODY_QOS[body], body).toBeLessThanOrEqual(TOPIC_QOS[TOPIC_KIND_OF_BODY[body]]);
    // The gateway publishes its stop Commands on the downlink at QoS 1 (the broker acknowledges
    // them); robots, on clean sessions, take them at 0 (TOPIC_QOS: what QoS 1 would not buy, and cost on NATS).
    expect(BODY_QOS.command).toBe(1);
    expect(TOPIC_QOS.downlink).toBe(0);
    expect(GATEWAY_STATE_SUBSCRIBE_QOS).toBe(0);
  });

  it('maps every Envelope body to a topic kind, each kind used once', () => {
    const kinds = BODY_KINDS.map((body) => TOPIC_KIND_OF_BODY[body]);
    expect([...kinds].sort()).toEqual([...TOPIC_KINDS].sort());
  });
});
