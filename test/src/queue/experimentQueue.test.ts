/**
 * Experiment sweeps on a job queue (issue 12): a real redis-server, `experiment run --queue`,
 * three `swarmgate worker` processes of which one is killed with SIGKILL mid-run, then
 * `experiment collect`: one line per run key, each run's final state the one a local run of
 * the same design reaches. Workers of another swarmgate version or design refuse the job.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, terminate, until, type RedisServer } from '@swarmgate/firmware-sim/testing';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, 'gateway/bin/swarmgate.js');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'gateway/package.json'), 'utf8')) as { version: string }).version;

// 12 runs of a second or so each: long enough that a worker is killed while it holds one.
const DESIGN = `name: queue-test
seed: 3
iterations: 3
fixed: {robots: 3, spawn: apart}
stop: {maxTicks: 400}
vectors:
  cross:
    algorithm: [greed, tnf]
    map: ['cave:30x30:seed=1', 'building:30x30:seed=1']
`;

let redis: RedisServer;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
  dir = mkdtempSync(join(tmpdir(), 'sg-queue-'));
  writeFileSync(join(dir, 'design.yaml'), DESIGN);
});
afterAll(async () => {
  await Promise.all(children.map((child) => terminate(child)));
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A swarmgate command to its end, without blocking the event loop (the workers' output is read meanwhile). */
function swarmgate(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: dir }, (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }));
  });
}

function startWorker(...args: string[]): ChildProcess & { output(): string } {
  const child = spawn(process.execPath, [BIN, 'worker', '--queue', redis.url, '--threads', '1', '--lock-seconds', '2', ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

/** Polls `experiment status` once a second (a process each time) until its line matches. */
async function statusUntil(pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = (await swarmgate('experiment', 'status', 'design.yaml', '--queue', redis.url)).stdout;
    if (pattern.test(last)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`experiment status never matched ${pattern}; last: ${last}`);
}

/** runKey -> finalStateHash of a results.jsonl, each key once. */
function finalStates(file: string): Map<string, string> {
  const states = new Map<string, string>();
  for (const text of readFileSync(file, 'utf8').trim().split('\n')) {
    const line = JSON.parse(text) as { runKey: string; result?: { finalStateHash: string } };
    expect(states.has(line.runKey), `${line.runKey} twice in ${file}`).toBe(false);
    expect(line.result, `${line.runKey} failed`).toBeDefined();
    states.set(line.runKey, line.result!.finalStateHash);
  }
  return states;
}

describe('experiment sweeps on a BullMQ queue', () => {
  it('3 workers, one killed mid-run: every run collected once, final states as a local run', async () => {
    expect((await swarmgate('experiment', 'run', 'design.yaml', '--queue', redis.url)).stdout).toMatch(/12 of 12 runs enqueued/);
    // Enqueuing again adds nothing: a run is one job, whatever is sent twice.
    expect((await swarmgate('experiment', 'run', 'design.yaml', '--queue', redis.url)).stdout).toMatch(/0 of 12 runs enqueued/);

    const workers = [startWorker(), startWorker(), startWorker()];
    const victim = workers[0]!;
    await until(() => /took (\S+)/.test(victim.output()), 'the first worker to take a run', 60_000);
    const killedRun = /took (\S+)/.exec(victim.output())![1]!;
    victim.kill('SIGKILL');
    expect(victim.output()).not.toContain(`done ${killedRun}`);

    await statusUntil(/12\/12 done, 0 running, 0 waiting, 0 failed/, 150_000);
    // The killed run was taken again by a live worker once its lock expired.
    expect(workers[1]!.output() + workers[2]!.output()).toContain(`done ${killedRun}`);

    const collected = await swarmgate('experiment', 'collect', 'design.yaml', '--queue', redis.url, '--out', 'queued');
    expect(collected.code, collected.stderr).toBe(0);
    const local = await swarmgate('experiment', 'run', 'design.yaml', '--out', 'local', '--workers', '2');
    expect(local.code, local.stderr).toBe(0);

    const queued = finalStates(join(dir, 'queued/results.jsonl'));
    expect(queued.size).toBe(12);
    expect(queued).toEqual(finalStates(join(dir, 'local/results.jsonl')));
    expect(readFileSync(join(dir, 'queued/design.json'), 'utf8')).toBe(readFileSync(join(dir, 'local/design.json'), 'utf8'));
    // A late completion (a worker that lost its lock, or a duplicate) is refused: the run keeps its one result.
    const queue = new Queue('swarmgate-experiments', { connection: { url: redis.url } });
    const job = (await queue.getJob(killedRun))!;
    await expect(job.moveToCompleted({ forged: true }, 'a-stale-lock-token')).rejects.toThrow();
    expect((await queue.getJob(killedRun))!.returnvalue).toMatchObject({ runKey: killedRun, result: { finalStateHash: queued.get(killedRun) } });
    await queue.close();
    // The report reads the collected file as it reads a local run's.
    expect((await swarmgate('experiment', 'report', 'queued')).code).toBe(0);
    await Promise.all(workers.map((worker) => terminate(worker)));
  }, 240_000);

  it('a worker refuses a run of another swarmgate version, and of another design than --design, and leaves it queued', async () => {
    writeFileSync(join(dir, 'other.yaml'), DESIGN.replace('seed: 3', 'seed: 4').replace('iterations: 3', 'iterations: 1'));
    expect((await swarmgate('experiment', 'run', 'other.yaml', '--queue', redis.url)).stdout).toMatch(/4 of 4 runs enqueued/);
    // A job as a newer swarmgate would enqueue it: its data otherwise well-formed.
    const queue = new Queue('swarmgate-experiments', { connection: { url: redis.url } });
    const foreignHash = 'e'.repeat(64);
    const foreignKey = `${foreignHash.slice(0, 12)}:0:0`;
    const identity = { designHash: foreignHash, vectorIndex: 0, iteration: 0, vector: {}, config: { robots: 2 }, seed: 1, swarmgateVersion: '9.9.9' };
    await queue.add(foreignKey, { identity, config: { robots: 2 }, sampleEveryTicks: 10 }, { jobId: foreignKey });

    const pinned = startWorker('--design', 'design.yaml');
    await until(
      () => /refused \S+:0:0: it is a run of design/.test(pinned.output()) && pinned.output().includes(`refused ${foreignKey}`),
      'both refusals',
      60_000,
    );
    const output = pinned.output();
    expect(output).toContain(`refused ${foreignKey}: it was enqueued by swarmgate 9.9.9, this worker is swarmgate ${VERSION}`);
    expect(output).toMatch(/refused \w{12}:0:0: it is a run of design \w{12}, this worker runs only design \w{12} \(--design\)/);
    expect(output).not.toMatch(/took/);
    await terminate(pinned);

    // Refused jobs wait for a matching worker: not completed, not failed, the reason in their log.
    const foreign = (await queue.getJob(foreignKey))!;
    expect(['delayed', 'waiting']).toContain(await foreign.getState());
    expect((await queue.getJobLogs(foreignKey)).logs[0]).toBe(`refused by a worker: it was enqueued by swarmgate 9.9.9, this worker is swarmgate ${VERSION}`);
    expect((await swarmgate('experiment', 'status', 'other.yaml', '--queue', redis.url)).stdout).toMatch(/0\/4 done, 0 running, 4 waiting, 0 failed/);
    await queue.close();
  }, 120_000);
});
