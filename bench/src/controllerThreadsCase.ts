/**
 * One trial of a registered algorithm with 2 threads, its controllers on the main thread or on
 * both (WorldConfig.controllerThreads), in its own process, printed as JSON (controllerThreads.ts
 * tabulates them):
 *   node --import tsx bench/src/controllerThreadsCase.ts <algorithm> <on|off> <map spec> <robots> <ticks>
 */
import { loadMap } from '@swarmgate/maps';
import { Trial } from '@swarmgate/gateway';
import { countArg } from './caseArgs.js';

const TOOL = 'controllerThreadsCase';
const [algorithm = '', mode, map = '', robotsArg, ticksArg] = process.argv.slice(2);
if (mode !== 'on' && mode !== 'off') {
  process.stderr.write(`${TOOL}: the second argument must be on or off, got '${mode ?? ''}'\n`);
  process.exit(2);
}
const trial = new Trial({
  grid: loadMap(map),
  robots: countArg(TOOL, 'robots', robotsArg, 1),
  algorithm,
  comm: 'los',
  spawn: { kind: 'apart' },
  seed: 1,
  targetExplored: 1.01,
  maxTicks: countArg(TOOL, 'ticks', ticksArg, 1),
  world: { workers: 2, controllerThreads: mode === 'on' },
});
// The workers' start-up (and the algorithms' import on them) is set-up, not stepping.
await trial.world.threadsReady();
const start = performance.now();
const cpu = process.cpuUsage();
trial.run();
const used = process.cpuUsage(cpu);
const wallSeconds = (performance.now() - start) / 1000;
process.stdout.write(
  JSON.stringify({
    wallSeconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    speedX: trial.simSeconds / wallSeconds,
    finalStateHash: trial.metrics.stateHash(),
  }) + '\n',
);
await trial.world.close();
