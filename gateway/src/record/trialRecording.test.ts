import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { McapRecorder } from './McapRecorder.js';
import { bytesReadable, readRecordedTrial, readRecordedTrialFile, resultMetadata, TRIAL_CONFIG_METADATA, TRIAL_RESULT_METADATA } from './trialRecording.js';

let dir = '';
let valid = new Uint8Array(0);
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'swarmgate-trial-recording-'));
  const path = join(dir, 'small.mcap');
  const recorder = await McapRecorder.create(path);
  await recorder.metadata(TRIAL_CONFIG_METADATA, { map: 'cave:20x20:seed=1', seed: '4' });
  recorder.add('/r0/cmd', 'swarmgate.v1.Command', 1n, new Uint8Array([0x12, 0]));
  await recorder.metadata(TRIAL_RESULT_METADATA, resultMetadata('00112233aabbccdd', 12));
  await recorder.close();
  valid = readFileSync(path);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What reading a recording may end in: its trial, or one of the two recording errors. */
async function outcome(bytes: Uint8Array): Promise<string> {
  try {
    await readRecordedTrial(bytesReadable(bytes), 'input');
    return 'read';
  } catch (error) {
    if (error instanceof SwarmgateError && (error.code === 'SG_RECORDING_FORMAT' || error.code === 'SG_RECORDING_NO_TRIAL')) return error.code;
    throw error;
  }
}

describe('readRecordedTrialFile', () => {
  it('refuses a FIFO, a directory and a device at once, as no recording file, where opening a FIFO waited for a writer for ever', async () => {
    const fifo = join(dir, 'fifo.mcap');
    execFileSync('mkfifo', [fifo]);
    for (const path of [fifo, dir, '/dev/zero']) {
      await expect(readRecordedTrialFile(path)).rejects.toThrow(
        new SwarmgateError('SG_RECORDING_FORMAT', `cannot read recording ${path}: not a file (a directory, a pipe or a device)`),
      );
    }
  }, 10_000);
});

describe('readRecordedTrial', () => {
  it('reads back the configuration and result written', async () => {
    const trial = await readRecordedTrial(bytesReadable(valid), 'small.mcap');
    expect(trial).toEqual({ config: { map: 'cave:20x20:seed=1', seed: '4' }, finalStateHash: '00112233aabbccdd', ticks: 12 });
  });

  it('arbitrary bytes never crash it: a recording error or (for a valid file) the trial', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) => {
        expect(await outcome(bytes)).toMatch(/^(read|SG_RECORDING_FORMAT|SG_RECORDING_NO_TRIAL)$/);
      }),
      { numRuns: 300 },
    );
  });

  it('a valid recording with its footer cut, or bytes of it overwritten, is refused with a recording error or still read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: valid.length - 1 }), async (cut) => {
        expect(await outcome(valid.subarray(0, cut))).toBe('SG_RECORDING_FORMAT');
      }),
      { numRuns: 100 },
    );
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: valid.length - 1 }), fc.uint8Array({ minLength: 1, maxLength: 16 }), async (at, patch) => {
        const bytes = valid.slice();
        bytes.set(patch.subarray(0, bytes.length - at), at);
        expect(await outcome(bytes)).toMatch(/^(read|SG_RECORDING_FORMAT|SG_RECORDING_NO_TRIAL)$/);
      }),
      { numRuns: 300 },
    );
  });
});
