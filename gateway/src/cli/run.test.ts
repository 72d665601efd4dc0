import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProgress, ProgressBar } from './ProgressBar.js';
import { runMain } from './testing/runSwarmgate.js';

const BIN = fileURLToPath(new URL('../../bin/swarmgate.js', import.meta.url));

function swarmgate(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'swarmgate-run-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('swarmgate run (real process)', () => {
  it('runs a trial and writes JSON with the documented fields, a CSV series and heatmaps', () => {
    const json = join(dir, 'out.json');
    const csv = join(dir, 'series.csv');
    const png = join(dir, 'heat.png');
    const args = [
      'run',
      '--map',
      'cave:30x30:seed=4',
      '--robots',
      '2',
      '--algorithm',
      'frontier',
      '--comm',
      'range:8',
      '--spawn',
      'apart',
      '--seed',
      '3',
      '--target',
      '0.9',
      '--max-ticks',
      '400',
      '--json',
      json,
      '--csv',
      csv,
      '--heatmap',
      png,
    ];
    const r = swarmgate(...args);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/explored|target not reached/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    for (const key of [
      'seed',
      'robots',
      'algorithm',
      'comm',
      'ticks',
      'simSeconds',
      'wallSeconds',
      'exploredFraction',
      'coveredFraction',
      'explorationTicks',
      'success',
      'distanceTotal',
      'efficiency',
      'collisions',
      'completeness',
      'mapQuality',
      'messagesSent',
      'bytesSent',
      'finalStateHash',
    ]) {
      expect(report).toHaveProperty(key);
    }
    expect(report.map).toMatchObject({ width: 30, height: 30 });
    expect(report.map.hash).toMatch(/^sha256:/);
    expect(report.seed).toBe(3);
    expect(report.simSeconds).toBeCloseTo(report.ticks * 0.1, 6);
    expect(report.success).toBe(report.explorationTicks !== null);
    expect(report.exploredFraction).toBeGreaterThan(0.2);
    const rows = readFileSync(csv, 'utf8').trim().split('\n');
    expect(rows[0]).toBe('tick,explored,covered,distanceTotal,collisions,messagesSent,commGroups,largestGroupFraction');
    expect(rows.length).toBe(1 + Math.floor(report.ticks / 10));
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    // Same seed, same hash, in a second process.
    const again = swarmgate(...args.slice(0, -6), '--json', '-');
    expect(JSON.parse(again.stdout).finalStateHash).toBe(report.finalStateHash);
  }, 240_000);

  it.each([
    [['--map', 'cave', '--robots', '0'], /--robots must be >= 1/],
    [['--map', 'nosuchmap:3x3'], /--map: SG_MAP_SPEC: unknown map 'nosuchmap:3x3'/],
    [['--map', 'cave', '--comm', 'range'], /--comm: SG_COMM_SPEC/],
    [['--map', 'cave', '--spawn', 'scattered'], /--spawn must be one of together, apart, biggest-room/],
    [['--map', 'cave', '--algorithm', 'frontier:bogus=1'], /--algorithm: SG_UNKNOWN_PARAMETER/],
    [['--map', 'cave', '--target', '1.5'], /--target must be <= 1/],
    [['--map', 'cave', '--target', '0'], /--target must be > 0, got 0/],
    [['--robots', '2'], /--map is required/],
    [['--map', 'cave', '--frobnicate'], /frobnicate/],
    [['--map', 'cave', '--merge-every', '10'], /--merge-every \(ticks\) was replaced by --merge-every-s \(seconds/],
    [['--map', 'cave', '--merge-every-s=-1'], /--merge-every-s must be >= 0, got -1/],
    // Checked before the trial (a long run would be lost at its end), naming the flag.
    [
      ['--map', 'cave', '--max-ticks', '36000', '--target', '1', '--json', '/nonexistent-dir/r.json'],
      /--json \/nonexistent-dir\/r\.json: no folder '\/nonexistent-dir'/,
    ],
    [['--map', 'cave', '--csv', join(BIN, 'series.csv')], /--csv .*series\.csv: no folder '.*swarmgate\.js' to write it in/],
    [['--map', 'cave', '--record', '/nonexistent-dir/t.mcap'], /--record \/nonexistent-dir\/t\.mcap: no folder '\/nonexistent-dir' to write it in/],
    // A folder given where a file goes (EISDIR once the trial had run).
    [['--map', 'cave', '--max-ticks', '36000', '--target', '1', '--json', dirname(BIN)], /--json .*bin: a folder; name a file in it/],
  ])(
    'exits 2 with a clear message for %j (main, in this process)',
    async (args, message) => {
      const r = await runMain('run', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    },
    60_000,
  );
});

// These read the flags' effect on the JSON report, not the process: `main` in this process
// spares each of the two dozen trials a child's second of start-up (node, the TypeScript
// loader, the engine's imports). The test above and the one hash below keep the real binary.
describe('swarmgate run: radio network and spawn flags (main, in this process)', () => {
  // frontier broadcasts its map every 5 ticks, so 100 ticks send messages on any radio.
  const base = ['run', '--map', 'cave:30x30:seed=4', '--robots', '2', '--algorithm', 'frontier:shareEveryS=0.5', '--max-ticks', '100', '--json', '-'];
  const check = (r: { code: number | null; stdout: string; stderr: string }) => {
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout);
  };
  const report = async (...extra: string[]) => check(await runMain(...base, ...extra));

  it('--loss 1 loses every message; --latency-ms and --bandwidth delay and drop; all are in the JSON', async () => {
    const plain = await report();
    expect(plain.radio).toEqual({ latencyMs: 0, bandwidthBytesPerS: null, lossProbability: 0 });
    expect(plain.messagesSent).toBeGreaterThan(0);
    expect(plain.messagesReceived).toBeGreaterThan(0);

    const lost = await report('--loss', '1');
    expect(lost.radio).toEqual({ latencyMs: 0, bandwidthBytesPerS: null, lossProbability: 1 });
    expect(lost.messagesSent).toBeGreaterThan(0);
    expect(lost.messagesReceived).toBe(0);

    // 2 s of latency: the messages of the last 20 ticks are still in flight at the end.
    const late = await report('--latency-ms', '2000');
    expect(late.radio.latencyMs).toBe(2000);
    expect(late.messagesReceived).toBeLessThan(plain.messagesReceived);

    // A map message is hundreds of bytes: at 50 B/s the transmitter falls behind and drops sends.
    const slow = await report('--bandwidth', '50');
    expect(slow.radio.bandwidthBytesPerS).toBe(50);
    expect(slow.messagesSent).toBeLessThan(plain.messagesSent);

    // Same flags, same result, in another process: the real binary against this one.
    const lossy = ['--loss', '0.5', '--seed', '2'];
    expect(check(swarmgate(...base, ...lossy)).finalStateHash).toBe((await report(...lossy)).finalStateHash);
  }, 240_000);

  it('--spawn at: places the robots at the given poses', async () => {
    const given = await report('--spawn', 'at:14.5,16.5,90;12.5,14.5');
    expect(given.spawn).toBe('positions');
    expect(given.startPoses).toHaveLength(2);
    expect(given.startPoses[0].xM).toBeCloseTo(14.5, 9);
    expect(given.startPoses[0].yM).toBeCloseTo(16.5, 9);
    expect(given.startPoses[0].headingRad).toBeCloseTo(Math.PI / 2, 9);
    expect(given.startPoses[1]).toMatchObject({ xM: 12.5, yM: 14.5, headingRad: 0 });
    const together = await report();
    expect(together.startPoses[1]).not.toMatchObject({ xM: 12.5, yM: 14.5 });
    expect((await report('--spawn', 'at:14.5,16.5,90;12.5,14.5')).finalStateHash).toBe(given.finalStateHash);
  }, 240_000);

  it('--spawn at: a heading beyond a turn is normalised: 370 degrees is the trial of 10 degrees', async () => {
    const wound = await report('--spawn', 'at:14.5,16.5,370;12.5,14.5,-540');
    const plain = await report('--spawn', 'at:14.5,16.5,10;12.5,14.5,180');
    expect(wound.startPoses[0].headingRad).toBeCloseTo((10 * Math.PI) / 180, 12);
    expect(wound.startPoses[1].headingRad).toBeCloseTo(Math.PI, 12);
    expect(wound.finalStateHash).toBe(plain.finalStateHash);
  }, 240_000);

  it('--robot-profile: maes by default, mona when named, written in the JSON', async () => {
    const maes = await report();
    const mona = await report('--robot-profile', 'mona');
    expect(maes.robotProfile).toBe('maes');
    expect(mona.robotProfile).toBe('mona');
    // An 8 cm robot at 0.13 m/s travels far less in 100 ticks than a 3 m/s one.
    expect(mona.distanceTotal).toBeLessThan(maes.distanceTotal / 5);
    // The MONA's own capabilities given by hand are the mona trial.
    const custom = await report('--robot-profile', 'custom:bodyDiameterM=0.08,maxWheelSpeedMps=0.13,wheelBaseM=0.078');
    expect(custom.robotProfile).toBe('custom:bodyDiameterM=0.08,maxWheelSpeedMps=0.13,wheelBaseM=0.078');
    expect(custom.finalStateHash).toBe(mona.finalStateHash);
  }, 240_000);

  it('--merge-every-s: seconds rounded to whole ticks; merging changes the trial', async () => {
    const withRange = ['--comm', 'range:8', '--robots', '3'];
    const oneSecond = await report(...withRange, '--merge-every-s', '1');
    // 0.96 s is 9.6 ticks of 0.1 s: the nearest whole tick is the same 10.
    expect((await report(...withRange, '--merge-every-s', '0.96')).finalStateHash).toBe(oneSecond.finalStateHash);
    expect((await report(...withRange)).finalStateHash).not.toBe(oneSecond.finalStateHash);
  }, 240_000);

  it('--workers: 1, 2 and 4 lidar threads give the same trial (12 robots: enough to start the threads)', async () => {
    const many = ['--robots', '12', '--spawn', 'apart', '--max-ticks', '40'];
    const one = await report(...many, '--workers', '1');
    const two = await report(...many, '--workers', '2');
    const four = await report(...many, '--workers', '4');
    expect(two.finalStateHash).toBe(one.finalStateHash);
    expect(four.finalStateHash).toBe(one.finalStateHash);
    // The report says what its speed was measured with; 12 robots are below the default's threshold.
    expect([one, two, four, await report(...many)].map((r) => [r.workers, r.controllersOnThreads])).toEqual([
      [1, false],
      [2, false],
      [4, false],
      [1, false],
    ]);
  }, 240_000);

  it('--controller-threads on: the controllers on the worker threads give the same trial', async () => {
    const many = ['--robots', '12', '--spawn', 'apart', '--max-ticks', '40', '--comm', 'range:10', '--algorithm', 'cme'];
    const one = await report(...many, '--workers', '1');
    const onThreads = await report(...many, '--workers', '2', '--controller-threads', 'on');
    expect(onThreads.finalStateHash).toBe(one.finalStateHash);
    expect([one.controllersOnThreads, onThreads.controllersOnThreads]).toEqual([false, true]);
  }, 240_000);

  it.each([
    [['--workers', '0'], /--workers must be >= 1, got 0/],
    [['--workers', '1.5'], /--workers must be an integer in \[1, 64\], got '1.5'/],
    [['--controller-threads', 'yes'], /--controller-threads must be auto, on or off, got 'yes'/],
    [['--loss', '1.01'], /--loss must be <= 1, got 1.01/],
    [['--loss', 'half'], /--loss must be a number, got 'half'/],
    [['--latency-ms=-1'], /--latency-ms must be >= 0, got -1/],
    [['--bandwidth', '0'], /--bandwidth must be >= 1, got 0/],
    [['--spawn', 'at:14.5,16.5'], /--spawn: 1 position given for --robots 2/],
    [['--spawn', 'at:14.5,16.5;1,x'], /--spawn: position 2 '1,x' must be X,Y or X,Y,HEADING_DEG/],
    [['--spawn', 'at:14.5,16.5;0.5,0.5'], /--spawn: SG_SPAWN: spawn position 2 \(0.5, 0.5\) is off the map or inside a wall/],
    [['--spawn', 'at:14.5,16.5;31,5'], /--spawn: SG_SPAWN: spawn position 2 \(31, 5\) is off the map/],
    [['--robot-profile', 'roomba'], /--robot-profile: SG_ROBOT_PROFILE: unknown robot profile 'roomba' \(known: maes, mona\)/],
    [['--robot-profile', 'custom:bodyDiameterM=0.1,maxWheelSpeedMps=0.2'], /--robot-profile: SG_ROBOT_PROFILE: custom robot profile: missing wheelBaseM/],
    [['--cell', '0'], /--cell must be >= 0.01, got 0/],
    [['--cell', 'fine'], /--cell must be a number, got 'fine'/],
    [['--robots', '2000', '--spawn', 'together'], /SG_SPAWN: cannot place 2000 robots 'together': only \d+ spawnable cells \(free, 0.80 m from walls\)/],
  ])(
    'exits 2 naming the flag for %j (main, in this process)',
    async (args, message) => {
      const r = await runMain('run', '--map', 'cave:30x30:seed=4', '--max-ticks', '10', ...(args.includes('--robots') ? [] : ['--robots', '2']), ...args);
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(2);
    },
    60_000,
  );
});

