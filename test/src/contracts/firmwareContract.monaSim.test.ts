/** The firmware contract against mona-sim (firmware-sim), its serial link on a socat pty. */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPtyPair, terminate } from '@swarmgate/firmware-sim/testing';
import { firmwareContract } from './firmwareContract.js';

const monaSim = join(dirname(fileURLToPath(import.meta.url)), '../../../firmware-sim/bin/mona-sim.js');
const ROBOT_ID = 'mona-01';

firmwareContract('mona-sim', async () => {
  const pair = await startPtyPair();
  let child: ChildProcess | undefined;
  return {
    hostPath: pair.b,
    robotId: ROBOT_ID,
    boot: async () => {
      child = spawn(process.execPath, [monaSim, '--serial', pair.a, '--id', ROBOT_ID], { stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr!.resume();
    },
    stop: async () => {
      if (child) await terminate(child);
      await pair.close();
    },
  };
});
