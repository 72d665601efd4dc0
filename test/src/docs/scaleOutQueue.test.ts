/**
 * docs/scale-out.md's job-queue commands, run as written: its design file, `redis-server`,
 * `experiment run --queue`, a `swarmgate worker`, `experiment status` until every run is done,
 * `experiment collect` and `experiment report` on what it wrote.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { terminate, waitForPort } from '@swarmgate/firmware-sim/testing';
import { argv, block, readScaleOutDoc, ROOT } from './scaleOutDoc.js';

const SWARMGATE = join(ROOT, 'gateway', 'bin', 'swarmgate.js');

describe('docs/scale-out.md: a job queue, as written', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sg-scale-out-queue-'));
  const children: ChildProcess[] = [];

  function start(line: string): ChildProcess {
    const [tool, ...args] = argv(line);
    const child =
      tool === 'swarmgate' ? spawn(process.execPath, [SWARMGATE, ...args], { cwd: dir, stdio: 'ignore' }) : spawn(tool!, args, { cwd: dir, stdio: 'ignore' });
    children.push(child);
    return child;
  }

  /** A documented swarmgate line to its end: exit code and stdout. */
  function run(line: string): Promise<{ code: number; stdout: string; stderr: string }> {
    const [tool, ...args] = argv(line);
    expect(tool).toBe('swarmgate');
    return new Promise((resolve) =>
      execFile(process.execPath, [SWARMGATE, ...args], { cwd: dir }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );
  }

  afterAll(async () => {
    await Promise.all(children.map((child) => terminate(child)));
    rmSync(dir, { recursive: true, force: true });
  });

  it('enqueues, runs on a worker, shows progress, collects and reports', async () => {
    const doc = readScaleOutDoc();
    writeFileSync(join(dir, 'sweep.yaml'), block(doc, 'A job queue', 'yaml', 'name: sweep'));
    const lines = block(doc, 'A job queue', 'sh', 'redis-server').trim().split('\n');
    const find = (prefix: string): string => lines.find((line) => line.startsWith(prefix))!;

    const redisLine = find('redis-server ');
    const redis = start(redisLine);
    await waitForPort(Number(argv(redisLine)[2]), redis, 10_000, 'redis-server');

    const enqueued = await run(find('swarmgate experiment run '));
    expect(enqueued.code, enqueued.stderr).toBe(0);
    expect(enqueued.stdout).toMatch(/4 of 4 runs enqueued/);
    start(find('swarmgate worker '));

    const statusLine = find('swarmgate experiment status ');
    let status = '';
    for (const deadline = Date.now() + 120_000; Date.now() < deadline && !/4\/4 done/.test(status);) {
      status = (await run(statusLine)).stdout;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(status).toMatch(/'sweep' \(\w{12}\): 4\/4 done, 0 running, 0 waiting, 0 failed; time left 0s/);

    const collected = await run(find('swarmgate experiment collect '));
    expect(collected.code, collected.stderr).toBe(0);
    expect(readFileSync(join(dir, 'results/sweep/results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4);
    const report = await run(find('swarmgate experiment report '));
    expect(report.code, report.stderr).toBe(0);
    expect(existsSync(join(dir, 'results/sweep/report/report.md'))).toBe(true);
  }, 180_000);
});
