/**
 * Restart Mosquitto mid-trial (issue 4): the gateway's links, the remote controller's link and
 * a mona-sim reconnect; the mona-sim re-births; States and Commands flow again; the trial
 * never stopped ticking.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveService } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { FLEET, startLive, startMonaSim, startRemoteFrontier, terminate, waitFor, type RemoteController } from './liveHarness.js';

describe('broker restart mid-trial', () => {
  let broker: MosquittoBroker;
  let service: LiveService;
  let mona: ChildProcess & { output(): string };
  let remote: RemoteController | null = null;

  beforeAll(async () => {
    broker = await startMosquitto();
    ({ service } = await startLive({ url: broker.url, grid: loadMap('building:30x30:seed=7'), robots: 2, remote: ['r1'], keepaliveMs: 1000 }));
  });

  afterAll(async () => {
    remote?.run.stop();
    await remote?.robot.close();
    if (mona) await terminate(mona);
    await service?.stop();
    await broker?.stop();
  });

  it('reconnects everyone, re-births the robot and keeps the trial going', async () => {
    const live = service.live;
    mona = startMonaSim('mona-01', ['--mqtt', broker.url, '--fleet', FLEET, '--keepalive', '2']);
    await waitFor('mona-01 to join', () => live.twins!.has('mona-01'), 15_000);
    remote = await startRemoteFrontier(service, 'r1', 1);
    const robot = remote.robot;
    await waitFor('remote acks', () => robot.counters.acks > 5);

    await broker.restart();
    const tickAtRestart = live.world.tick;
    const statesAtRestart = robot.counters.states;
    const acksAtRestart = robot.counters.acks;

    await waitFor('mona-01 to re-birth', () => (service.hil.registry.get('mona-01')?.births ?? 0) >= 2, 20_000);
    const detail = () => JSON.stringify({ port: service.port.counters, robot: robot.counters, tick: live.world.tick, tickAtRestart });
    await waitFor('States to reach the remote controller again', () => robot.counters.states > statesAtRestart + 10, 15_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${detail()}`);
    });
    await waitFor('the gateway to ack remote Commands again', () => robot.counters.acks > acksAtRestart + 5, 15_000);
    await waitFor('mona-01 to be online and driven again', () => live.twins!.isOnline('mona-01'), 10_000);
    expect(live.world.tick).toBeGreaterThan(tickAtRestart + 10);
    expect(robot.counters.errors).toBe(0);
  }, 60_000);
});
