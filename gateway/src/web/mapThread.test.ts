import { setTimeout as sleep } from 'node:timers/promises';
import { bundledMap, encodeMapImage, loadMap, renderPng, resampleGrid } from '@swarmgate/maps';
import { errorCode } from '@swarmgate/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { MapThread } from './mapThread.js';
import { longestStallDuring } from './testing/eventLoopStall.js';

const threads: MapThread[] = [];
function mapThread(idleMs?: number): MapThread {
  const thread = new MapThread(idleMs);
  threads.push(thread);
  return thread;
}

afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});

describe('MapThread: map work off the event loop', () => {
  it('loads, decodes and renders what the maps package does on this thread, and rejects with its messages', async () => {
    const thread = mapThread();
    const grid = await thread.loadGrid('cave:60x40:seed=3', 1_000_000, 2);
    const here = resampleGrid(loadMap('cave:60x40:seed=3'), 2);
    expect([grid.width, grid.height, grid.cellSizeM, grid.originM]).toEqual([here.width, here.height, here.cellSizeM, here.originM]);
    expect(Buffer.from(grid.cells).equals(Buffer.from(here.cells))).toBe(true);
    await expect(thread.loadGrid('cave:60x40:seed=x', 1_000_000, 1)).rejects.toThrow(/seed/);

    const pgm = encodeMapImage(loadMap('cave:30x20:seed=1'), 'pgm');
    expect(await thread.imageSize(pgm, 'cave.pgm', 1_000_000)).toEqual({ width: 30, height: 20 });
    await expect(thread.imageSize(pgm.subarray(0, 40), 'cave.pgm', 1_000_000)).rejects.toThrow(/cave\.pgm/);
    await expect(thread.imageSize(pgm, 'cave.pgm', 100)).rejects.toThrow(/600.*100/);

    const png = await thread.preview('hallway', null, 1_000_000);
    expect(png?.equals(renderPng(bundledMap('hallway')))).toBe(true);
    expect(await thread.preview('no-such-map', null, 1_000_000)).toBeNull();
    const cave = loadMap('cave:60x40:seed=3');
    expect((await thread.render(cave)).equals(renderPng(cave))).toBe(true);
    // One thread served every job.
    expect(thread.started).toBe(1);
  });

  it('keeps the event loop turning while a large map is generated', async () => {
    const thread = mapThread();
    // Started and warm, so the measure below is the map's generation alone.
    await thread.loadGrid('blank', 1_000_000, 1);
    const { result: grid, tookMs, longestStallMs } = await longestStallDuring(() => thread.loadGrid('cave:1500x1500:seed=1', 4_000_000, 1));
    expect(grid.width * grid.height).toBe(2_250_000);
    // On this thread the loop would have waited the whole load (over a second here); the longest
    // wait is a small part of it (receiving the grid's copy, timers' own lateness).
    expect(tookMs).toBeGreaterThan(500);
    expect(longestStallMs).toBeLessThan(tookMs / 2);
  });

  it('ends after its idle time and starts again for the next job; a close fails the jobs it held', async () => {
    const thread = mapThread(50);
    await thread.loadGrid('blank', 1_000_000, 1);
    await sleep(300);
    await thread.loadGrid('blank', 1_000_000, 1);
    expect(thread.started).toBe(2);

    const held = thread.loadGrid('cave:1000x1000:seed=1', 4_000_000, 1);
    const failure = held.catch((error: unknown) => error);
    await thread.close();
    const error = await failure;
    expect(errorCode(error)).toBe('SG_MAP_THREAD');
    expect((error as Error).message).toMatch(/closed before the job finished/);
    // Closed is not broken: a later job starts a thread again.
    expect((await thread.loadGrid('blank', 1_000_000, 1)).width).toBeGreaterThan(0);
    expect(thread.started).toBe(3);
  });
});
