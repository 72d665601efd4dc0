/** `swarmgate run --record` and `--verify` through the real binary. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McapRecorder } from '../record/McapRecorder.js';
import { readRecordedTrialFile } from '../record/trialRecording.js';
import { runSwarmgate } from './testing/runSwarmgate.js';

let dir = '';
let recording = '';
let hash = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'swarmgate-record-cli-'));
  recording = join(dir, 'trial.mcap');
  const json = join(dir, 'trial.json');
  const r = await runSwarmgate(
    'run',
    '--map',
    'cave:30x30:seed=4',
    '--robots',
    '2',
    '--comm',
    'range:8',
    '--seed',
    '9',
    '--max-ticks',
    '60',
    '--record',
    recording,
    '--json',
    json,
  );
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  hash = (JSON.parse(readFileSync(json, 'utf8')) as { finalStateHash: string }).finalStateHash;
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('swarmgate run --record / --verify', () => {
  it('verifies a fresh recording: exit 0, "verified" and the hash the run printed', async () => {
    const r = await runSwarmgate('run', '--verify', recording);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('verified');
    expect(r.stdout).toContain(hash);
  }, 120_000);

  it('fails on a recording whose recorded hash was altered: exit 1 naming both hashes', async () => {
    const bytes = readFileSync(recording);
    const at = bytes.indexOf(Buffer.from(hash));
    expect(at).toBeGreaterThan(0);
    const altered = (hash[0] === '0' ? '1' : '0') + hash.slice(1);
    const path = join(dir, 'altered.mcap');
    writeFileSync(path, Buffer.concat([bytes.subarray(0, at), Buffer.from(altered), bytes.subarray(at + hash.length)]));
    const r = await runSwarmgate('run', '--verify', path);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('not verified');
    expect(r.stdout).toContain(`recorded final state hash ${altered}`);
    expect(r.stdout).toContain(`re-run gave ${hash}`);
  }, 120_000);

  it('refuses a file that is not MCAP, a truncated one and one without a trial: exit 2 with one line, no stack', async () => {
    const notMcap = join(dir, 'not.mcap');
    writeFileSync(notMcap, 'P2\n1 1\n255\n0\n');
    const truncated = join(dir, 'truncated.mcap');
    const bytes = readFileSync(recording);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const empty = join(dir, 'empty.mcap');
    await (await McapRecorder.create(empty)).close();
    const cases: [string, RegExp][] = [
      [notMcap, /SG_RECORDING_FORMAT: .*not\.mcap is not a readable MCAP recording/],
      [truncated, /SG_RECORDING_FORMAT: .*truncated\.mcap is not a readable MCAP recording/],
      [empty, /SG_RECORDING_NO_TRIAL: .*empty\.mcap holds no metadata 'swarmgate\.trial\.config'/],
      [join(dir, 'missing.mcap'), /SG_RECORDING_FORMAT: cannot open recording .*missing\.mcap/],
    ];
    for (const [path, message] of cases) {
      const r = await runSwarmgate('run', '--verify', path);
      expect(r.code, path).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  }, 120_000);

  it('says a recorded configuration that no longer runs here is why --verify failed (a map file moved away): exit 2, one line', async () => {
    const mapFile = join(dir, 'room.pgm');
    expect((await runSwarmgate('map', 'generate', 'cave', '--width', '20', '--height', '20', '-o', mapFile)).code).toBe(0);
    const moved = join(dir, 'moved.mcap');
    const recorded = await runSwarmgate('run', '--map', mapFile, '--max-ticks', '5', '--record', moved);
    expect(recorded.code).toBe(0);
    rmSync(mapFile);
    const r = await runSwarmgate('run', '--verify', moved);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^swarmgate run: --verify .*moved\.mcap: the recorded configuration does not run here: --map: .*room\.pgm.* run --verify where the trial was recorded\)/,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  }, 120_000);

  it('takes no trial flag beside --verify (the recording holds the configuration)', async () => {
    const r = await runSwarmgate('run', '--verify', recording, '--seed', '3');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--verify takes no other flag');
  });

  it('records the flags that decide the trial, as given, and none of the output flags', async () => {
    const recorded = await readRecordedTrialFile(recording);
    expect(recorded.config).toEqual({ map: 'cave:30x30:seed=4', robots: '2', comm: 'range:8', seed: '9', 'max-ticks': '60' });
    expect(recorded.finalStateHash).toBe(hash);
  });
});
