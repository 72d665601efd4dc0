/**
 * A lidar worker thread (LidarThreads.ts): casts the share of a tick's wall rays it is sent,
 * into the shared buffers, and scans the share of a pair query's rows it is sent (nearby robots,
 * radio links), into its shared result buffer; after each it reports itself done. Started by
 * startTsWorker; nothing here runs on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Lidar } from './Lidar.js';
import { castShare, reportPairs, reportReady, reportShare, type LidarThreadInit, type LidarThreadMessage } from './LidarThreads.js';
import { buildPairScan, PairList, scanRows, type PairScan } from './radio/index.js';

const init = workerData as LidarThreadInit;
const lidar = new Lidar(init.grid, init.config, init.shared);
let jobs = init.jobs;
const slamCells = [...init.slamCells];
const scans = new Map<number, PairScan>();
const rows = new PairList();
let poses = init.poses;
let pairBuffer = init.pairBuffer;

function fail(what: string, error: unknown): void {
  process.stderr.write(`lidar worker thread ${init.index}, ${what}: ${(error as Error).stack ?? String(error)}\n`);
}

parentPort?.on('message', (message: LidarThreadMessage) => {
  switch (message.kind) {
    case 'ranges':
      lidar.adoptRanges(message.rangesM, message.wallRangesM);
      return;
    case 'slam':
      slamCells[message.slot] = message.cells;
      return;
    case 'jobs':
      jobs = message.jobs;
      return;
    case 'cast':
      lidar.exploredCount = 0;
      try {
        castShare(lidar, jobs, slamCells, message.tick, message.begin, message.end);
        reportShare(init.control, init.index, lidar.exploredCount, false);
      } catch (error) {
        fail('cast', error);
        reportShare(init.control, init.index, 0, true);
      }
      return;
    case 'scan':
      // A scan that cannot be built is missing when its rows are asked for: that share fails.
      try {
        scans.set(message.id, buildPairScan(init.grid, message.recipe));
      } catch (error) {
        fail('scan', error);
      }
      return;
    case 'poses':
      poses = message.poses;
      return;
    case 'pairBuffer':
      pairBuffer = message.buffer;
      return;
    case 'pairs': {
      rows.count = 0;
      try {
        const scan = scans.get(message.id) as PairScan;
        const checks = scan.linkChecks;
        scan.prepare(poses);
        scanRows(scan, poses, message.first, message.step, rows);
        reportPairs(init.control, init.index, init.threads, rows, pairBuffer, scan.linkChecks - checks, false);
      } catch (error) {
        fail('pairs', error);
        reportPairs(init.control, init.index, init.threads, rows, pairBuffer, 0, true);
      }
    }
  }
});
reportReady(init.control, init.index, init.threads);
