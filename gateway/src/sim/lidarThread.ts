/**
 * A lidar worker thread (LidarThreads.ts): for each run it is told of, claims chunks of the
 * tick's wall casts, or of a pair query's rows (nearby robots, radio links), until none is left,
 * writing into shared memory (threadChunks.ts). Started by startTsWorker; nothing here runs on
 * the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Lidar } from './Lidar.js';
import { castChunks, scanChunks, type LidarThreadInit, type LidarThreadMessage } from './LidarThreads.js';
import { buildPairScan, PairList, type PairScan } from './radio/index.js';
import { markReady } from './threadChunks.js';

const init = workerData as LidarThreadInit;
const lidar = new Lidar(init.grid, init.config, init.shared);
let jobs = init.jobs;
const slamCells = [...init.slamCells];
const scans = new Map<number, PairScan>();
let poses = init.poses;
let target = { index: init.index, buffer: init.pairBuffer, table: init.chunkTable, rows: new PairList() };

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
      castChunks(lidar, jobs, slamCells, init.control, init.claim, message);
      return;
    case 'scan':
      // A scan that cannot be built is missing when its rows are asked for: that run fails.
      try {
        scans.set(message.id, buildPairScan(init.grid, message.recipe));
      } catch (error) {
        process.stderr.write(`lidar worker thread ${init.index}, scan: ${(error as Error).stack ?? String(error)}\n`);
      }
      return;
    case 'poses':
      poses = message.poses;
      return;
    case 'pairBuffer':
      target = { ...target, buffer: message.buffer };
      return;
    case 'chunkTable':
      target = { ...target, table: message.table };
      return;
    case 'pairs':
      scanChunks(scans.get(message.id), poses, init.control, init.claim, message, target);
  }
});
markReady(init.control, init.index);
