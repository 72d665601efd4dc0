/**
 * POST /api/experiments/{name}/report writes the report on a thread of its own: the event loop
 * (the live trial's ticks, the broker, every client) turns while the charts are drawn, the files
 * are those `writeReport` writes in-process, a folder that cannot be reported is still a 422,
 * and a second report asked while one is written is a 503.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESULTS_FORMAT } from '../experiment/resultsLine.js';
import { writeReport } from '../experiment/writeReport.js';
import { experimentsApi } from './experimentsApi.js';
import { longestStallDuring } from '../web/testing/eventLoopStall.js';

const DESIGN_HASH = 'c0ffee'.repeat(10) + 'abcd';

/** 8 finished runs: 2 algorithms x 2 robot counts x 2 iterations (3 charts). */
function resultsText(): string {
  const lines: string[] = [];
  let vectorIndex = 0;
  for (const algorithm of ['frontier', 'random']) {
    for (const robots of [1, 3]) {
      for (let iteration = 0; iteration < 2; iteration++) {
        const ticks = 200 + 100 * vectorIndex + 17 * iteration;
        const vector = { algorithm, robots };
        lines.push(
          JSON.stringify({
            format: RESULTS_FORMAT,
            designHash: DESIGN_HASH,
            runKey: `${DESIGN_HASH}:${vectorIndex}:${iteration}`,
            vectorIndex,
            iteration,
            vector,
            config: { map: 'cave:30x30:seed=2', ...vector },
            seed: 1000 * vectorIndex + iteration,
            swarmgateVersion: '0.1.0',
            result: { ticks, success: iteration === 0 || robots === 3 },
            series: { tick: [0, ticks / 2, ticks], explored: [0, 0.5, 0.8], covered: [0, 0.4, 0.7] },
            wallSeconds: 1.5,
          }),
        );
      }
      vectorIndex++;
    }
  }
  return lines.join('\n') + '\n';
}

let folder: string;
let app: FastifyInstance;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'sg-experiments-api-'));
  app = Fastify();
  await app.register(experimentsApi, { folder });
});

afterEach(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

function experiment(name: string, text: string): string {
  const dir = join(folder, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'results.jsonl'), text);
  return dir;
}

const readReport = (dir: string): Map<string, Buffer> =>
  new Map(readdirSync(join(dir, 'report')).map((name) => [name, readFileSync(join(dir, 'report', name))]));

describe('experimentsApi: POST /api/experiments/{name}/report', () => {
  it('writes the report on a thread: the event loop turns while the charts are drawn, and the files are writeReport’s', async () => {
    const dir = experiment('exp-1', resultsText());
    const { result: response, tookMs, longestStallMs } = await longestStallDuring(() => app.inject({ method: 'POST', url: '/api/experiments/exp-1/report' }));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ configurations: 4, runs: 8 });
    expect(body.files.filter((name: string) => name.endsWith('.png'))).toHaveLength(3);
    // Before, the event loop waited the whole drawing (0.5 s and more); now its longest wait is a small part of it.
    expect(longestStallMs).toBeLessThan(tookMs / 2);
    const written = readReport(dir);
    expect([...written.keys()].sort()).toEqual([...body.files].sort());
    // The same files as writeReport writes on the caller's thread (as `experiment report` does).
    const inProcess = await writeReport(dir);
    expect(inProcess.files).toEqual(body.files);
    const again = readReport(dir);
    for (const [name, bytes] of written) expect(bytes.equals(again.get(name)!), name).toBe(true);
  }, 30_000);

  it('answers 422 with the message for results it cannot report, the code carried across the thread', async () => {
    experiment('empty', '');
    const empty = await app.inject({ method: 'POST', url: '/api/experiments/empty/report' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error).toMatch(/^SG_RESULTS_EMPTY: .*results\.jsonl: no complete run line$/);
    experiment('bad-line', 'not json\n');
    const badLine = await app.inject({ method: 'POST', url: '/api/experiments/bad-line/report' });
    expect(badLine.statusCode).toBe(422);
    expect(badLine.json().error).toMatch(/^SG_RESULTS_LINE: .*results\.jsonl line 1: not JSON/);
  }, 30_000);

  it('writes one report at a time: a second POST while one is written is a 503 naming the limit', async () => {
    experiment('exp-1', resultsText());
    experiment('exp-2', resultsText());
    const responses = await Promise.all(['exp-1', 'exp-2'].map((name) => app.inject({ method: 'POST', url: `/api/experiments/${name}/report` })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 503]);
    const refused = responses.findIndex((response) => response.statusCode === 503);
    expect(responses[refused]!.json().error).toMatch(/a report is being written already \(this gateway writes at most 1 at once\)/);
    // Once it is done, the refused one is written.
    expect((await app.inject({ method: 'POST', url: `/api/experiments/exp-${refused + 1}/report` })).statusCode).toBe(200);
  }, 30_000);
});
