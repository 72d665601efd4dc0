/**
 * The mixed trial of issue 4, on a real Mosquitto and real pty pairs (socat): 3 virtual robots,
 * 2 mona-sim over MQTT and 2 mona-sim over serial, all running the frontier controller (the
 * physical ones host-side, as twins) on a small building map with a 5 m range radio and map
 * sharing every 5 ticks. Then one serial mona-sim is killed.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveService } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import type { Pose } from '@swarmgate/protocols';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { startPtyPair, type PtyPair } from '../harness/socat.js';
import { FLEET, sleep, startLive, startMonaSim, terminate, waitFor } from './liveHarness.js';

const RANGE_M = 5;
const KEEPALIVE_MS = 1000;
const VIRTUAL = ['r0', 'r1', 'r2'];
const MQTT_ROBOTS = ['mona-01', 'mona-02'];
const SERIAL_ROBOTS = ['mona-11', 'mona-12'];
const PHYSICAL = [...MQTT_ROBOTS, ...SERIAL_ROBOTS];

interface TickRecord {
  readonly tick: number;
  readonly poses: Map<string, Pose>;
  /** Messages sent this tick, per robot (radio counters). */
  readonly sent: Map<string, number>;
  /** Inbox at this tick: receiver -> "from@sentTick" entries. */
  readonly inbox: Map<string, Set<string>>;
  /** Largest twin-to-firmware pose error this tick, map m. */
  readonly twinErrorM: number;
}

