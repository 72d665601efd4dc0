/**
 * Radio micro-benchmark: can-hear graph updates (link checks per second) for each radio
 * model, and a broadcast round through RadioNetwork, for 120 and 1000 robots on a 75 x 75
 * MAES-default cave. Each case runs in its own process, as a trial does (one model per
 * process), so one model's call sites do not slow down the next.
 *
 * Run: npx tsx bench/src/radio.ts            (all cases, prints a markdown section)
 *      npx tsx bench/src/radio.ts links los 120    (one case, prints one table row)
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Cell, generateMap, Random, type Grid } from '@swarmgate/maps';
import { parseCommSpec, RadioLinks, RadioNetwork, total } from '../../gateway/src/sim/radio/index.js';

const SPECS = ['global', 'range:20', 'los', 'los:20', 'material', 'pathloss'];
const ROBOT_COUNTS = [120, 1000];
const MIN_SECONDS = 1.5;

function randomFreePoses(grid: Grid, count: number): Float64Array {
  const rng = Random.fromSeed(42).fork('poses');
  const free: number[] = [];
  for (let i = 0; i < grid.cells.length; i++) if (grid.cells[i] === Cell.Free) free.push(i);
  const poses = new Float64Array(2 * count);
  for (let r = 0; r < count; r++) {
    const cell = rng.pick(free);
    poses[2 * r] = grid.originM.x + ((cell % grid.width) + rng.uniform(0.2, 0.8)) * grid.cellSizeM;
    poses[2 * r + 1] = grid.originM.y + (Math.floor(cell / grid.width) + rng.uniform(0.2, 0.8)) * grid.cellSizeM;
  }
  return poses;
}

/** Seconds per call of `run`, after warm-up calls, repeated for at least MIN_SECONDS. */
function secondsPerCall(run: () => void): number {
  for (let k = 0; k < 5; k++) run();
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < MIN_SECONDS * 1000) {
    run();
    calls++;
  }
  return (performance.now() - start) / 1000 / calls;
}

function linksRow(spec: string, robots: number): string {
  const grid = generateMap({ generator: 'cave', width: 75, height: 75, seed: 1, params: {} });
  const poses = randomFreePoses(grid, robots);
  const links = new RadioLinks(grid, parseCommSpec(spec), robots);
  links.update(poses);
  const checksPerUpdate = links.linkChecks;
  let edges = 0;
  for (let i = 0; i < robots; i++) edges += links.degree(i);
  const seconds = secondsPerCall(() => links.update(poses));
  return `| ${robots} | ${spec} | ${checksPerUpdate} | ${edges / 2} | ${(seconds * 1000).toFixed(2)} | ${(checksPerUpdate / seconds / 1e6).toFixed(2)} |`;
}

/** Every robot broadcasts 100 bytes each tick; one tick = deliver + all sends. */
function broadcastRow(spec: string, robots: number): string {
  const grid = generateMap({ generator: 'cave', width: 75, height: 75, seed: 1, params: {} });
  const poses = randomFreePoses(grid, robots);
  const net = new RadioNetwork(grid, parseCommSpec(spec), { robotCount: robots, tickS: 0.1 });
  const payload = new Uint8Array(100);
  let tick = 0;
  const seconds = secondsPerCall(() => {
    tick++;
    net.deliver(tick, poses);
    for (let r = 0; r < robots; r++) net.send(r, payload, tick);
  });
  const deliveriesPerTick = total(net.counters.messagesReceived) / (tick - 1);
  return `| ${robots} | ${spec} | ${(seconds * 1000).toFixed(2)} | ${Math.round(deliveriesPerTick)} |`;
}

function runCase(kind: string, spec: string, robots: number): string {
  return execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), kind, spec, String(robots)], {
    encoding: 'utf8',
  }).trim();
}

const [kind, spec, robots] = process.argv.slice(2);
if (kind !== undefined) {
  console.log(kind === 'links' ? linksRow(spec, Number(robots)) : broadcastRow(spec, Number(robots)));
} else {
  const linkRows = ROBOT_COUNTS.flatMap((n) => SPECS.map((s) => runCase('links', s, n)));
  const broadcastRows = ROBOT_COUNTS.flatMap((n) => ['range:20', 'los'].map((s) => runCase('broadcast', s, n)));
  console.log(`### Radio links (bench/src/radio.ts), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}

Command: \`npx tsx bench/src/radio.ts\`. Map: cave:75x75:seed=1, robots at random free cells (seed 42),
one process per case. A link check is one pair evaluation: distance, plus a grid-DDA wall trace for
wall-aware models (stopped early once the link is known to fail). Pairs beyond a finite range are
skipped by a spatial hash and not counted.

| robots | --comm | link checks / update | links | ms / update | M link checks / s |
|---|---|---|---|---|---|
${linkRows.join('\n')}

Broadcast round: every robot sends 100 B every tick (deliver + sends; links computed once per tick).

| robots | --comm | ms / tick | deliveries / tick |
|---|---|---|---|
${broadcastRows.join('\n')}
`);
}
