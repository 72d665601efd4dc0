import { Cell, createGrid } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../../errors.js';
import { total } from './RadioCounters.js';
import { RadioNetwork, type RadioNetworkOptions } from './RadioNetwork.js';
import { globalModel } from './globalModel.js';
import { losModel } from './losModel.js';
import type { RadioModel } from './RadioModel.js';
import { rangeModel } from './rangeModel.js';

const grid = createGrid(40, 40);

function network(model: RadioModel, options: Partial<RadioNetworkOptions> = {}): RadioNetwork {
  return new RadioNetwork(grid, model, { robotCount: 3, tickS: 0.1, ...options });
}

/** Robots 0 and 1 two metres apart, robot 2 twenty metres away. */
const poses = new Float64Array([5, 5, 7, 5, 27, 5]);

function inboxOf(net: RadioNetwork, robot: number): Array<{ from: number; sentTick: number; bytes: number[] }> {
  return Array.from({ length: net.inboxCount(robot) }, (_, k) => ({
    from: net.inboxFrom(robot, k),
    sentTick: net.inboxSentTick(robot, k),
    bytes: [...net.inboxPayload(robot, k)],
  }));
}

describe('RadioNetwork', () => {
  it('delivers at the next tick, never to the sender, only for one tick', () => {
    const net = network(globalModel());
    net.deliver(0, poses);
    expect(net.send(0, new Uint8Array([1, 2, 3]), 0)).toBe(true);
    expect(net.inboxCount(1)).toBe(0); // not readable in the tick it was sent
    net.deliver(1, poses);
    expect(inboxOf(net, 0)).toEqual([]);
    expect(inboxOf(net, 1)).toEqual([{ from: 0, sentTick: 0, bytes: [1, 2, 3] }]);
    expect(inboxOf(net, 2)).toEqual([{ from: 0, sentTick: 0, bytes: [1, 2, 3] }]);
    net.deliver(2, poses);
    expect(net.inboxCount(1)).toBe(0);
    expect(net.inFlight).toBe(0);
  });

  it('copies payloads in and out: no caller shares the bytes', () => {
    const net = network(globalModel());
    const payload = new Uint8Array([9, 9]);
    net.send(0, payload, 0);
    payload[0] = 1; // the sender reuses its buffer
    net.deliver(1, poses);
    const seenBy1 = net.inboxPayload(1, 0);
    seenBy1[1] = 42; // a receiver scribbles on its copy
    expect([...net.inboxPayload(2, 0)]).toEqual([9, 9]);
    const dst = new Uint8Array(4);
    expect(net.copyInboxPayload(2, 0, dst, 2)).toBe(2);
    expect([...dst]).toEqual([0, 0, 9, 9]);
    expect(() => net.copyInboxPayload(2, 0, new Uint8Array(1))).toThrow(SwarmgateError);
  });

  it('evaluates reachability with the poses at delivery time', () => {
    const net = network(rangeModel(3));
    net.send(0, new Uint8Array([7]), 0);
    // Robot 1 moved out of range and robot 2 moved in before the delivery tick.
    net.deliver(1, new Float64Array([5, 5, 15, 5, 6, 6]));
    expect(net.inboxCount(1)).toBe(0);
    expect(net.inboxCount(2)).toBe(1);
  });

  it('respects walls through the model', () => {
    const walled = createGrid(40, 40);
    for (let y = 0; y < 40; y++) walled.cells[y * 40 + 6] = Cell.Brick;
    const net = new RadioNetwork(walled, losModel(), { robotCount: 3, tickS: 0.1 });
    net.send(1, new Uint8Array([1]), 0);
    net.deliver(1, poses);
    expect(net.inboxCount(0)).toBe(0); // wall at x 6..7 between robots 0 and 1
    expect(net.inboxCount(2)).toBe(1);
  });

  it('adds latency = fixed + size / bandwidth, rounded up to a tick', () => {
    // 1000 B/s: a 150-byte message takes 0.15 s; plus 0.1 s fixed = 0.25 s -> tick 3 (0.3 s).
    const net = network(globalModel(), { bandwidthBytesPerS: 1000, fixedLatencyS: 0.1 });
    net.send(0, new Uint8Array(150), 0);
    for (const tick of [1, 2]) {
      net.deliver(tick, poses);
      expect(net.inboxCount(1), `tick ${tick}`).toBe(0);
    }
    net.deliver(3, poses);
    expect(net.inboxCount(1)).toBe(1);
  });

  it('queues past the per-tick bandwidth budget and drops past the backlog limit', () => {
    // 1000 B/s and 0.1 s ticks: a 100 B budget per tick. Backlog limit 0.25 s.
    const net = network(globalModel(), { bandwidthBytesPerS: 1000, maxBacklogS: 0.25 });
    const accepted = [0, 1, 2, 3, 4].map(() => net.send(0, new Uint8Array(100), 0));
    // Transmitter busy 0, 0.1, 0.2 s before sends 2, 3, 4: the fourth waits 0.3 s > 0.25 s.
    expect(accepted).toEqual([true, true, true, false, false]);
    expect(net.counters.messagesDropped[0]).toBe(2);
    expect(net.counters.messagesSent[0]).toBe(3);
    const deliveredAt: number[] = [];
    for (let tick = 1; tick <= 4; tick++) {
      net.deliver(tick, poses);
      for (let k = 0; k < net.inboxCount(1); k++) deliveredAt.push(tick);
    }
    expect(deliveredAt).toEqual([1, 2, 3]);
  });

  it('counts messages and bytes per robot', () => {
    const net = network(rangeModel(3));
    net.send(0, new Uint8Array(10), 0);
    net.send(2, new Uint8Array(5), 0);
    net.deliver(1, poses);
    expect([...net.counters.messagesSent]).toEqual([1, 0, 1]);
    expect([...net.counters.bytesSent]).toEqual([10, 0, 5]);
    expect([...net.counters.messagesReceived]).toEqual([0, 1, 0]);
    expect([...net.counters.bytesReceived]).toEqual([0, 10, 0]);
    expect(total(net.counters.bytesSent)).toBe(15);
  });

  it('loses messages with the given probability, reproducibly under a seed', () => {
    function run(seed: number): number[] {
      const rng = Random.fromSeed(seed).fork('radio:loss');
      const net = new RadioNetwork(grid, globalModel(), { robotCount: 2, tickS: 0.1, lossProbability: 0.3, random: rng });
      const received: number[] = [];
      const two = new Float64Array([1, 1, 2, 2]);
      for (let tick = 1; tick <= 2000; tick++) {
        net.deliver(tick, two);
        received.push(net.inboxCount(1));
        net.send(0, new Uint8Array([tick & 255]), tick);
      }
      expect(net.counters.messagesLost[1] + net.counters.messagesReceived[1]).toBe(1999);
      return received;
    }
    const a = run(7);
    expect(run(7)).toEqual(a);
    expect(run(8)).not.toEqual(a);
    const lostFraction = 1 - a.reduce((s, v) => s + v, 0) / 1999;
    // Binomial(1999, 0.3): sd 0.0102, so +- 0.05 is about 5 sd.
    expect(Math.abs(lostFraction - 0.3)).toBeLessThan(0.05);
  });

  it('finds communication groups on demand', () => {
    const net = new RadioNetwork(grid, rangeModel(3), { robotCount: 5, tickS: 0.1 });
    // 0-1-2 chained at 2.5 m spacing (0 and 2 only connected through 1), 3-4 apart.
    const groups = net.groups(0, new Float64Array([1, 1, 3.5, 1, 6, 1, 20, 20, 22, 20]));
    expect(groups.count).toBe(2);
    expect([...groups.groupOf]).toEqual([0, 0, 0, 1, 1]);
    expect(groups.largestSize).toBe(3);
    expect(groups.interconnected).toBe(false);
    expect([...net.links.neighbours.subarray(net.links.start[1], net.links.start[2])].sort()).toEqual([0, 2]);
  });

  it('rejects bad options, robots and ticks with coded errors', () => {
    const bad: Array<Partial<RadioNetworkOptions>> = [
      { tickS: 0 },
      { fixedLatencyS: -1 },
      { bandwidthBytesPerS: 0 },
      { maxBacklogS: NaN },
      { lossProbability: 1.5 },
      { lossProbability: 0.1 },
      { robotCount: -1 },
      { stride: 1 },
    ];
    for (const options of bad) {
      expect(() => network(globalModel(), options), JSON.stringify(options)).toThrow(/SG_RADIO_CONFIG/);
    }
    const net = network(globalModel());
    expect(() => net.send(3, new Uint8Array(1), 0)).toThrow(/SG_RADIO_ROBOT/);
    expect(() => net.send(0.5, new Uint8Array(1), 0)).toThrow(/SG_RADIO_ROBOT/);
    net.deliver(5, poses);
    expect(() => net.send(0, new Uint8Array(1), 4)).toThrow(/SG_RADIO_ROBOT/);
    expect(() => net.deliver(5, poses)).toThrow(/SG_RADIO_ROBOT/);
    expect(() => net.inboxFrom(0, 0)).toThrow(/SG_RADIO_ROBOT/);
  });

  it('reuses slots: a long run keeps a bounded number of buffers', () => {
    const net = network(globalModel());
    for (let tick = 1; tick <= 500; tick++) {
      net.deliver(tick, poses);
      for (let r = 0; r < 3; r++) net.send(r, new Uint8Array(1 + ((tick * 7 + r) % 300)), tick);
    }
    // At most one tick of in-flight plus one tick of delivered messages are alive.
    expect((net as unknown as { slotPayload: Uint8Array[] }).slotPayload.length).toBeLessThanOrEqual(6);
    expect(total(net.counters.messagesReceived)).toBe(499 * 3 * 2);
  });
});
