/**
 * The map thread (mapThread.ts): loads, decodes and renders maps off the main thread. Loaded
 * through tsx's loader, which the thread registers first (mapThread.ts). One job at a time, in
 * the order posted; each answers with its result or with the message of what it threw.
 */
import { parentPort } from 'node:worker_threads';
import * as maps from '@swarmgate/maps';
import type { MapJob, MapJobReply } from './mapThread.js';

function run(job: MapJob): MapJobReply {
  switch (job.kind) {
    case 'load': {
      const grid = maps.resampleGrid(maps.loadMap(job.spec, { maxCells: job.maxCells }), job.cellM);
      // Copied to the main thread, not transferred: a bundled map's grid may be one the package keeps.
      return { id: job.id, grid };
    }
    case 'decode': {
      const image = maps.decodeImage(job.bytes, job.file, { maxCells: job.maxCells });
      return { id: job.id, size: { width: image.width, height: image.height } };
    }
    case 'preview': {
      const grid: maps.Grid | null = maps.findBundledMap(job.name)
        ? maps.bundledMap(job.name)
        : job.file
          ? maps.loadMapFile(job.file, { maxCells: job.maxCells })
          : null;
      if (!grid) return { id: job.id, png: null };
      return { id: job.id, png: maps.renderPng(grid) };
    }
    case 'render':
      return { id: job.id, png: maps.renderPng(job.grid) };
  }
}

function answer(job: MapJob): MapJobReply {
  try {
    return run(job);
  } catch (error) {
    return { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (job: MapJob) => parentPort?.postMessage(answer(job)));
