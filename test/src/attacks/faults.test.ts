/**
 * Faults stay where they start, on both brokers: a remote controller (bench mode, no
 * credentials) sends two 200 kB Broadcasts, five 60 kB DepositTags and a flood of broadcasts; a
 * robot sends a 200 kB Error text. Before the size budgets, the first two made the next State
 * of a robot in reach exceed MAX_ENVELOPE_BYTES and the throw in the tick loop ended the process. After each
 * attack here: the trial still ticks, the sender got an Error naming the budget it broke,
 * GET /api/trial counts the fault, and every log line stays bounded. The same Commands from a
 * controller authenticated under a fleet file are refused the same way.
 */
import {
  GATEWAY_ID,
  MAX_BROADCAST_PAYLOAD_BYTES,
  MAX_BROADCASTS_PER_TICK,
  MAX_TAG_PAYLOAD_BYTES,
  encodeEnvelope,
  makeEnvelope,
  swarmgate,
  type Envelope,
  type ErrorMessage,
} from '@swarmgate/protocols';
import type { CommandInit } from '@swarmgate/sdk';
import type { TrialFaults } from '@swarmgate/gateway';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../trial/liveHarness.js';
import { BROKERS, collect, startAttackTarget, type AttackTarget } from './attackHarness.js';

const ErrorCode = swarmgate.v1.ErrorCode;
const REMOTE = 'r0';
/** A log line's size that no peer's text can push it over (MAX_LOG_FIELD_CHARS per field). */
const MAX_LOG_LINE_CHARS = 2048;

/** The trial goes on: ticks advance after the attack. */
async function keepsTicking(target: AttackTarget): Promise<void> {
  const tick = target.service.live.status().tick;
  await waitFor('the trial to keep ticking', () => target.service.live.status().tick >= tick + 5);
}

/** The gateway's Error answering Command `commandId`, among what was seen on an error topic. */
function refusalOf(errors: readonly Envelope[], commandId: number): ErrorMessage | undefined {
  return errors.find((e) => e.robotId === GATEWAY_ID && e.error!.commandId === commandId)?.error ?? undefined;
}

