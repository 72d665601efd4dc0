/**
 * The example in examples/wall-follower, as sdk/README.md tells a new user to run it: through
 * `swarmgate run --controller`, through runTrial, and remotely over MQTT against `swarmgate serve`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Trial, runTrial } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import wallFollower, { parameters } from '../../../examples/wall-follower/controller.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, 'gateway', 'bin', 'swarmgate.js');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CONTROLLER = 'examples/wall-follower/controller.ts';
const MAP = 'cave:30x30:seed=4';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'swarmgate-examples-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Resolves once `read()` matches, or rejects after `ms` with what was read. */
async function waitFor(read: () => string, pattern: RegExp, ms: number): Promise<RegExpExecArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const match = pattern.exec(read());
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; got:\n${read()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('examples/wall-follower', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('runs with swarmgate run --controller and through runTrial, to the same result', async () => {
    const json = join(dir, 'result.json');
    const args = ['run', '--map', MAP, '--controller', `${CONTROLLER}:speedMps=1`, '--seed', '7', '--max-ticks', '300', '--json', json];
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const result = JSON.parse(readFileSync(json, 'utf8'));
    expect(result).toMatchObject({ algorithm: `${CONTROLLER}:speedMps=1`, robots: 1, seed: 7, ticks: 300, success: false });
    expect(result.map.spec).toBe(MAP);
    expect(result.distanceTotal).toBeGreaterThan(5);
    expect(result.exploredFraction).toBeGreaterThan(0.2);
    expect(result.exploredFraction).toBeLessThanOrEqual(1);
    expect(result.finalStateHash).toMatch(/^[0-9a-f]{16}$/);

    const report = await runTrial({ map: MAP, controller: `${join(ROOT, CONTROLLER)}:speedMps=1`, seed: 7, 'max-ticks': 300 });
    expect(report.finalStateHash).toBe(result.finalStateHash);
    expect(report.distanceTotal).toBe(result.distanceTotal);
  });

  it('steps a Trial driven by the factory itself, tick by tick', () => {
    const controller = { name: 'wall-follower', summary: 'example', parameters, create: wallFollower };
    const trial = new Trial({
      grid: loadMap(MAP),
      robots: 2,
      algorithm: 'wall-follower:speedMps=1',
      controller,
      comm: 'global',
      spawn: { kind: 'apart' },
      seed: 1,
      targetExplored: 0.99,
      maxTicks: 200,
    });
    const start = trial.world.truePose('r0');
    let ticks = 0;
    while (!trial.finished) {
      trial.world.step();
      ticks++;
      expect(trial.metrics.exploredFraction).toBeGreaterThan(0);
    }
    expect(ticks).toBe(200);
    const end = trial.world.truePose('r0');
    expect(Math.hypot(end.xM - start.xM, end.yM - start.yM)).toBeGreaterThan(1);
    expect(trial.metrics.final().distanceTotalM).toBeGreaterThan(5);
  });

  it('runs the same file remotely over MQTT with MqttRobot while serve runs it host-side', async () => {
    const serve = spawn(process.execPath, [BIN, 'serve', '--map', MAP, '--robots', '2', '--controller', CONTROLLER, '--remote', 'r1', '--mqtt-port', '0'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(serve);
    let served = '';
    serve.stdout!.on('data', (chunk: Buffer) => (served += chunk.toString()));
    serve.stderr!.on('data', (chunk: Buffer) => (served += chunk.toString()));
    const url = (await waitFor(() => served, /mqtt (mqtt:\/\/\S+)/, 60_000))[1];
    expect(served).toContain(`algorithm ${CONTROLLER}`);

    const remote = spawn(TSX, ['examples/wall-follower/remote.ts', url, MAP, 'r1', 'speedMps=0.5'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(remote);
    let out = '';
    remote.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    remote.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => remote.once('exit', (code) => resolve(code)));
    const [, ticks, acks, errors] = await waitFor(() => out, /ticks (\d*[1-9]\d) acks (\d+) errors (\d+)/, 60_000);
    expect(Number(ticks)).toBeGreaterThanOrEqual(10);
    expect(Number(acks)).toBeGreaterThan(0);
    expect(Number(errors)).toBe(0);
    remote.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
