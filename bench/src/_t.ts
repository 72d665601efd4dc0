import { recordTrial, Trial, McapRecorder, WorldRecorder } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
const BASE = { algorithm: 'frontier', comm: 'global', seed: 0, targetExplored: 1 } as const;
const cfg = () => ({ ...BASE, grid: loadMap('cave:75x75:seed=3'), robots: 5, spawn: { kind: 'together' as const }, maxTicks: 1500 });
const every = Number(process.argv[2]);
let tAfter = 0, tWrite = 0, tStep = 0;
const after = WorldRecorder.prototype.afterTick;
WorldRecorder.prototype.afterTick = function (w) { const t = performance.now(); after.call(this, w); tAfter += performance.now() - t; };
const proto = McapRecorder.prototype as unknown as { write(b: unknown): Promise<void> };
const write = proto.write;
proto.write = async function (b) { const t = performance.now(); await write.call(this, b); tWrite += performance.now() - t; };
for (let k = 0; k < 6; k++) {
  if (k === 1) { tAfter = 0; tWrite = 0; tStep = 0; }
  const a = new Trial(cfg()); let t = performance.now(); a.run(); tStep += performance.now() - t;
  const c = process.cpuUsage();
  await recordTrial(new Trial(cfg()), '/tmp/reccost/a.mcap', {}, every);
}
console.log('per run ms: plain', (tStep / 5).toFixed(1), 'afterTick', (tAfter / 5).toFixed(1), 'write', (tWrite / 5).toFixed(1));
