/** The firmware contract against the C firmware (firmware/) on simavr, its UART on a pty. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { terminate, until } from '@swarmgate/firmware-sim/testing';
import { firmwareDir, makeFirmware } from '../harness/firmware.js';
import { firmwareContract } from './firmwareContract.js';

const ROBOT_ID = 'mona-01'; // the firmware's default MONA_ROBOT_ID

firmwareContract('C firmware on simavr', async () => {
  await makeFirmware('sim');
  const dir = mkdtempSync(join(tmpdir(), 'mona-simavr-'));
  const link = join(dir, 'ttyMONA');
  const child = spawn(join(firmwareDir, 'build/mona_simavr'), [join(firmwareDir, 'build/firmware.elf'), '--link', link, '--hold'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await until(() => output.includes('pty: ') || child.exitCode !== null, 'the simavr pty', 30_000);
  if (child.exitCode !== null) throw new Error(`mona_simavr exited: ${output}`);
  return {
    hostPath: link,
    robotId: ROBOT_ID,
    boot: async (write) => write(Uint8Array.of(0)), // the byte --hold waits for
    stop: async () => {
      await terminate(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