describe.each(BROKERS)('faults stay where they start, on %s', (broker) => {
  let target: AttackTarget;
  let attacker: MqttClient;
  /** What the gateway published on r0's error and ack topics. */
  let errors: Envelope[];
  let acks: Envelope[];
  let seq = 0;

  beforeAll(async () => {
    target = await startAttackTarget({ broker, robots: 2, remote: [REMOTE], http: true });
    attacker = await target.connect();
    errors = await collect(attacker, target.topic(REMOTE, 'error'));
    acks = await collect(attacker, target.topic(REMOTE, 'ack'));
    await waitFor('the trial to tick', () => target.service.live.status().tick > 3);
  }, 60_000);

  afterAll(async () => {
    await target?.cleanup();
  });

  /** Publishes raw Commands for r0 as any client could (not through the SDK, which would refuse them first). */
  async function command(...bodies: CommandInit[]): Promise<void> {
    for (const body of bodies) {
      seq++;
      const bytes = encodeEnvelope(makeEnvelope(REMOTE, { command: body }, seq, Date.now()));
      await attacker.publishAsync(target.topic(REMOTE, 'cmd'), Buffer.from(bytes), { qos: 1 });
    }
  }

  const errorFor = (commandId: number) => refusalOf(errors, commandId);
  const ackFor = (commandId: number) => acks.some((e) => e.robotId === GATEWAY_ID && e.ack!.commandId === commandId);

  async function trialFaults(): Promise<TrialFaults> {
    const response = await fetch(`${target.httpUrl}/api/trial`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { faults: TrialFaults }).faults;
  }

  function logIsBounded(): void {
    for (const entry of target.logger.entries) expect(JSON.stringify(entry).length, entry.message).toBeLessThan(MAX_LOG_LINE_CHARS);
  }

  it('refuses 200 kB Broadcasts naming MAX_BROADCAST_PAYLOAD_BYTES, and accepts one at the budget', async () => {
    const before = await trialFaults();
    const large = new Uint8Array(200_000).fill(0x41);
    await command(
      { commandId: 101, broadcast: { payload: large } },
      { commandId: 102, broadcast: { payload: large } },
      { commandId: 103, broadcast: { payload: new Uint8Array(MAX_BROADCAST_PAYLOAD_BYTES) } },
    );
    await waitFor('two Errors and an Ack', () => errorFor(101) !== undefined && errorFor(102) !== undefined && ackFor(103));
    for (const id of [101, 102]) {
      expect(errorFor(id)).toMatchObject({
        code: ErrorCode.ERROR_CODE_OUT_OF_RANGE,
        message: expect.stringContaining(`over MAX_BROADCAST_PAYLOAD_BYTES (${MAX_BROADCAST_PAYLOAD_BYTES})`),
      });
    }
    await keepsTicking(target);
    const after = await trialFaults();
    expect(after.commandRefused).toBe(before.commandRefused + 2);
    expect(after.stateEncode).toBe(0);
    expect(after.tick).toBe(0);
    logIsBounded();
  });

  it('refuses five 60 kB DepositTags naming MAX_TAG_PAYLOAD_BYTES; tags at the budget are kept and read back', async () => {
    const before = await trialFaults();
    const large = [201, 202, 203, 204, 205];
    await command(...large.map((commandId) => ({ commandId, depositTag: { payload: new Uint8Array(60_000) } })), {
      commandId: 206,
      depositTag: { payload: new Uint8Array(MAX_TAG_PAYLOAD_BYTES).fill(7) },
    });
    await waitFor('five Errors and an Ack', () => large.every((id) => errorFor(id) !== undefined) && ackFor(206));
    for (const id of large) expect(errorFor(id)!.message).toContain(`over MAX_TAG_PAYLOAD_BYTES (${MAX_TAG_PAYLOAD_BYTES})`);
    await keepsTicking(target);
    const state = target.service.live.world.robot(REMOTE).state();
    expect(state.nearbyTags.some((t) => t.payload.length === MAX_TAG_PAYLOAD_BYTES && t.payload[0] === 7)).toBe(true);
    expect((await trialFaults()).commandRefused).toBe(before.commandRefused + 5);
    logIsBounded();
  });

  it('refuses a flood of broadcasts beyond MAX_BROADCASTS_PER_TICK, logging it once, not per Command', async () => {
    const before = await trialFaults();
    const linesBefore = target.logger.entries.length;
    const ids = Array.from({ length: 200 }, (_, k) => 1000 + k);
    // One burst between two ticks (100 ms apart): at most a few ticks' budgets can be accepted.
    await Promise.all(
      ids.map((commandId) => {
        seq++;
        const bytes = encodeEnvelope(makeEnvelope(REMOTE, { command: { commandId, broadcast: { payload: new Uint8Array(512) } } }, seq, Date.now()));
        return attacker.publishAsync(target.topic(REMOTE, 'cmd'), Buffer.from(bytes), { qos: 1 });
      }),
    );
    await waitFor('an answer to every Command', () => ids.every((id) => errorFor(id) !== undefined || ackFor(id)), 20_000);
    const refused = ids.filter((id) => errorFor(id) !== undefined);
    expect(refused.length).toBeGreaterThan(100);
    expect(ids.length - refused.length).toBeGreaterThanOrEqual(MAX_BROADCASTS_PER_TICK);
    expect(errorFor(refused[0]!)!.message).toContain(`MAX_BROADCASTS_PER_TICK (${MAX_BROADCASTS_PER_TICK})`);
    await keepsTicking(target);
    expect((await trialFaults()).commandRefused).toBe(before.commandRefused + refused.length);
    const refusalLines = target.logger.entries.slice(linesBefore).filter((e) => e.message === 'trial: command refused');
    expect(refusalLines.length).toBeLessThanOrEqual(1);
    logIsBounded();
  });

  it("counts a robot's 200 kB Error text and logs it cut to a bounded line", async () => {
    const before = await trialFaults();
    const robot = await target.connect();
    const text = 'E'.repeat(200_000);
    const bytes = encodeEnvelope(makeEnvelope('mona-x', { error: { code: ErrorCode.ERROR_CODE_INTERNAL, message: text } }, 1, 0));
    await robot.publishAsync(target.topic('mona-x', 'error'), Buffer.from(bytes), { qos: 1 });
    await waitFor('the robot error to be counted', () => target.service.live.status().faults.robotError > before.robotError);
    await keepsTicking(target);
    const line = target.logger.entries.find((e) => e.fields?.robotId === 'mona-x' && e.message.includes('robot reported an error'));
    expect(line?.fields?.message).toMatch(/^E{256}…\(\+199744 bytes\)$/);
    expect((await trialFaults()).robotError).toBe(before.robotError + 1);
    logIsBounded();
  });

  it('keeps no Error text of robots the trial does not hold, and a bounded one of a twin: a stray spraying ids with 200 kB texts grows nothing', async () => {
    // Before: every Error was kept whole per robot id, born or not, for good: 1500 ids of
    // 200 kB took `serve` from 195 MB to 506 MB, and nothing bounded the ids (bench mode).
    const before = await trialFaults();
    const stray = await target.connect();
    const text = 'E'.repeat(200_000);
    const STRAYS = 40;
    for (let i = 0; i < STRAYS; i++) {
      const id = `stray-${i}`;
      const bytes = encodeEnvelope(makeEnvelope(id, { error: { code: ErrorCode.ERROR_CODE_INTERNAL, message: text } }, 1, 0));
      await stray.publishAsync(target.topic(id, 'error'), Buffer.from(bytes), { qos: 1 });
    }
    await waitFor('the stray errors to be counted', () => target.service.live.status().faults.robotError >= before.robotError + STRAYS);
    const kept = Array.from({ length: STRAYS }, (_, i) => `stray-${i}`).filter((id) => target.service.live.robotErrors(id) !== null);
    expect(kept).toEqual([]);

    // A twin's Error is kept for its robot page, its text bounded.
    const birth = encodeEnvelope(
      makeEnvelope('mona-e', { birth: { model: 'mona', firmwareVersion: '1', protocolVersion: { major: 1, minor: 0 }, session: 1 } }, 1, 0),
    );
    await stray.publishAsync(target.topic('mona-e', 'birth'), Buffer.from(birth), { qos: 1 });
    await waitFor('the twin to join', () => target.service.live.twins?.has('mona-e') ?? false);
    const bytes = encodeEnvelope(makeEnvelope('mona-e', { error: { code: ErrorCode.ERROR_CODE_INTERNAL, message: text } }, 2, 0));
    await stray.publishAsync(target.topic('mona-e', 'error'), Buffer.from(bytes), { qos: 1 });
    await waitFor('the twin error to be kept', () => target.service.live.robotErrors('mona-e') !== null);
    const { count, last } = target.service.live.robotErrors('mona-e')!;
    expect(count).toBe(1);
    expect(last.message.length).toBeLessThan(300);
    expect(last.message).toMatch(/^E{256}…\(\+199744 bytes\)$/);
    await keepsTicking(target);
  });
});

