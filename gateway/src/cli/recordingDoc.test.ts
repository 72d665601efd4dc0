/**
 * docs/recording.md, as written: its command blocks run through the real binary in a scratch
 * folder, with the outcomes the text promises (a verified re-run; a live trial recorded while
 * `echo` prints one State of the remote-driven robot).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { readRecordedTrialFile } from '../record/trialRecording.js';

const BIN = fileURLToPath(new URL('../../bin/swarmgate.js', import.meta.url));
const DOC = readFileSync(fileURLToPath(new URL('../../../docs/recording.md', import.meta.url)), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'swarmgate-recording-doc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The `swarmgate` commands of each ```sh block, as argument lists (the doc quotes nothing). */
const blocks = [...DOC.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
  m[1]
    .split('\n')
    .filter((line) => line.startsWith('swarmgate '))
    .map((line) => line.split(/\s+/).slice(1)),
);

function swarmgate(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('docs/recording.md', () => {
  it('has the two command blocks this test runs', () => {
    expect(blocks.map((b) => b.map((args) => args[0]))).toEqual([
      ['run', 'run'],
      ['serve', 'echo'],
    ]);
  });

  it('records a headless trial and verifies it', () => {
    const [record, verify] = blocks[0];
    const recorded = swarmgate(record);
    expect(recorded.stderr).toBe('');
    expect(recorded.code).toBe(0);
    const verified = swarmgate(verify);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/^verified: trial\.mcap: final state hash [0-9a-f]{16} after \d+ ticks, as recorded\n$/);
  }, 240_000);

  it('records a live trial while echo prints one State of the remote-driven robot', async () => {
    const [serveArgs, echoArgs] = blocks[1];
    const serve = spawn(process.execPath, [BIN, ...serveArgs], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    serve.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => serve.on('exit', resolve));
    try {
      await expect.poll(() => out, { timeout: 60_000, interval: 100 }).toContain('swarmgate serve:');
      const echo = swarmgate(echoArgs);
      expect(echo.code).toBe(0);
      const lines = echo.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({ topic: 'swarmgate/v1/lab/r1/state', robot: 'r1', kind: 'state', body: 'state', robot_id: '$gateway' });
    } finally {
      serve.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(out).toContain('recorded to live.mcap');
    const live = join(dir, 'live.mcap');
    expect(existsSync(live)).toBe(true);
    // A readable MCAP, and (as the doc says of a serve recording) no trial to verify.
    const error = await readRecordedTrialFile(live).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SwarmgateError);
    expect((error as SwarmgateError).code).toBe('SG_RECORDING_NO_TRIAL');
  }, 240_000);
});