describe('swarmgate run past the SLAM memory budget (real process)', () => {
  it("exits 2 naming the budget before building anything, where the robots' maps would not fit in half the memory", () => {
    // 16 MB of SLAM map per robot on 2000 x 2000 cells: one robot more than half this machine's memory holds.
    const robots = Math.floor(totalmem() / 2 / 16e6) + 1;
    const r = swarmgate('run', '--map', 'building:2000x2000:seed=1', '--robots', String(robots), '--spawn', 'apart', '--max-ticks', '1');
    expect(r.stderr).toMatch(
      new RegExp(
        `^swarmgate run: --robots: SG_SLAM_BUDGET: ${robots} robots' SLAM maps would take [\\d.]+ GB \\(16.0 MB each on this 2000 x 2000 map\\), over the budget of [\\d.]+ GB \\(half of this machine's memory\\): at most ${robots - 1} robots here, or a coarser --cell`,
      ),
    );
    expect(r.code).toBe(2);
  }, 60_000);
});

// The report's map fields, not the process: `main` in this process, without two children's start-up.
describe('swarmgate run on a real ROS map (main, in this process)', () => {
  it('resamples a 0.2 m map to --cell (default 0.3 m) keeping its physical size, and reports unreachable free space', async () => {
    const run = async (...extra: string[]) => {
      const r = await runMain('run', '--map', 'yan2017-loop', '--robots', '3', '--max-ticks', '5', '--json', '-', ...extra);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout);
    };
    const byDefault = await run();
    expect(byDefault.map.cellSizeM).toBe(0.3);
    const coarse = await run('--cell', '0.5');
    expect(coarse.map.cellSizeM).toBe(0.5);
    // The same metres across at either cell.
    expect(coarse.map.width * 0.5).toBeCloseTo(byDefault.map.width * 0.3, -0.5);
    for (const report of [byDefault, coarse]) {
      expect(report.unreachableFreeCells).toBeGreaterThanOrEqual(0);
      expect(report.unreachableFreeFraction).toBeLessThan(0.05);
      expect(report.exploredFraction).toBeLessThan(0.5);
    }
  }, 120_000);
});

