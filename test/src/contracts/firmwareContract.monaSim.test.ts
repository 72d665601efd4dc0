/** The firmware contract against mona-sim (firmware-sim), its serial link on a socat pty. */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPtyPair, terminate, until } from '@swarmgate/firmware-sim/testing';
import { firmwareContract } from './firmwareContract.js';

const monaSim = join(dirname(fileURLToPath(import.meta.url)), '../../../firmware-sim/bin/mona-sim.js');
const ROBOT_ID = 'mona-01';

firmwareContract('mona-sim', async () => {
  const pair = await startPtyPair();
  const child = spawn(process.execPath, [monaSim, '--serial', pair.a, '--id', ROBOT_ID], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // mona-sim opens its end first; the host opening the other end then sees the Birth from the start.
  await until(() => output.length > 0 || child.exitCode !== null, 'mona-sim starting', 30_000);
  if (child.exitCode !== null) throw new Error(`mona-sim exited: ${output}`);
  return {
    hostPath: pair.b,
    robotId: ROBOT_ID,
    stop: async () => {
      await terminate(child);
      await pair.close();
    },
  };
});
