/**
 * A robot's State is bounded by construction: whatever Commands are accepted (those over a
 * budget are refused with SG_BUDGET), every robot's State encodes within MAX_ENVELOPE_BYTES,
 * each list within its budget, with what was left out counted in `dropped`.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_BROADCASTS_PER_TICK,
  MAX_BROADCAST_PAYLOAD_BYTES,
  MAX_ENVELOPE_BYTES,
  MAX_ID_LENGTH,
  MAX_INBOX_BYTES_PER_TICK,
  MAX_INBOX_MESSAGES_PER_TICK,
  MAX_NEARBY_ROBOTS_PER_STATE,
  MAX_NEARBY_TAGS_PER_STATE,
  MAX_SCAN_RAYS,
  MAX_TAGS_PER_ROBOT,
  MAX_TAG_PAYLOAD_BYTES,
  encodeEnvelope,
  makeEnvelope,
  type Command,
} from '@swarmgate/protocols';
import { SwarmgateError, applyCommand, robotStateToWire } from '@swarmgate/sdk';
import { World } from './World.js';
import { borderedRoom } from './testing/testGrids.js';

/** More robots than a State may list, packed within tag-reading range of each other where they can be. */
const ROBOTS = MAX_NEARBY_ROBOTS_PER_STATE + 6;

function crowdedWorld(): { world: World; ids: string[] } {
  const world = new World(borderedRoom(14), { seed: 1 });
  const ids: string[] = [];
  for (let k = 0; k < ROBOTS; k++) {
    // The longest ids the topic tree allows: they are in every nearby robot and inbox entry.
    const id = `r${k}`.padEnd(MAX_ID_LENGTH, '-');
    world.addRobot({ id, pose: { xM: -5 + (k % 9) * 0.7 + 0.35, yM: -5 + Math.floor(k / 9) * 0.7 + 0.35, headingRad: 0 } });
    ids.push(id);
  }
  return { world, ids };
}

/** Encodes every robot's State as the gateway publishes it; checks each against its budgets. */
function checkStates(world: World, ids: readonly string[]): { maxBytes: number; inboxDropped: number } {
  let maxBytes = 0;
  let inboxDropped = 0;
  for (const id of ids) {
    const state = world.robot(id).state();
    const bytes = encodeEnvelope(makeEnvelope(id, { state: robotStateToWire(state) }, 0xffffffff, Date.now()));
    expect(bytes.length).toBeLessThanOrEqual(MAX_ENVELOPE_BYTES);
    expect(state.inbox.length).toBeLessThanOrEqual(MAX_INBOX_MESSAGES_PER_TICK);
    expect(state.inbox.reduce((sum, m) => sum + m.payload.length, 0)).toBeLessThanOrEqual(MAX_INBOX_BYTES_PER_TICK);
    expect(state.nearbyTags.length).toBeLessThanOrEqual(MAX_NEARBY_TAGS_PER_STATE);
    expect(state.nearbyRobots.length).toBeLessThanOrEqual(MAX_NEARBY_ROBOTS_PER_STATE);
    const dropped = state.dropped;
    if (dropped) expect(dropped.inbox + dropped.nearbyTags + dropped.nearbyRobots).toBeGreaterThan(0);
    maxBytes = Math.max(maxBytes, bytes.length);
    inboxDropped += dropped?.inbox ?? 0;
  }
  return { maxBytes, inboxDropped };
}

/** Applies a wire Command as the live trial does; a refusal must be a budget's (SG_BUDGET). */
function apply(world: World, id: string, command: Command): boolean {
  try {
    applyCommand(world.robot(id), command);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(SwarmgateError);
    expect((error as SwarmgateError).code).toBe('SG_BUDGET');
    return false;
  }
}

const BUDGET = { broadcast: MAX_BROADCAST_PAYLOAD_BYTES, depositTag: MAX_TAG_PAYLOAD_BYTES } as const;
const edges = [0, MAX_TAG_PAYLOAD_BYTES, MAX_TAG_PAYLOAD_BYTES + 1, MAX_BROADCAST_PAYLOAD_BYTES, MAX_BROADCAST_PAYLOAD_BYTES + 1, 200_000];
const payload = fc.oneof(fc.constantFrom(...edges), fc.integer({ min: 0, max: 40_000 })).map((n) => new Uint8Array(n).fill(0xa5));
const action = fc.record({
  robot: fc.integer({ min: 0, max: ROBOTS - 1 }),
  kind: fc.constantFrom('broadcast' as const, 'depositTag' as const),
  payload,
  /** Sent this many times in a row (a burst within one tick). */
  repeat: fc.integer({ min: 1, max: 12 }),
  /** Ticks stepped after it. */
  ticks: fc.integer({ min: 0, max: 2 }),
});

