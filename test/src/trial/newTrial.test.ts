/**
 * A new trial created through the API (POST /api/trial) on a service with a physical robot
 * (mona-sim over MQTT): the robot joins the new trial as a twin, and an emergency stop it had
 * in the old trial still holds there until the operator releases it.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveService } from '@swarmgate/gateway';
import { liveTrialFactory } from '../harness/trialFactory.js';
import { loadMap } from '@swarmgate/maps';
import { FLEET, startLive, startMonaSim, terminate, waitFor } from './liveHarness.js';

const PHYSICAL = 'mona-03';

describe('a new trial through the API with a physical robot', () => {
  let service: LiveService;
  let sim: ChildProcess | null = null;

  beforeAll(async () => {
    ({ service } = await startLive({
      grid: loadMap('building:40x40:seed=7'),
      robots: 2,
      service: {
        mqttPort: 0,
        httpPort: 0,
        trialFactory: liveTrialFactory('unused-maps'),
      },
    }));
    sim = startMonaSim(PHYSICAL, ['--mqtt', service.url, '--fleet', FLEET]);
    await waitFor(`${PHYSICAL} to join`, () => service.live.twins?.has(PHYSICAL) === true, 20_000);
  }, 40_000);

  afterAll(async () => {
    if (sim) await terminate(sim);
    await service?.stop();
  });

  const api = async (path: string, body?: object) => {
    const response = await fetch(`http://127.0.0.1:${service.httpPort}${path}`, {
      method: 'POST',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  it('adopts the physical robot and keeps its emergency stop until released', async () => {
    expect((await api('/api/estop', { robotId: PHYSICAL })).status).toBe(200);
    const old = service.live;
    const created = await api('/api/trial', { map: 'cave:30x30:seed=2', robots: 3 });
    expect(created.status).toBe(201);
    expect(service.live).not.toBe(old);
    expect(old.state).toBe('stopped');
    // The new trial's virtual robots took r0..r2 (the old trial's ids were forgotten, not refused).
    expect(
      service.live
        .robots()
        .filter((r) => r.kind === 'virtual')
        .map((r) => r.id),
    ).toEqual(['r0', 'r1', 'r2']);
    await waitFor(`${PHYSICAL} in the new trial`, () => service.live.twins?.has(PHYSICAL) === true, 10_000);
    expect(service.live.status().emergencyStopped).toEqual([PHYSICAL]);
    expect((await api('/api/estop/release', { robotId: PHYSICAL })).json).toEqual({ released: [PHYSICAL], offline: [] });
    expect(service.live.status().emergencyStopped).toEqual([]);
  }, 30_000);
});
