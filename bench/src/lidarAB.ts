/**
 * The lidar's wall casts alone, A/B in one process: the Lidar class of each working tree given
 * (a checkout of this repository, e.g. a `git worktree` at the commit before a change) casts the
 * same robots' rays into their own SLAM cells, trees alternating round by round, so both see the
 * same machine load. Prints CPU ms per round and tree; no planck, radio or controllers.
 *   node --import tsx bench/src/lidarAB.ts <tree> <tree> [--map cave:150x150:seed=1] [--robots 120] [--ticks 300] [--range 7] [--rounds 4] [--no-slam]
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { loadMap } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';

interface LidarLike {
  ensureCapacity(robots: number): boolean;
  castWalls(slot: number, xM: number, yM: number, headingRad: number, tick: number, slam: Uint8Array | null): void;
}
type LidarClass = new (grid: ReturnType<typeof loadMap>, config: { rangeM: number; rayCount: number }) => LidarLike;

const { values, positionals: trees } = parseArgs({
  options: {
    map: { type: 'string', default: 'cave:150x150:seed=1' },
    robots: { type: 'string', default: '120' },
    ticks: { type: 'string', default: '300' },
    range: { type: 'string', default: '7' },
    rounds: { type: 'string', default: '4' },
    'no-slam': { type: 'boolean' },
  },
  allowPositionals: true,
});

function positive(name: string, text: string): number {
  const n = Number(text);
  if (!(Number.isFinite(n) && n > 0)) {
    process.stderr.write(`lidarAB: --${name} must be a positive number, got '${text}'\n`);
    process.exit(2);
  }
  return n;
}
const robots = Math.round(positive('robots', values.robots));
const ticks = Math.round(positive('ticks', values.ticks));
const rangeM = positive('range', values.range);
const rounds = Math.round(positive('rounds', values.rounds));
if (trees.length === 0) {
  process.stderr.write('lidarAB: give at least one working tree to load gateway/src/sim/Lidar.ts from\n');
  process.exit(2);
}

const lidars: LidarClass[] = [];
for (const tree of trees) lidars.push(((await import(resolve(tree, 'gateway/src/sim/Lidar.ts'))) as { Lidar: LidarClass }).Lidar);
const grid = loadMap(values.map);
const rng = Random.fromSeed('lidar-ab');
const free: number[] = [];
for (let c = 0; c < grid.cells.length; c++) if (grid.cells[c] === 0) free.push(c);
const poses = Array.from({ length: robots }, () => {
  const c = free[Math.floor(rng.nextFloat() * free.length)];
  return {
    x: grid.originM.x + (c % grid.width) + rng.nextFloat(),
    y: grid.originM.y + Math.floor(c / grid.width) + rng.nextFloat(),
    h: rng.uniform(-Math.PI, Math.PI),
  };
});
// As the engine: MAES's ray count for the range, SLAM cells two per tile side.
const rayCount = Math.floor(2 * Math.PI * rangeM * 2);
for (let round = 1; round <= rounds; round++) {
  for (let i = 0; i < lidars.length; i++) {
    const lidar = new lidars[i](grid, { rangeM, rayCount });
    lidar.ensureCapacity(robots);
    const maps = poses.map(() => (values['no-slam'] === true ? null : new Uint8Array(grid.cells.length * 4)));
    const start = process.cpuUsage();
    // The robots creep and turn, so every tick is a new cast over maps filling in.
    for (let tick = 1; tick <= ticks; tick++) {
      for (let r = 0; r < robots; r++) lidar.castWalls(r, poses[r].x + tick * 0.001, poses[r].y, poses[r].h + tick * 0.01, tick, maps[r]);
    }
    const used = process.cpuUsage(start);
    process.stdout.write(`round ${round} ${trees[i]}: ${((used.user + used.system) / 1000).toFixed(0)} CPU ms\n`);
  }
}