describe('State size budgets (property)', () => {
  it('any sequence of accepted commands yields States that encode within MAX_ENVELOPE_BYTES', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 40 }), (script) => {
        const { world, ids } = crowdedWorld();
        world.step();
        for (const a of script) {
          const id = ids[a.robot]!;
          for (let k = 0; k < a.repeat; k++) {
            const accepted = apply(world, id, { commandId: k, [a.kind]: { payload: a.payload } } as unknown as Command);
            if (a.payload.length > BUDGET[a.kind]) expect(accepted).toBe(false);
          }
          for (let t = 0; t < a.ticks; t++) {
            world.step();
            checkStates(world, ids);
          }
        }
        world.step();
        checkStates(world, ids);
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it('everyone at every budget at once: States still fit, and the cut is counted', () => {
    const { world, ids } = crowdedWorld();
    world.step();
    const message = new Uint8Array(MAX_BROADCAST_PAYLOAD_BYTES / 4).fill(1);
    const full = new Uint8Array(MAX_TAG_PAYLOAD_BYTES).fill(1);
    let refusedBroadcasts = 0;
    let refusedTags = 0;
    for (const id of ids) {
      for (let k = 0; k <= MAX_BROADCASTS_PER_TICK; k++)
        refusedBroadcasts += apply(world, id, { commandId: 1, broadcast: { payload: message } } as Command) ? 0 : 1;
    }
    // r1 (0.7 m away) deposits first, so its tags come first in id order; then r0 its whole budget.
    const neighbourTags = 100;
    for (let k = 0; k < neighbourTags; k++) expect(apply(world, ids[1]!, { commandId: 1, depositTag: { payload: full } } as Command)).toBe(true);
    for (let k = 0; k <= MAX_TAGS_PER_ROBOT; k++) refusedTags += apply(world, ids[0]!, { commandId: 1, depositTag: { payload: full } } as Command) ? 0 : 1;
    expect(refusedBroadcasts).toBe(ROBOTS);
    expect(refusedTags).toBe(1);
    world.step();
    const { maxBytes, inboxDropped } = checkStates(world, ids);
    // Each robot hears all others' 8 broadcasts (global radio) and keeps what fits its byte budget.
    const kept = Math.min(MAX_INBOX_MESSAGES_PER_TICK, Math.floor(MAX_INBOX_BYTES_PER_TICK / message.length));
    expect(inboxDropped).toBe(ROBOTS * ((ROBOTS - 1) * MAX_BROADCASTS_PER_TICK - kept));
    const first = world.robot(ids[0]!).state();
    expect(first.nearbyTags).toHaveLength(MAX_NEARBY_TAGS_PER_STATE);
    expect(first.dropped).toEqual({
      inbox: (ROBOTS - 1) * MAX_BROADCASTS_PER_TICK - kept,
      nearbyTags: neighbourTags + MAX_TAGS_PER_ROBOT - MAX_NEARBY_TAGS_PER_STATE,
      nearbyRobots: ROBOTS - 1 - MAX_NEARBY_ROBOTS_PER_STATE,
    });
    // The nearest are kept: r0's own tags under it, none of r1's 0.7 m away.
    expect(first.nearbyTags.every((t) => t.distanceM < 0.35)).toBe(true);
    const here = world.truePose(ids[0]!);
    const distances = ids
      .slice(1)
      .map((id) => Math.hypot(world.truePose(id).xM - here.xM, world.truePose(id).yM - here.yM))
      .sort((a, b) => a - b);
    expect(Math.max(...first.nearbyRobots.map((r) => r.distanceM))).toBeCloseTo(distances[MAX_NEARBY_ROBOTS_PER_STATE - 1]!, 5);
    expect(first.inbox).toHaveLength(kept);
    expect(maxBytes).toBeLessThan(MAX_ENVELOPE_BYTES);
  }, 60_000);

  it('refuses a lidar with more rays than MAX_SCAN_RAYS at start, naming the budget', () => {
    expect(new World(borderedRoom(8), { lidar: { rayCount: MAX_SCAN_RAYS } }).config.lidar.rayCount).toBe(MAX_SCAN_RAYS);
    expect(() => new World(borderedRoom(8), { lidar: { rayCount: MAX_SCAN_RAYS + 1 } })).toThrow(
      `SG_SIM_CONFIG: lidar.rayCount must be at most MAX_SCAN_RAYS (${MAX_SCAN_RAYS}), got ${MAX_SCAN_RAYS + 1}`,
    );
  });
});
