/**
 * docs/api.md's shell commands, run as written (only the gateway's port differs) against a live
 * gateway with serve's trial builder: each block exits 0 (`curl --fail-with-body` fails on any
 * error status), and the one that shows a mistake gets the 400 naming the option.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesReadable, openRecording, type LiveService } from '@swarmgate/gateway';
import { servedFolders } from '../harness/trialFactory.js';
import { encodeMapImage, loadMap } from '@swarmgate/maps';
import { startLive } from '../trial/liveHarness.js';

const DOC = join(import.meta.dirname, '..', '..', '..', 'docs', 'api.md');
const DOC_GATEWAY = 'http://127.0.0.1:8080';
/** Asynchronous: the gateway answering these commands runs in this process. */
const run = promisify(execFile);

/** The ```sh blocks of the guide, in order. */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

describe('docs/api.md, run as written', () => {
  let service: LiveService;
  let cwd: string;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'swarmgate-guide-'));
    // The guide uploads a map file of the reader's: here, a generated one.
    writeFileSync(join(cwd, 'my-lab.pgm'), encodeMapImage(loadMap('building:30x30:seed=2'), 'pgm'));
    ({ service } = await startLive({
      grid: loadMap('building:40x40:seed=7'),
      robots: 3,
      spawn: { kind: 'together' },
      seed: 1,
      service: {
        ...servedFolders(cwd),
        mqttPort: 0,
        httpPort: 0,
      },
    }));
  }, 30_000);

  afterAll(async () => {
    await service?.stop();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('every shell block works against a live gateway', async () => {
    const blocks = shellBlocks(readFileSync(DOC, 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    const gateway = `http://127.0.0.1:${service.httpPort}`;
    for (const block of blocks) {
      expect(block, 'a block that names no gateway tests nothing here').toContain(DOC_GATEWAY);
      const script = block.replaceAll(DOC_GATEWAY, gateway);
      let output: string;
      try {
        output = (await run('bash', ['-euo', 'pipefail', '-c', script], { cwd, encoding: 'utf8', timeout: 30_000 })).stdout;
      } catch (error) {
        const failed = error as { stdout?: string; stderr?: string };
        throw new Error(`docs/api.md block failed:\n${block}\nstdout: ${failed.stdout}\nstderr: ${failed.stderr}`, { cause: error });
      }
      // The block that shows a mistake (no --fail-with-body) gets its 400 naming the option.
      if (!block.includes('--fail-with-body')) expect(output).toMatch(/"error":"SG_TRIAL_REQUEST: --comm: /);
    }
    // What the blocks did: the last trial is the uploaded map's, and the robot state read is decoded.
    expect(service.live.world.grid.width).toBe(30);
    expect(service.live.status().virtualRobots).toBe(2);
    // The recording the guide started and stopped, as downloaded: a finished MCAP (its summary reads).
    const recording = await openRecording(bytesReadable(readFileSync(join(cwd, 'demo-run.mcap'))));
    expect(recording.statistics).toBeDefined();
    expect(service.live.recording).toBe(false);
  }, 60_000);

  it("reads a robot's decoded state as the guide shows it", async () => {
    const output = (await run('curl', ['-sS', '--fail-with-body', `http://127.0.0.1:${service.httpPort}/api/robots/r0`], { encoding: 'utf8' })).stdout;
    const detail = JSON.parse(output) as { robot: { id: string }; state: { status: string; pose: { xM: number } } };
    expect(detail.robot.id).toBe('r0');
    expect(detail.state.status).toMatch(/^ROBOT_STATUS_/);
    expect(typeof detail.state.pose.xM).toBe('number');
  });
});
