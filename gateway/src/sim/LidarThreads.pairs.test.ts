import { afterEach, describe, expect, it } from 'vitest';
import { createGrid, loadMap, type Grid } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import { Lidar } from './Lidar.js';
import { LidarThreads } from './LidarThreads.js';
import { losModel, NearbyRobots, oneThread, PairList, parseCommSpec, RadioLinks, type PairScan } from './radio/index.js';
import { DEFAULT_WORLD_CONFIG } from './WorldConfig.js';

const pools: LidarThreads[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

async function pool(grid: Grid, threads: number): Promise<LidarThreads> {
  const config = DEFAULT_WORLD_CONFIG.lidar;
  const threadsOf = new LidarThreads(new Lidar(grid, config), grid, config, threads, DEFAULT_WORLD_CONFIG.robot.radiusM);
  pools.push(threadsOf);
  // A scan of enough rows starts the workers; wait until they take shares.
  threadsOf.scan(new NearbyRobots(grid, 8, { rangeM: 5, blockedByWalls: true }), new Float64Array(24), new PairList());
  await threadsOf.ready();
  return threadsOf;
}

/** Poses (x, y, heading) spread over the grid, seeded. */
function poses(grid: Grid, robots: number, seed: number): Float64Array {
  const rng = Random.fromSeed(seed);
  const out = new Float64Array(3 * robots);
  for (let i = 0; i < robots; i++) {
    out[3 * i] = grid.originM.x + rng.nextFloat() * grid.width * grid.cellSizeM;
    out[3 * i + 1] = grid.originM.y + rng.nextFloat() * grid.height * grid.cellSizeM;
    out[3 * i + 2] = (rng.nextFloat() - 0.5) * 2 * Math.PI;
  }
  return out;
}

/**
 * Runs `check` (a scan and its assertion) until a worker has scanned rows during one of them, and
 * `also` holds: which thread claims a chunk depends on the scheduler. Gives up after 30 s.
 */
async function untilWorkersScanned(threads: LidarThreads, check: () => void, also: () => boolean = () => true): Promise<void> {
  const rows = threads.rowsOnWorkers;
  const deadline = Date.now() + 30_000;
  do {
    check();
    if (threads.rowsOnWorkers > rows && also()) return;
    // Lets the workers' event loops run between attempts.
    await new Promise((resolve) => setImmediate(resolve));
  } while (Date.now() < deadline);
  throw new Error(`no worker scanned rows within 30 s (rows on workers: ${threads.rowsOnWorkers})`);
}

/** The pairs and link checks of one scan. */
function scanWith(scanner: { scan: typeof oneThread.scan }, scan: PairScan, at: Float64Array): { pairs: number[]; checks: number } {
  const out = new PairList();
  const before = scan.linkChecks;
  scanner.scan(scan, at, out);
  return { pairs: [...out.pairs.subarray(0, 2 * out.count)], checks: scan.linkChecks - before };
}

describe('pair scans on the lidar threads', () => {
  const cave = loadMap('cave:60x60:seed=2');

  for (const threads of [2, 3, 4]) {
    it(`nearby robots and every wall-aware --comm model: the pairs and checks of one thread, with ${threads} threads`, async () => {
      const threaded = await pool(cave, threads);
      const specs = ['los', 'los:15', 'material', 'maes', 'multiwall', 'pathloss', 'permetre'];
      for (const seed of [1, 2]) {
        const at = poses(cave, 90, seed);
        const scans: [string, () => PairScan][] = [
          ['nearby', () => new NearbyRobots(cave, 90, { rangeM: 20, blockedByWalls: true })],
          ...specs.map((spec): [string, () => PairScan] => [spec, () => new RadioLinks(cave, parseCommSpec(spec), 90, 3)]),
        ];
        for (const [name, make] of scans) {
          const expected = scanWith(oneThread, make(), at);
          const onThreads = make();
          expect(onThreads.recipe, name).not.toBeNull();
          // Again until a worker took rows (chunks go to whichever thread claims them first).
          await untilWorkersScanned(threaded, () => expect(scanWith(threaded, onThreads, at), `${name}, seed ${seed}`).toEqual(expected));
          expect(expected.pairs.length).toBeGreaterThan(0);
        }
      }
    }, 60_000);
  }

  it('a chunk that overflows its worker result buffer is scanned on the main thread, then the buffer grows', async () => {
    const open = createGrid(60, 60);
    const threaded = await pool(open, 2);
    // Line of sight everywhere: all 300 * 299 / 2 pairs, far more than a first buffer holds.
    const at = poses(open, 300, 5);
    const expected = scanWith(oneThread, new RadioLinks(open, parseCommSpec('los'), 300, 3), at);
    expect(expected.pairs.length).toBe(300 * 299);
    const links = new RadioLinks(open, parseCommSpec('los'), 300, 3);
    // Until a worker filled its buffer (its chunk redone here) and, with the grown buffer, took rows again.
    await untilWorkersScanned(
      threaded,
      () => expect(scanWith(threaded, links, at)).toEqual(expected),
      () => threaded.chunksRescanned > 0,
    );
    expect(threaded.chunksRescanned).toBeGreaterThan(0);
    await untilWorkersScanned(threaded, () => expect(scanWith(threaded, links, at)).toEqual(expected));
  }, 60_000);

  it('scans without a recipe (no wall traces, a model built in code) stay on the calling thread', async () => {
    const threaded = await pool(cave, 2);
    const at = poses(cave, 40, 3);
    const rows = threaded.rowsOnWorkers;
    const scans = [
      new NearbyRobots(cave, 40, { rangeM: 20, blockedByWalls: false }),
      new RadioLinks(cave, parseCommSpec('range:20'), 40, 3),
      new RadioLinks(cave, losModel(), 40, 3),
    ];
    for (const scan of scans) {
      expect(scan.recipe).toBeNull();
      expect(scanWith(threaded, scan, at).pairs.length).toBeGreaterThan(0);
    }
    expect(threaded.rowsOnWorkers).toBe(rows);
  }, 60_000);
});
