/**
 * Map work a request asks for, done on a worker thread (mapThreadWorker.ts) instead of the event
 * loop: generating a 2000 x 2000 cave takes 2.4 s, decoding an uploaded 2000 x 2000 PNG about 1 s,
 * rendering its preview (or the live trial's map, or a recording's) 0.7 s, and the running trial's
 * ticks, the broker and every client waited as long. The gateway's budgets (serve --max-cells) still bound the work; here it only moves.
 *
 * One thread, started at the first job (tsx's loader and the maps package: about 0.5 s) and ended after
 * MAP_THREAD_IDLE_MS without a job, so its heap (a large map's garbage) is not held between
 * requests; jobs run one at a time in the order asked, so two large maps are never in memory at
 * once. A thread that dies (out of memory) fails the jobs it held and the next job starts another.
 */
import type { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { renderPng, type Grid } from '@swarmgate/maps';
import { SwarmgateError } from '../errors.js';
import { startTsxWorker } from '../sim/tsWorker.js';

/**
 * Cells up to which MapThread.render draws a grid on the caller's thread: at most about 60 ms of
 * renderPng (it scales a small map up to about 400 pixels), less than a thread's start.
 */
export const RENDER_HERE_MAX_CELLS = 250_000;

/** A plugin's own map thread, ended when `app` closes. */
export function ownMapThread(app: FastifyInstance): MapThread {
  const thread = new MapThread();
  app.addHook('onClose', () => thread.close());
  return thread;
}

/** A map thread with no job for this long ends; the next job starts another. */
export const MAP_THREAD_IDLE_MS = 10_000;

type Job =
  | { readonly kind: 'load'; readonly spec: string; readonly maxCells: number; readonly cellM: number }
  | { readonly kind: 'decode'; readonly bytes: Uint8Array; readonly file: string; readonly maxCells: number }
  | { readonly kind: 'preview'; readonly name: string; readonly file: string | null; readonly maxCells: number }
  | { readonly kind: 'render'; readonly grid: Grid };

/** What is posted to the thread. */
export type MapJob = Job & { readonly id: number };

/** What the thread answers: the job's result, or the message of what it threw. */
export type MapJobReply =
  | { readonly id: number; readonly grid: Grid }
  | { readonly id: number; readonly size: { readonly width: number; readonly height: number } }
  | { readonly id: number; readonly png: Uint8Array | null }
  | { readonly id: number; readonly error: string };

interface Pending {
  readonly resolve: (reply: MapJobReply) => void;
  readonly reject: (error: Error) => void;
}

export class MapThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private idleTimer: NodeJS.Timeout | null = null;
  /** Threads started so far (tests: the idle end and a restart after a death). */
  started = 0;

  constructor(private readonly idleMs = MAP_THREAD_IDLE_MS) {}

  /** `loadMap(spec)` at the simulation cell `cellM` (resampleGrid); rejects with the map's error message. */
  async loadGrid(spec: string, maxCells: number, cellM: number): Promise<Grid> {
    const reply = await this.run({ kind: 'load', spec, maxCells, cellM });
    return (reply as { grid: Grid }).grid;
  }

  /** The size of an image map, every pixel decoded (decodeImage); rejects with the decoder's message. */
  async imageSize(bytes: Uint8Array, file: string, maxCells: number): Promise<{ width: number; height: number }> {
    const reply = await this.run({ kind: 'decode', bytes, file, maxCells });
    return (reply as { size: { width: number; height: number } }).size;
  }

  /** A bundled map (by name) or a map file rendered as a PNG; null when neither is there. */
  async preview(name: string, file: string | null, maxCells: number): Promise<Buffer | null> {
    const { png } = (await this.run({ kind: 'preview', name, file, maxCells })) as { png: Uint8Array | null };
    return png && Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  /** `grid` rendered as a PNG (renderPng): here up to RENDER_HERE_MAX_CELLS, else on the thread (the grid copied there). */
  async render(grid: Grid): Promise<Buffer> {
    if (grid.width * grid.height <= RENDER_HERE_MAX_CELLS) return renderPng(grid);
    // Its fields alone: a grid may be an object with more on it than can be posted.
    const { width, height, cellSizeM, originM, cells } = grid;
    const { png } = (await this.run({ kind: 'render', grid: { width, height, cellSizeM, originM: { x: originM.x, y: originM.y }, cells } })) as {
      png: Uint8Array;
    };
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  /** Ends the thread; jobs still held fail. */
  async close(): Promise<void> {
    this.clearIdle();
    const worker = this.worker;
    this.worker = null;
    this.failAll(new SwarmgateError('SG_MAP_THREAD', 'the map thread was closed before the job finished'));
    await worker?.terminate();
  }

  private run(job: Job): Promise<MapJobReply> {
    this.clearIdle();
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<MapJobReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...job, id } satisfies MapJob);
    }).then((reply) => {
      if ('error' in reply) throw new Error(reply.error);
      return reply;
    });
  }

  private start(): Worker {
    // Through tsx's loader, not a bundle (startTsWorker): the maps package finds its bundled maps
    // from import.meta.url, which in a bundle is the bundle's data: URL.
    const worker = startTsxWorker(new URL('./mapThreadWorker.ts', import.meta.url), undefined);
    this.started++;
    // A gateway nobody closes must not be kept alive by its map thread.
    worker.unref();
    worker.on('message', (reply: MapJobReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      pending?.resolve(reply);
      if (this.pending.size === 0 && this.worker === worker) this.idleTimer = setTimeout(() => void this.endIdle(worker), this.idleMs).unref();
    });
    const died = (why: string): void => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.clearIdle();
      this.failAll(new SwarmgateError('SG_MAP_THREAD', `the map thread ended before the job finished (${why})`));
    };
    worker.on('error', (error: Error) => died(error.message));
    worker.on('exit', (code) => died(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }

  private async endIdle(worker: Worker): Promise<void> {
    if (this.worker !== worker || this.pending.size > 0) return;
    this.worker = null;
    this.idleTimer = null;
    await worker.terminate();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private failAll(error: Error): void {
    const held = [...this.pending.values()];
    this.pending.clear();
    for (const pending of held) pending.reject(error);
  }
}
