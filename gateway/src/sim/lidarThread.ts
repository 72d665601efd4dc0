/**
 * A lidar worker thread (LidarThreads.ts): for each run it is told of, claims chunks of the
 * tick's wall casts, or of a pair query's rows (nearby robots, radio links), until none is left,
 * writing into shared memory (threadChunks.ts). Started by startTsWorker; nothing here runs on
 * the main thread.
 *
 * The thread does nothing but this, so it blocks on the doorbell (Atomics.wait) instead of
 * returning to its event loop: messages are read off its port synchronously, in the order they
 * were posted, each time the bell rings (Worker.terminate interrupts the wait).
 */
import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import { Lidar } from './Lidar.js';
import { castChunks, scanChunks, type LidarThreadInit, type LidarThreadMessage } from './LidarThreads.js';
import { buildPairScan, PairList, type PairScan } from './radio/index.js';
import { awaitBell, markReady } from './threadChunks.js';

const init = workerData as LidarThreadInit;
const lidar = new Lidar(init.grid, init.config, init.shared);
let jobs = init.jobs;
const slamCells = [...init.slamCells];
const scans = new Map<number, PairScan>();
let poses = init.poses;
let target = { index: init.index, buffer: init.pairBuffer, table: init.chunkTable, rows: new PairList() };

function handle(message: LidarThreadMessage): void {
  switch (message.kind) {
    case 'ranges':
      lidar.adoptRanges(message.rangesM, message.wallRangesM);
      break;
    case 'slam':
      slamCells[message.slot] = message.cells;
      break;
    case 'jobs':
      jobs = message.jobs;
      break;
    case 'cast':
      castChunks(lidar, jobs, slamCells, init.control, init.claim, message);
      break;
    case 'scan':
      // A scan that cannot be built is missing when its rows are asked for: that run fails.
      try {
        scans.set(message.id, buildPairScan(init.grid, message.recipe));
      } catch (error) {
        process.stderr.write(`lidar worker thread ${init.index}, scan: ${(error as Error).stack ?? String(error)}\n`);
      }
      break;
    case 'poses':
      poses = message.poses;
      break;
    case 'pairBuffer':
      target = { ...target, buffer: message.buffer };
      break;
    case 'chunkTable':
      target = { ...target, table: message.table };
      break;
    case 'pairs':
      scanChunks(scans.get(message.id), poses, init.control, init.claim, message, target);
  }
}

markReady(init.control, init.index);
for (let seen = 0; ;) {
  seen = awaitBell(init.control, seen);
  for (let m = receiveMessageOnPort(init.port); m !== undefined; m = receiveMessageOnPort(init.port)) handle(m.message as LidarThreadMessage);
}
