/**
 * Emergency stop and release end to end, on a real Mosquitto and a real pty pair (socat): 2
 * virtual robots, a mona-sim over MQTT and a mona-sim over serial, all running the frontier
 * controller host-side, driven through `swarmgate serve`'s HTTP API on a real port. Stop all:
 * every robot holds still and each firmware reports its latch. Release all: each firmware
 * clears its latch, and every robot moves again under its controller.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveService, MemoryLogger } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { swarmgate, type Pose } from '@swarmgate/protocols';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { startPtyPair, type PtyPair } from '../harness/socat.js';
import { FLEET, sleep, startLive, startMonaSim, terminate, waitFor } from './liveHarness.js';

const ESTOP_FLAG = swarmgate.v1.TelemetryFlag.TELEMETRY_FLAG_EMERGENCY_STOP;
const VIRTUAL = ['r0', 'r1'];
const MQTT_ROBOT = 'mona-01';
const SERIAL_ROBOT = 'mona-11';
const PHYSICAL = [MQTT_ROBOT, SERIAL_ROBOT];
const ALL = [...VIRTUAL, ...PHYSICAL];

describe('emergency stop and release over real links', () => {
  let broker: MosquittoBroker;
  let pty: PtyPair;
  let service: LiveService;
  const logger = new MemoryLogger();
  const sims: (ChildProcess & { output(): string })[] = [];
  /** Last odometry (arena frame) and telemetry flags each firmware reported. */
  const odometry = new Map<string, Pose>();
  const flags = new Map<string, number>();

  beforeAll(async () => {
    broker = await startMosquitto();
    pty = await startPtyPair();
    ({ service } = await startLive({
      url: broker.url,
      grid: loadMap('building:30x30:seed=7'),
      robots: VIRTUAL.length,
      serialPorts: [pty.b],
      service: { httpPort: 0, logger },
    }));
    service.hil.registry.on('telemetry', (id, telemetry) => {
      // Field by field: protobufjs keeps zero-valued fields on the prototype, a spread drops them.
      const o = telemetry.odometry;
      if (o) odometry.set(id, { xM: o.xM, yM: o.yM, headingRad: o.headingRad });
      flags.set(id, telemetry.flags);
    });
    sims.push(startMonaSim(MQTT_ROBOT, ['--mqtt', broker.url, '--fleet', FLEET]), startMonaSim(SERIAL_ROBOT, ['--serial', pty.a]));
    const live = service.live;
    await waitFor('both mona-sims to join as anchored twins', () => PHYSICAL.every((id) => live.twins!.has(id) && live.twins!.anchorOf(id)), 20_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${sims.map((s) => s.output()).join('\n')}`);
      },
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sims.map((sim) => terminate(sim)));
    await service?.stop();
    await pty?.close();
    await broker?.stop();
  });

  async function post(path: string, body: object): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await fetch(`http://127.0.0.1:${service.httpPort}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  const travelled = (id: string): number => service.live.world.distanceTravelledM(id);
  const snapshot = () => new Map(ALL.map((id) => [id, { travelledM: travelled(id), odometry: odometry.get(id) }]));
  const odometryMovedM = (id: string, from: Pose | undefined) => {
    const now = odometry.get(id)!;
    return Math.hypot(now.xM - from!.xM, now.yM - from!.yM);
  };

  it('stop all holds every robot still; release all lets each move again under its controller', async () => {
    const live = service.live;
    // Running: everybody moves.
    const start = snapshot();
    await waitFor('every robot to move', () => ALL.every((id) => travelled(id) - start.get(id)!.travelledM > 0.5), 20_000);

    const stop = await post('/api/estop', { reason: 'test: stop all' });
    expect(stop.status).toBe(200);
    // Slot order: the twins in the order they joined.
    const slotOrder = live.world.robotIds();
    expect(stop.json).toEqual({ stopped: slotOrder });
    expect([...slotOrder].sort()).toEqual([...ALL].sort());
    await waitFor('both firmwares to report the latch', () => PHYSICAL.every((id) => ((flags.get(id) ?? 0) & ESTOP_FLAG) !== 0), 5000);
    // Let the bodies coast to rest: drag halves a body's speed every few physics steps.
    const stopTick = live.world.tick;
    await waitFor('10 ticks after the stop', () => live.world.tick >= stopTick + 10);
    const held = snapshot();
    const heldTick = live.world.tick;
    await sleep(2000);
    expect(live.world.tick, 'the trial ran on while the robots were held').toBeGreaterThan(heldTick + 5);
    for (const id of ALL) expect(travelled(id) - held.get(id)!.travelledM, `${id} held still (map m)`).toBeLessThan(1e-3);
    for (const id of PHYSICAL) {
      expect(odometryMovedM(id, held.get(id)!.odometry), `${id} firmware held still (arena m)`).toBeLessThan(1e-4);
      expect((flags.get(id) ?? 0) & ESTOP_FLAG, `${id} still latched`).not.toBe(0);
    }

    // Bad release bodies release nothing.
    expect((await post('/api/estop/release', {})).status).toBe(400);
    expect((await post('/api/estop/release', { robotId: 'ghost' })).status).toBe(404);
    expect(live.status().emergencyStopped).toEqual(slotOrder);

    expect(await post('/api/estop/release', { all: true, reason: 'test: arena clear' })).toEqual({ status: 200, json: { released: slotOrder, offline: [] } });
    expect(logger.entries).toContainEqual({
      level: 'warn',
      message: 'trial: emergency stop released',
      fields: { robots: slotOrder, offline: [], requested: 'all', reason: 'test: arena clear' },
    });
    await waitFor('both firmwares to clear the latch', () => PHYSICAL.every((id) => ((flags.get(id) ?? 0) & ESTOP_FLAG) === 0), 5000);
    const released = snapshot();
    await waitFor(
      'every robot to move again',
      () =>
        ALL.every((id) => travelled(id) - released.get(id)!.travelledM > 0.5) && PHYSICAL.every((id) => odometryMovedM(id, released.get(id)!.odometry) > 0.02),
      20_000,
    ).catch((error: Error) => {
      const moved = ALL.map((id) => `${id} ${(travelled(id) - released.get(id)!.travelledM).toFixed(2)} m`).join(', ');
      throw new Error(`${error.message}: ${moved}\n${sims.map((s) => s.output()).join('\n')}`);
    });
    expect(live.status().emergencyStopped).toEqual([]);
  }, 90_000);
});