describe('swarmgate list', () => {
  // What each registry prints is the same in this process (a child costs a second of start-up
  // each); the refusal below keeps the real binary, exit code and all.
  it.each([
    ['algorithms', /frontier/],
    ['generators', /cave/],
    ['radio', /pathloss/],
    ['sensors', /lidar/],
  ])(
    'list %s prints the registry (main, in this process)',
    async (kind, expected) => {
      const r = await runMain('list', kind);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(expected);
    },
    60_000,
  );

  it('refuses an unknown kind with exit 2 (real process)', () => {
    const r = swarmgate('list', 'robots');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/expected one of algorithms, generators, radio, sensors/);
  }, 60_000);
});

describe('formatProgress', () => {
  it('shows ticks, explored percent and speed over real time', () => {
    const line = formatProgress(500, 36000, 0.5, 50, 2, 100);
    expect(line).toMatch(/^\[#+\.+\] tick 500\/36000 {2}explored 50\.0% {2}25\.0x real time$/);
  });
});

describe('ProgressBar', () => {
  it('redraws at most once per interval on an injected clock, always when forced, and ends the line', () => {
    const writes: string[] = [];
    let nowMs = 0;
    const bar = new ProgressBar({ write: (t: string) => writes.push(t), columns: 80 }, 100, 100, () => nowMs);
    bar.update(1, 0.1, 0.1, 0.01);
    nowMs = 50;
    bar.update(2, 0.2, 0.2, 0.02);
    nowMs = 150;
    bar.update(3, 0.3, 0.3, 0.03);
    bar.update(4, 0.4, 0.4, 0.04, true);
    bar.finish();
    expect(writes.length).toBe(4);
    expect(writes[1]).toMatch(/^\r\[.*tick 3\/100/);
    expect(writes[2]).toMatch(/tick 4\/100 {2}explored 40\.0%/);
    expect(writes[3]).toBe('\n');
  });
});