describe('mixed trial: virtual, MQTT and serial robots in one world', () => {
  let broker: MosquittoBroker;
  let service: LiveService;
  const ptys: PtyPair[] = [];
  const sims: (ChildProcess & { output(): string })[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
    ptys.push(await startPtyPair(), await startPtyPair());
    ({ service } = await startLive({
      url: broker.url,
      grid: loadMap('building:30x30:seed=7'),
      robots: VIRTUAL.length,
      algorithm: 'frontier:shareEveryS=0.5',
      comm: `range:${RANGE_M}`,
      keepaliveMs: KEEPALIVE_MS,
      serialPorts: ptys.map((p) => p.b),
    }));
  });

  afterAll(async () => {
    await Promise.all(sims.map((sim) => terminate(sim)));
    await service?.stop();
    await Promise.all(ptys.map((p) => p.close()));
    await broker?.stop();
  });

  it('moves every robot, keeps twins on their firmware pose, routes radio by the model, and survives a dead robot', async () => {
    const live = service.live;
    const world = live.world;
    sims.push(
      startMonaSim(MQTT_ROBOTS[0], ['--mqtt', broker.url, '--fleet', FLEET, '--keepalive', '2'], ['--count', '2']),
      startMonaSim(SERIAL_ROBOTS[0], ['--serial', ptys[0].a]),
      startMonaSim(SERIAL_ROBOTS[1], ['--serial', ptys[1].a]),
    );
    const odometry = new Map<string, Pose>();
    service.hil.registry.on('telemetry', (id, telemetry) => {
      // Field by field: protobufjs keeps zero-valued fields on the prototype, a spread drops them.
      const o = telemetry.odometry;
      if (o) odometry.set(id, { xM: o.xM, yM: o.yM, headingRad: o.headingRad });
    });
    await waitFor('all four mona-sims to join as twins', () => PHYSICAL.every((id) => live.twins!.has(id) && live.twins!.anchorOf(id)), 20_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${sims.map((s) => s.output()).join('\n')}`);
      },
    );
    expect(service.hil.registry.get('mona-11')!.link).toBe('serial');
    expect(service.hil.registry.get('mona-01')!.link).toBe('mqtt');

    const records: TickRecord[] = [];
    let lastSent = world.comms.totals().messagesSent;
    world.addObserver({
      afterTick: () => {
        const ids = world.robotIds();
        const totals = world.comms.totals().messagesSent;
        const poses = new Map<string, Pose>();
        const sent = new Map<string, number>();
        const inbox = new Map<string, Set<string>>();
        let twinErrorM = 0;
        ids.forEach((id, slot) => {
          poses.set(id, world.truePose(id));
          sent.set(id, totals[slot] - (lastSent[slot] ?? 0));
          inbox.set(
            id,
            new Set(
              world
                .robot(id)
                .state()
                .inbox.map((m) => `${m.from}@${m.sentTick}`),
            ),
          );
          const anchor = live.twins!.anchorOf(id);
          const odo = odometry.get(id);
          if (anchor && odo && live.twins!.isOnline(id)) {
            const expected = anchor.toMap(odo.xM, odo.yM, odo.headingRad);
            const pose = world.truePose(id);
            twinErrorM = Math.max(twinErrorM, Math.hypot(pose.xM - expected.xM, pose.yM - expected.yM));
          }
        });
        lastSent = totals;
        records.push({ tick: world.tick, poses, sent, inbox, twinErrorM });
      },
    });
    const travelled = (id: string): number => world.distanceTravelledM(id);
    const startTravel = new Map([...VIRTUAL, ...PHYSICAL].map((id) => [id, travelled(id)]));
    const startExplored = live.status().exploredFraction;

    await sleep(8000);

    // Every robot moves (map metres).
    for (const id of [...VIRTUAL, ...PHYSICAL]) expect(travelled(id) - startTravel.get(id)!, `${id} travelled`).toBeGreaterThan(1);
    // Each firmware moved on its own: odometry (arena metres) left its start.
    for (const id of PHYSICAL) expect(Math.hypot(odometry.get(id)!.xM, odometry.get(id)!.yM), `${id} odometry`).toBeGreaterThan(0.02);
    // Twins stand where their firmware's odometry says, through the arena-to-map transform.
    expect(Math.max(...records.map((r) => r.twinErrorM))).toBeLessThan(1e-6);
    expect(live.status().exploredFraction).toBeGreaterThan(startExplored + 0.05);

    // Radio: a message sent at tick t reaches exactly the robots in range at t + 1 (latency 0).
    let heard = 0;
    let outOfRange = 0;
    for (let k = 0; k + 1 < records.length; k++) {
      const sentAt = records[k];
      const deliveredAt = records[k + 1];
      for (const [from, count] of sentAt.sent) {
        if (count === 0) continue;
        for (const [to, inbox] of deliveredAt.inbox) {
          if (to === from || PHYSICAL.includes(to) === PHYSICAL.includes(from)) continue;
          const a = deliveredAt.poses.get(from)!;
          const b = deliveredAt.poses.get(to)!;
          const distanceM = Math.hypot(a.xM - b.xM, a.yM - b.yM);
          if (Math.abs(distanceM - RANGE_M) < 1e-6) continue;
          const got = inbox.has(`${from}@${sentAt.tick}`);
          expect(got, `${from} -> ${to} at tick ${sentAt.tick}, ${distanceM.toFixed(2)} m apart`).toBe(distanceM <= RANGE_M);
          if (got) heard++;
          else outOfRange++;
        }
      }
    }
    expect(heard, 'physical <-> virtual messages delivered').toBeGreaterThan(0);
    expect(outOfRange, 'physical <-> virtual messages out of range, not delivered').toBeGreaterThan(0);

    // Kill a serial mona-sim: offline within 1.5 keepalive periods (plus timer slack), trial goes on.
    const victim = sims[2];
    const killedAtMs = Date.now();
    const offlineAt = new Promise<number>((resolve) =>
      service.hil.registry.on('offline', (record) => {
        if (record.id === SERIAL_ROBOTS[1]) resolve(Date.now());
      }),
    );
    victim.kill('SIGKILL');
    const offlineAfterMs = (await offlineAt) - killedAtMs;
    expect(offlineAfterMs).toBeLessThanOrEqual(1.5 * KEEPALIVE_MS + 500);
    const tickAtDeath = world.tick;
    const travelAtDeath = travelled('r0') + travelled('mona-01');
    await sleep(1500);
    expect(world.tick).toBeGreaterThan(tickAtDeath + 8);
    expect(travelled('r0') + travelled('mona-01')).toBeGreaterThan(travelAtDeath);
    expect(live.status().physicalOnline).toBe(3);
  }, 45_000);
});
