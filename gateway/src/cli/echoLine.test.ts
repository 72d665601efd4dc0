import fc from 'fast-check';
import { encodeEnvelope, makeEnvelope, robotTopic } from '@swarmgate/protocols';
import { describe, expect, it } from 'vitest';
import { echoLine, kindMatches } from './echoLine.js';

describe('echoLine', () => {
  it('decodes an Envelope to its .proto fields: enums by name, bytes as base64, defaults present', () => {
    const payload = encodeEnvelope(
      makeEnvelope(
        'r7',
        {
          state: {
            tick: 12,
            pose: { xM: 1.5, yM: -2, headingRad: 0 },
            status: 2,
            inbox: [{ from: 'r3', sentTick: 11, payload: new Uint8Array([1, 2, 255]) }],
          },
        },
        4,
        1_700_000_000_000,
      ),
    );
    const line = echoLine('swarmgate/v1/lab/r7/state', payload);
    expect(line).toMatchObject({
      topic: 'swarmgate/v1/lab/r7/state',
      robot: 'r7',
      kind: 'state',
      body: 'state',
      robot_id: 'r7',
      seq: 4,
      timestamp_ms: 1_700_000_000_000,
      state: {
        tick: 12,
        pose: { x_m: 1.5, y_m: -2, heading_rad: 0 },
        status: 'ROBOT_STATUS_MOVING',
        inbox: [{ from: 'r3', sent_tick: 11, payload: Buffer.from([1, 2, 255]).toString('base64') }],
        nearby_robots: [],
      },
    });
    expect(line.error).toBeUndefined();
    // One JSON line: nothing that JSON.stringify cannot write.
    expect(JSON.parse(JSON.stringify(line))).toEqual(line);
  });

  it('names the body kind of a gateway Command on downlink', () => {
    const line = echoLine(robotTopic('lab', 'm1', 'downlink'), encodeEnvelope(makeEnvelope('m1', { command: { emergencyStop: { reason: 'test' } } }, 1, 0)));
    expect(line.body).toBe('command');
    expect(kindMatches(line, new Set(['command']))).toBe(true);
    expect(kindMatches(line, new Set(['downlink']))).toBe(true);
    expect(kindMatches(line, new Set(['state']))).toBe(false);
  });

  it('turns a payload that is not an Envelope into a line with an error and its size', () => {
    const line = echoLine('swarmgate/v1/lab/r7/telemetry', new Uint8Array([0xff, 0xff, 0xff]));
    expect(line).toMatchObject({ topic: 'swarmgate/v1/lab/r7/telemetry', robot: 'r7', kind: 'telemetry', bytes: 3 });
    expect(line.error).toMatch(/SG_PROTO_DECODE/);
    expect(kindMatches(line, new Set(['telemetry']))).toBe(true);
  });

  it('never throws: arbitrary topics and payloads give a JSON line, with an error or a body', () => {
    const topic = fc.oneof(fc.string(), fc.constantFrom('swarmgate/v1/lab/r1/state', 'swarmgate/v1/lab/$gateway/state', 'swarmgate/v1/lab/r1/cmd'));
    fc.assert(
      fc.property(topic, fc.uint8Array({ maxLength: 300 }), (t, payload) => {
        const line = echoLine(t, payload);
        expect(line.topic).toBe(t);
        if (line.error === undefined) expect(line.body).toBeDefined();
        else expect(line.bytes).toBe(payload.length);
        expect(() => JSON.stringify(line)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});
