/**
 * A robot whose Birth is lost joins the trial anyway: the gateway hears its Telemetry without
 * holding it and asks it for its Birth (a requestBirth Command, after Sparkplug B's Rebirth),
 * and the robot answers. Real parts: a live trial with its embedded broker or a socat pty, and
 * a mona-sim whose fault injection drops exactly its first message, the Birth (seed 1959 with
 * a drop rate of 0.1 drops the first draw and none of the next 60).
 */
import { MonaSim, type MonaLinkOptions } from '@swarmgate/firmware-sim';
import { loadMap } from '@swarmgate/maps';
import { afterEach, describe, expect, it } from 'vitest';
import { startPtyPair } from '../harness/socat.js';
import { FLEET, startLive, waitFor } from './liveHarness.js';

const FIRST_MESSAGE_DROPPED = { seed: 1959, faults: { dropP: 0.1, delayMs: 0, corruptP: 0 } } as const;

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function joinsDespiteALostBirth(robotId: string, link: (url: string) => MonaLinkOptions, serialPorts?: string[]): Promise<void> {
  const { service } = await startLive({ grid: loadMap('building:20x20:seed=3'), robots: 1, serialPorts });
  cleanups.push(() => service.stop());
  const sim = new MonaSim({ robotId, link: link(service.url), ...FIRST_MESSAGE_DROPPED });
  cleanups.push(() => sim.stop());
  sim.start();
  await waitFor('the robot online', () => sim.firmware.online, 10_000);
  const onlineMs = Date.now();
  await waitFor(`${robotId} to join the trial`, () => service.live.twins?.isOnline(robotId) === true, 5000);
  const joinMs = Date.now() - onlineMs;
  expect(sim.faults.counters.dropped, 'the first Birth was dropped').toBe(1);
  expect(service.hil.registry.counters.birthRequests).toBeGreaterThanOrEqual(1);
  expect(service.hil.registry.get(robotId)?.births).toBe(1);
  // Its first Telemetry (100 ms) brings the request; 1 s is the serial link's own Birth repeat.
  expect(joinMs, 'ms from the robot online to its joining the trial').toBeLessThan(900);
}

describe('a robot whose Birth is lost is asked for it', () => {
  it('over MQTT', async () => {
    await joinsDespiteALostBirth('mona-31', (url) => ({ kind: 'mqtt', url, fleet: FLEET, keepaliveS: 2 }));
  }, 30_000);

  it('over serial', async () => {
    const pty = await startPtyPair();
    cleanups.push(() => pty.close());
    await joinsDespiteALostBirth('mona-32', () => ({ kind: 'serial', path: pty.a, baudRate: 115_200 }), [pty.b]);
  }, 30_000);
});
