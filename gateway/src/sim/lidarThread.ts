/**
 * A lidar worker thread (LidarThreads.ts): for each run it is told of, claims chunks of the
 * tick's wall casts, or of a pair query's rows (nearby robots, radio links), until none is left,
 * writing into shared memory (threadChunks.ts), or runs its robots' controllers (threadControl.ts:
 * a control run's turns in, their outcomes back on the port). Started by startTsWorker, which
 * runs this module and its static imports as one bundle; nothing here runs on the main thread.
 * The controller modules (the sdk's algorithms) are imported from the sources, through tsx's
 * loader, only once a recipe comes: a trial without them keeps the worker small.
 *
 * The thread does nothing but this, so it blocks on the doorbell (Atomics.wait) instead of
 * returning to its event loop: messages are read off its port synchronously, in the order they
 * were posted, each time the bell rings (Worker.terminate interrupts the wait).
 */
import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { SlamMapBuffers } from '@swarmgate/sdk/slam-view';
import { Lidar, SUB } from './Lidar.js';
import type * as Sdk from '@swarmgate/sdk';
import type { LidarThreadInit, LidarThreadMessage } from './LidarThreads.js';
import { buildPairScan, PairList, type PairScan } from './radio/index.js';
import { awaitBell, finishChunk, markReady } from './threadChunks.js';
import type * as ThreadControl from './threadControl.js';
import type { ControllerRecipe, ControllerSeats } from './threadControl.js';
import { Occluder } from './occlusion.js';
import { castChunks, scanChunks } from './threadShares.js';

const init = workerData as LidarThreadInit;
const lidar = new Lidar(init.grid, init.config, init.shared);
let jobs = init.jobs;
const slamMaps = [...init.slamMaps];
const slamCells = slamMaps.map((map) => map?.cells ?? null);
let seats: ControllerSeats | null = null;
/** Robot ids by slot, kept for seats made later. */
const robotIds: string[] = [];
const scans = new Map<number, PairScan>();
let poses = init.poses;
let occlusionPoses = init.occlusionPoses;
const occluder = new Occluder(init.grid, init.config.rangeM, init.robotRadiusM);
let target = { index: init.index, buffer: init.pairBuffer, table: init.chunkTable, rows: new PairList() };

function handle(message: LidarThreadMessage): void {
  switch (message.kind) {
    case 'ranges':
      lidar.adoptRanges(message.rangesM, message.wallRangesM);
      break;
    case 'slam':
      slamMaps[message.slot] = message.map;
      slamCells[message.slot] = message.map.cells;
      break;
    case 'controllers':
      // Made before the loop reads further messages (the loop awaits it).
      break;
    case 'control': {
      // A run's outcomes go back before it counts as finished (the main thread reads them then).
      let failed = false;
      try {
        if (seats === null) throw new Error('a control run came before its controllers recipe');
        init.port.postMessage(seats.run(message.run));
      } catch (error) {
        failed = true;
        process.stderr.write(`lidar worker thread ${init.index}, control: ${(error as Error).stack ?? String(error)}\n`);
      }
      finishChunk(init.control, failed);
      break;
    }
    case 'robotIds':
      for (let k = 0; k < message.ids.length; k++) robotIds[message.from + k] = message.ids[k] as string;
      seats?.setIds(message.from, message.ids);
      break;
    case 'dropController':
      seats?.remove(message.slot);
      break;
    case 'jobs':
      jobs = message.jobs;
      break;
    case 'occlusionPoses':
      occlusionPoses = message.poses;
      break;
    case 'cast':
      castChunks(lidar, jobs, slamCells, init.control, init.claim, message, {
        occluder,
        poses: occlusionPoses,
        robots: message.robots,
        generation: message.generation,
      });
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

/** tsx's loader, registered at the first controller import. */
let loader: Promise<void> | null = null;

/** A module of the TypeScript sources: this thread runs a bundle (tsWorker.ts), without a loader until it imports one of these. */
async function importSource<T>(href: string): Promise<T> {
  loader ??= (import(init.controllerModules.loader) as Promise<{ register(): unknown }>).then((tsx) => {
    tsx.register();
  });
  await loader;
  return (await import(href)) as T;
}

/** This thread's controllers, made from `recipe`, over the robots' shared SLAM maps and the lidar's ranges. */
async function makeSeats(recipe: ControllerRecipe): Promise<ControllerSeats> {
  const modules = init.controllerModules;
  const [{ ControllerSeats: Seats, lidarScans }, { findAlgorithm, SlamMap }] = await Promise.all([
    importSource<typeof ThreadControl>(modules.threadControl),
    importSource<typeof Sdk>(modules.sdk),
  ]);
  const maps = new Map<number, InstanceType<typeof SlamMap>>();
  const mapOf = (slot: number): InstanceType<typeof SlamMap> => {
    let map = maps.get(slot);
    if (map === undefined) {
      map = SlamMap.forGrid(init.grid, SUB, slamMaps[slot] as SlamMapBuffers);
      maps.set(slot, map);
    }
    return map;
  };
  const made = new Seats(recipe, findAlgorithm(recipe.algorithm), mapOf, lidarScans(lidar));
  made.setIds(0, robotIds);
  return made;
}

if (init.controllers !== null) seats = await makeSeats(init.controllers);
markReady(init.control, init.index);
for (let seen = 0; ;) {
  seen = awaitBell(init.control, seen);
  for (let m = receiveMessageOnPort(init.port); m !== undefined; m = receiveMessageOnPort(init.port)) {
    const message = m.message as LidarThreadMessage;
    if (message.kind === 'controllers') seats = await makeSeats(message.recipe);
    handle(message);
  }
}
