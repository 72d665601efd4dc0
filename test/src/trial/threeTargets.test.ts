/**
 * One controller file, three targets (issue 4): the SDK's frontier controller drives
 * - r0: a virtual robot, in-process in the gateway;
 * - r1: a virtual robot, from this test process through the SDK's MQTT link;
 * - mona-01: a mona-sim process (emulated firmware on MQTT), from this test process through
 *   the same link; the gateway turns its commands into MotorCommands for the firmware.
 * On a real Mosquitto. The test waits (bounded) until every robot has explored: travelled 2 map m
 * and learnt 5 % more of the map by its own SLAM, the remote links ticking and acknowledged; then
 * stops the controllers and checks that the twin of mona-01 stands exactly where the firmware's
 * own odometry puts it (through the odometry anchor).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveService } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import type { Pose } from '@swarmgate/protocols';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { FLEET, sleep, startLive, startMonaSim, startRemoteFrontier, terminate, waitFor, type RemoteController } from './liveHarness.js';

const IDS = ['r0', 'r1', 'mona-01'] as const;

describe('one controller file, three targets', () => {
  let broker: MosquittoBroker;
  let service: LiveService;
  let mona: ChildProcess & { output(): string };
  const remotes: RemoteController[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
    ({ service } = await startLive({ url: broker.url, grid: loadMap('building:30x30:seed=7'), robots: 2, remote: ['r1', 'mona-01'] }));
  });

  afterAll(async () => {
    for (const remote of remotes) {
      remote.run.stop();
      await remote.robot.close();
    }
    if (mona) await terminate(mona);
    await service?.stop();
    await broker?.stop();
  });

  it('drives an in-process robot, an MQTT-linked virtual robot and an MQTT-linked mona-sim', async () => {
    mona = startMonaSim('mona-01', ['--mqtt', broker.url, '--fleet', FLEET, '--keepalive', '2']);
    const live = service.live;
    await waitFor('mona-01 to join as a twin', () => live.twins!.has('mona-01'), 15_000);
    const odometry: Pose[] = [];
    service.hil.registry.on('telemetry', (id, telemetry) => {
      if (id === 'mona-01' && telemetry.odometry) odometry.push(telemetry.odometry);
    });
    remotes.push(await startRemoteFrontier(service, 'r1', 1), await startRemoteFrontier(service, 'mona-01', 2));
    const world = live.world;
    const travelled = (id: string): number => world.distanceTravelledM(id);
    const known = (id: string): number => (id === 'r0' ? world.robot('r0').map : remotes.find((r) => r.robot.id === id)!.robot.map).knownFraction();
    const startTravel = Object.fromEntries(IDS.map((id) => [id, travelled(id)]));
    const startKnown = Object.fromEntries(IDS.map((id) => [id, known(id)]));
    const explored = (id: string): boolean => travelled(id) - startTravel[id] >= 2 && known(id) - startKnown[id] >= 0.05;
    const linked = ({ robot, run }: RemoteController): boolean => run.ticks > 40 && robot.counters.acks > 20;

    await waitFor(
      'every robot to explore (2 map m, 5 % more of its map) and the remote links to tick',
      () => IDS.every(explored) && remotes.every(linked),
      25_000,
    );

    for (const { robot } of remotes) expect(robot.counters.errors, `${robot.id} commands refused`).toBe(0);
    expect(live.status().paced).toBe(true);
    await expect(Promise.race([remotes[0].run.done, sleep(0).then(() => 'running')])).resolves.toBe('running');
    // The firmware itself moved: its odometry (arena metres) left the start.
    expect(Math.hypot(odometry.at(-1)!.xM, odometry.at(-1)!.yM), 'mona-01 odometry displacement (m)').toBeGreaterThan(0.02);

    // Stopped (the remote run sends stop), the firmware comes to rest; its twin then stands where
    // its odometry says, through the anchor taken at its first Telemetry: exactly, up to float
    // rounding, since a twin's pose is the odometry pose mapped, never integrated.
    for (const { run } of remotes) run.stop();
    const atRest = (): boolean =>
      odometry.length > 5 &&
      odometry.slice(-5).every((p) => p.xM === odometry.at(-1)!.xM && p.yM === odometry.at(-1)!.yM && p.headingRad === odometry.at(-1)!.headingRad);
    await waitFor('mona-01 at rest', atRest, 5000);
    const restTick = world.tick;
    await waitFor('two more ticks', () => world.tick >= restTick + 2);
    const last = odometry.at(-1)!;
    const expected = live.twins!.anchorOf('mona-01')!.toMap(last.xM, last.yM, last.headingRad);
    const twin = world.truePose('mona-01');
    expect(twin.xM).toBeCloseTo(expected.xM, 6);
    expect(twin.yM).toBeCloseTo(expected.yM, 6);
    expect(Math.abs(Math.atan2(Math.sin(twin.headingRad - expected.headingRad), Math.cos(twin.headingRad - expected.headingRad)))).toBeLessThan(1e-6);
  }, 30_000);
});
