/**
 * The job-queue commands' usage errors (their main, in this process): each exits 2 with one line
 * naming what to give, before any connection is tried. (Runs on a real Redis server:
 * test/src/queue/experimentQueue.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { runMain } from './testing/runSwarmgate.js';

describe('swarmgate worker and experiment --queue: usage', () => {
  it('worker needs --queue, and a Redis URL', async () => {
    const missing = await runMain('worker');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^swarmgate worker: --queue redis:\/\/HOST:PORT is required/);
    const mqtt = await runMain('worker', '--queue', 'mqtt://127.0.0.1:1883');
    expect(mqtt.code).toBe(2);
    expect(mqtt.stderr).toContain('the queue is a Redis server, give redis://HOST:PORT');
  }, 60_000);

  it('experiment run --queue refuses the local runner flags; status and collect need --queue', async () => {
    // Refused before the design is read: no file needed.
    const design = 'design.yaml';
    const mixed = await runMain('experiment', 'run', design, '--queue', 'redis://127.0.0.1:1', '--out', 'x');
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--out, --workers and --resume belong to `experiment collect` and a local run');
    const status = await runMain('experiment', 'status', design);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('--queue redis://HOST:PORT is required');
  }, 60_000);
});
