/**
 * The gateway's own stall does not take its robots offline. Replacing the trial with one on a
 * 4,000,000-cell map holds the event loop for about two seconds, longer than a robot's keepalive
 * timeout (1.5 s); the robot's traffic of that time waits unread in the socket, so the
 * keepalive check that runs late must not call the robot silent. A robot that really went
 * silent during the stall still goes offline, one period later.
 * Real parts: a live trial with its embedded broker and a mona-sim in its own process (so the
 * stall, a busy wait here, holds the gateway and not the robot).
 */
import { loadMap } from '@swarmgate/maps';
import { afterEach, describe, expect, it } from 'vitest';
import { FLEET, startLive, startMonaSim, terminate, waitFor } from './liveHarness.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function holdEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // Busy: neither timers nor sockets are served, as while a large map is built.
  }
}

async function liveWithRobot(robotId: string) {
  const { service } = await startLive({ grid: loadMap('building:20x20:seed=3'), robots: 1, keepaliveMs: 1000 });
  cleanups.push(() => service.stop());
  const sim = startMonaSim(robotId, ['--mqtt', service.url, '--fleet', FLEET]);
  cleanups.push(() => terminate(sim));
  await waitFor(`${robotId} to join the trial`, () => service.live.twins?.isOnline(robotId) === true, 15_000);
  const offline: string[] = [];
  service.hil.registry.on('offline', (record, reason) => offline.push(`${record.id} ${reason}`));
  return { service, sim, offline };
}

describe("the gateway's stall does not take its robots offline", () => {
  it('a robot that kept talking through a 2.5 s stall stays online', async () => {
    const { service, offline } = await liveWithRobot('mona-41');
    const { registry } = service.hil;
    const lateBefore = registry.counters.lateChecks;
    holdEventLoop(2500);
    // The late check gives the robot another period; its queued traffic is read meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(offline).toEqual([]);
    expect(registry.get('mona-41')?.online).toBe(true);
    expect(service.live.twins?.isOnline('mona-41')).toBe(true);
    expect(registry.counters.lateChecks).toBeGreaterThan(lateBefore);
  }, 40_000);

  it('a robot that went silent during the stall still goes offline, one period later', async () => {
    const { service, sim, offline } = await liveWithRobot('mona-42');
    // Stopped, not ended: its connection stays open and says nothing (no Death, no will before
    // the broker's own keepalive of 1.5 x 5 s).
    sim.kill('SIGSTOP');
    cleanups.push(async () => sim.kill('SIGCONT'));
    const stoppedMs = Date.now();
    holdEventLoop(2500);
    await waitFor('mona-42 offline', () => offline.length > 0, 10_000);
    expect(offline).toEqual(['mona-42 timeout']);
    // 1.5 s timeout, fired late at the stall's end (2.5 s), then one more period: about 4 s.
    expect(Date.now() - stoppedMs).toBeGreaterThanOrEqual(3500);
    expect(service.hil.registry.get('mona-42')?.online).toBe(false);
  }, 40_000);
});
