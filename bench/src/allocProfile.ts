/**
 * Where an engine scenario's garbage comes from: V8's sampling heap profiler over the stepping loop
 * (objects later collected included), summed by allocating function and its caller. A diagnostic
 * for "no allocation per tick", not a benchmark section:
 *   node --import tsx bench/src/allocProfile.ts cave150 [ticks] [workers]
 * prints the bytes allocated per tick, the final state hash, and the 30 largest sites in MB.
 */
import { Session } from 'node:inspector/promises';
import { Trial } from '@swarmgate/gateway';
import { countArg, scenarioArg } from './caseArgs.js';

/** The parts of a sampling heap profile's node this reads (Chrome DevTools protocol, HeapProfiler). */
interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

const [name, ticksArg, workersArg] = process.argv.slice(2);
const scenario = scenarioArg('allocProfile', name);
const ticks = countArg('allocProfile', 'ticks', ticksArg, scenario.ticks);
const workers = countArg('allocProfile', 'workers', workersArg, 1);
const base = scenario.config();
const trial = new Trial({ ...base, maxTicks: ticks, world: { ...base.world, workers } });
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
while (!trial.finished) trial.world.step();
const { profile } = await session.post('HeapProfiler.stopSampling');
await trial.world.close();

const bySite = new Map<string, number>();
let total = 0;
const label = (node: ProfileNode): string => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}`;
const walk = (node: ProfileNode, caller: string): void => {
  const site = label(node);
  if (node.selfSize > 0) {
    const key = `${site}  <- ${caller}`;
    bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
  }
  for (const child of node.children) walk(child, site.split(' ')[0]);
};
walk(profile.head as ProfileNode, '');
const ran = trial.world.tick;
process.stdout.write(
  `${name}: ${ran} ticks, ${(total / 1e6).toFixed(1)} MB, ${(total / ran / 1000).toFixed(1)} KB per tick, final state hash ${trial.metrics.stateHash()}\n`,
);
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 30)) process.stdout.write(`${(bytes / 1e6).toFixed(2).padStart(7)} ${site}\n`);
