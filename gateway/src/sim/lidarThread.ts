/**
 * A lidar worker thread (LidarThreads.ts): casts the share of a tick's wall rays it is sent,
 * into the shared buffers, and reports itself done. Started by startTsWorker; nothing here
 * runs on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Lidar } from './Lidar.js';
import { castShare, reportReady, reportShare, type LidarThreadInit, type LidarThreadMessage } from './LidarThreads.js';

const init = workerData as LidarThreadInit;
const lidar = new Lidar(init.grid, init.config, init.shared);
let jobs = init.jobs;
const slamCells = [...init.slamCells];

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
        process.stderr.write(`lidar worker thread ${init.index}: ${(error as Error).stack ?? String(error)}\n`);
        reportShare(init.control, init.index, 0, true);
      }
  }
});
reportReady(init.control, init.index, init.threads);
