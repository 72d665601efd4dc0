/**
 * One controller file, three targets (issue 4): the SDK's frontier controller drives
 * - r0: a virtual robot, in-process in the gateway;
 * - r1: a virtual robot, from this test process through the SDK's MQTT link;
 * - mona-01: a mona-sim process (emulated firmware on MQTT), from this test process through
 *   the same link; the gateway turns its commands into MotorCommands for the firmware.
 * On a real Mosquitto. Each robot must move and each remote map must grow.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveService } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import type { Pose } from '@swarmgate/protocols';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { FLEET, sleep, startLive, startMonaSim, startRemoteFrontier, terminate, waitFor, type RemoteController } from './liveHarness.js';

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
    const startTravel = Object.fromEntries(['r0', 'r1', 'mona-01'].map((id) => [id, travelled(id)]));

    await sleep(8000);

    for (const id of ['r0', 'r1', 'mona-01']) expect(travelled(id) - startTravel[id], `${id} travelled (map m)`).toBeGreaterThan(1);
    for (const { robot, run } of remotes) {
      expect(run.ticks, `${robot.id} controller ticks`).toBeGreaterThan(40);
      expect(robot.map.knownFraction(), `${robot.id} remote SLAM map`).toBeGreaterThan(0.02);
      expect(robot.counters.errors, `${robot.id} commands refused`).toBe(0);
      expect(robot.counters.acks).toBeGreaterThan(20);
    }
    // The firmware itself moved: its odometry (arena metres) left the start.
    const last = odometry.at(-1)!;
    expect(Math.hypot(last.xM, last.yM), 'mona-01 odometry displacement (m)').toBeGreaterThan(0.02);
    expect(live.status().paced).toBe(true);
    await expect(Promise.race([remotes[0].run.done, sleep(0).then(() => 'running')])).resolves.toBe('running');
  }, 30_000);
});
