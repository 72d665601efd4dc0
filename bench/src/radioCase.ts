/**
 * One radio benchmark case in its own process (a trial runs one radio model per process, so
 * one model's call sites must not slow down the next). Spawned by radio.ts:
 *   tsx bench/src/radioCase.ts links|broadcast <--comm spec> <robots>
 * Prints one markdown table row.
 */
import { performance } from 'node:perf_hooks';
import { Cell, generateMap, type Grid } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import { radio } from '@swarmgate/gateway';

const { parseCommSpec, RadioLinks, RadioNetwork, total } = radio;

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

const [kind, spec, robots] = process.argv.slice(2);
if ((kind !== 'links' && kind !== 'broadcast') || spec === undefined || !(Number(robots) > 0)) {
  process.stderr.write('usage: radioCase.ts links|broadcast <--comm spec> <robots>\n');
  process.exit(2);
}
console.log(kind === 'links' ? linksRow(spec, Number(robots)) : broadcastRow(spec, Number(robots)));