const FLEET_YAML = `
fleet: lab
gateway: { username: gw, password: gw-pw }
robots:
  - { id: mona-01, password: m1-pw }
virtualRobots: [r0, r1]
controllers:
  - { id: c0, password: c0-pw, robots: [r0] }
`;

describe.each(BROKERS)('an authenticated controller under a fleet file, on %s', (broker) => {
  let target: AttackTarget;

  beforeAll(async () => {
    target = await startAttackTarget({ broker, robots: 2, remote: [REMOTE], fleet: { yaml: FLEET_YAML, username: 'gw', password: 'gw-pw' } });
  }, 60_000);

  afterAll(async () => {
    await target?.cleanup();
  });

  it('gets its oversized Broadcast and DepositTag refused naming the budgets; the trial goes on', async () => {
    const controller = await target.connect({ username: 'c0', password: 'c0-pw' });
    const errors = await collect(controller, target.topic(REMOTE, 'error'));
    const large = new Uint8Array(200_000);
    for (const [commandId, body] of [
      [1, { broadcast: { payload: large } }],
      [2, { broadcast: { payload: large } }],
      [3, { depositTag: { payload: new Uint8Array(60_000) } }],
    ] as const) {
      const bytes = encodeEnvelope(makeEnvelope(REMOTE, { command: { commandId, ...body } }, commandId, Date.now()));
      await controller.publishAsync(target.topic(REMOTE, 'cmd'), Buffer.from(bytes), { qos: 1 });
    }
    const refusal = (id: number) => refusalOf(errors, id);
    await waitFor('three Errors', () => [1, 2, 3].every((id) => refusal(id) !== undefined));
    expect(refusal(1)!.message).toContain('MAX_BROADCAST_PAYLOAD_BYTES');
    expect(refusal(3)!.message).toContain('MAX_TAG_PAYLOAD_BYTES');
    await keepsTicking(target);
    expect(target.service.live.status().faults).toMatchObject({ commandRefused: 3, stateEncode: 0, tick: 0 });
  });
});
