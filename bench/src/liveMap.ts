/**
 * The operator's live view on a large map, end to end: a real `swarmgate serve` process (the CLI
 * as an operator starts it) on a 200 x 200 and a 2000 x 2000 cave with 20 frontier robots, its
 * page in headless Chromium (Debian's /usr/bin/chromium driven by playwright-core, as the browser
 * tests launch it), and in a second view a Server-Sent Events client of GET /api/live beside it.
 * Per view: the page's frames per second and their intervals (uiFrames' sampler), the memory it holds
 * after a garbage collection (V8's JS heap, the ArrayBuffers behind typed arrays and ImageData,
 * which the JS heap does not count, and the renderer process's resident memory, which also holds
 * the canvases' pixels), the bytes per second on each stream, and the gateway's event loop:
 * utilization, CPU and the longest delay each second (from a probe loaded into the serve process
 * with --import) and its tick overruns (GET /api/trial).
 *
 *   npm run bench -- live-map                 this tree
 *   npm run bench -- live-map --base <rev>    also the tree of a git revision (a temporary worktree
 *                                             borrowing this tree's packages, as engineAB checks one
 *                                             out), measured just before this one on each map, and
 *                                             each figure's ratio this / base
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import type { BenchOptions, BenchReport } from './BenchReport.js';
import { borrowNodeModules } from './engineAB.js';
import { COUNT_MAP_DRAWS, sampleFrames, waitForRobots, type FrameStats } from './uiFrames.js';

const MAPS = ['cave:200x200:seed=1', 'cave:2000x2000:seed=1'] as const;
const ROBOTS = 20;
const SAMPLE_MS = 10_000;
/** After a view changes (a layer switched, a client joined): what it sends at once is not its steady rate. */
const SETTLE_MS = 3000;
const PROBE_PREFIX = 'live-map-probe ';

/**
 * Loaded into the serve process (--import of a data: URL, so the gateway's code is as shipped):
 * once a second, the event loop's utilization, the process's CPU time and the longest delay a
 * timer saw, on stderr.
 */
const LOOP_PROBE = `import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let elu = performance.eventLoopUtilization();
let cpu = process.cpuUsage();
setInterval(() => {
  const nowElu = performance.eventLoopUtilization();
  const used = process.cpuUsage(cpu);
  cpu = process.cpuUsage();
  const utilization = performance.eventLoopUtilization(nowElu, elu).utilization;
  elu = nowElu;
  process.stderr.write('${PROBE_PREFIX}' + JSON.stringify({ atMs: Date.now(), utilization, cpuMs: (used.user + used.system) / 1000, maxDelayMs: delay.max / 1e6 }) + '\\n');
  delay.reset();
}, 1000).unref();`;

interface ProbeSample {
  readonly atMs: number;
  readonly utilization: number;
  readonly cpuMs: number;
  readonly maxDelayMs: number;
}

interface TrialCounters {
  readonly tick: number;
  readonly overruns: number;
}

/** One view's figures; bytes per second are of the sample window. */
interface ViewResult {
  readonly frames: FrameStats;
  readonly socketBytesPerS: number;
  readonly sseBytesPerS: number;
  readonly sseExploredBytesPerS: number;
  /** The largest explored event the SSE client received in the window, bytes. */
  readonly sseExploredMaxBytes: number;
  readonly loopUtilization: number;
  readonly cpuMsPerS: number;
  readonly maxDelayMs: number;
  readonly overruns: number;
  readonly ticksPerS: number;
}

interface PageMemory {
  readonly jsHeapMB: number;
  readonly arrayBuffersMB: number;
  readonly rendererRssMB: number;
}

interface RunResult {
  readonly memory: PageMemory;
  readonly page: ViewResult;
  readonly withSse: ViewResult;
  readonly heat: ViewResult;
  readonly slam: ViewResult;
  readonly slamMemory: PageMemory;
}

/** A serve process of `tree` on `map`, its web UI's URL, and the probe's samples as they come. */
interface Served {
  readonly url: string;
  readonly samples: ProbeSample[];
  stop(): Promise<void>;
}

async function startServe(tree: string, map: string, dataDir: string): Promise<Served> {
  const args = [
    `--import=data:text/javascript,${encodeURIComponent(LOOP_PROBE)}`,
    join(tree, 'gateway', 'bin', 'swarmgate.js'),
    'serve',
    ...['--map', map, '--robots', String(ROBOTS), '--port', '0', '--mqtt-port', '0'],
    ...['--maps-dir', join(dataDir, 'maps'), '--recordings-dir', join(dataDir, 'recordings'), '--experiments-dir', join(dataDir, 'experiments')],
  ];
  // Run from a scratch folder: nothing the gateway writes lands in a tree.
  const child = spawn(process.execPath, args, { cwd: dataDir, stdio: ['ignore', 'pipe', 'pipe'] });
  const samples: ProbeSample[] = [];
  let stderrTail = '';
  let pending = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith(PROBE_PREFIX)) samples.push(JSON.parse(line.slice(PROBE_PREFIX.length)) as ProbeSample);
      else stderrTail = (stderrTail + line + '\n').slice(-2000);
    }
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /web UI (http:\/\/\S+\/)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve exited (${code}) before its web UI was up: ${stderrTail.trim()}`)));
  });
  return {
    url,
    samples,
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}

async function trialCounters(url: string): Promise<TrialCounters> {
  return (await (await fetch(`${url}api/trial`)).json()) as TrialCounters;
}

/** An SSE client of GET /api/live counting the bytes of each event; `reset` starts the count over. */
function sseClient(url: string): { bytes: Map<string, number>; exploredMax: () => number; reset(): void; close(): void } {
  const controller = new AbortController();
  const bytes = new Map<string, number>();
  let exploredMax = 0;
  void (async () => {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      const response = await fetch(`${url}api/live`, { signal: controller.signal });
      if (!response.body) throw new Error(`GET /api/live: ${response.status} without a body`);
      for await (const chunk of response.body) {
        const events = (pending + decoder.decode(chunk as Uint8Array, { stream: true })).split('\n\n');
        pending = events.pop() ?? '';
        for (const event of events) {
          const name = /^event: (\S+)/m.exec(event)?.[1] ?? 'comment';
          const size = Buffer.byteLength(event) + 2;
          bytes.set(name, (bytes.get(name) ?? 0) + size);
          if (name === 'explored') exploredMax = Math.max(exploredMax, size);
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  return {
    bytes,
    exploredMax: () => exploredMax,
    reset() {
      bytes.clear();
      exploredMax = 0;
    },
    close: () => controller.abort(),
  };
}

/** Renderer memory after a full garbage collection: what the page holds, not what it let go. */
async function pageMemory(cdp: CDPSession, browserCdp: CDPSession): Promise<PageMemory> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
  let rssKiB = 0;
  for (const info of processInfo) {
    if (info.type !== 'renderer') continue;
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${info.id}/status`, 'utf8'));
    rssKiB += Number(match?.[1] ?? 0);
  }
  const mb = (bytes: number): number => bytes / 1024 / 1024;
  return { jsHeapMB: mb(heap.usedSize), arrayBuffersMB: mb(heap.backingStorageSize), rendererRssMB: rssKiB / 1024 };
}

/** One view sampled for SAMPLE_MS: the page's frames, both streams' bytes and the gateway's loop over the same window. */
async function sampleView(page: Page, served: Served, socketBytes: { n: number }, sse: ReturnType<typeof sseClient> | null): Promise<ViewResult> {
  const before = await trialCounters(served.url);
  const fromMs = Date.now();
  socketBytes.n = 0;
  sse?.reset();
  const frames = await sampleFrames(page, SAMPLE_MS);
  const seconds = (Date.now() - fromMs) / 1000;
  const socketBytesPerS = socketBytes.n / seconds;
  const sseBytes = sse ? [...sse.bytes.values()].reduce((a, b) => a + b, 0) : 0;
  const sseExplored = sse?.bytes.get('explored') ?? 0;
  const after = await trialCounters(served.url);
  const window = served.samples.filter((s) => s.atMs > fromMs && s.atMs <= Date.now());
  const mean = (f: (s: ProbeSample) => number): number => window.reduce((sum, s) => sum + f(s), 0) / Math.max(1, window.length);
  return {
    frames,
    socketBytesPerS,
    sseBytesPerS: sseBytes / seconds,
    sseExploredBytesPerS: sseExplored / seconds,
    sseExploredMaxBytes: sse?.exploredMax() ?? 0,
    loopUtilization: mean((s) => s.utilization),
    cpuMsPerS: mean((s) => s.cpuMs),
    maxDelayMs: Math.max(0, ...window.map((s) => s.maxDelayMs)),
    overruns: after.overruns - before.overruns,
    ticksPerS: (after.tick - before.tick) / seconds,
  };
}

async function measure(browser: Browser, browserCdp: CDPSession, tree: string, map: string): Promise<RunResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'swarmgate-bench-live-map-'));
  const served = await startServe(tree, map, dataDir);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const socketBytes = { n: 0 };
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => void (socketBytes.n += payload.length)));
    await page.addInitScript(COUNT_MAP_DRAWS);
    await page.goto(served.url);
    await waitForRobots(page, ROBOTS, 120_000);
    await page.waitForTimeout(SETTLE_MS);
    const cdp = await context.newCDPSession(page);
    const pageView = await sampleView(page, served, socketBytes, null);
    const memory = await pageMemory(cdp, browserCdp);

    const sse = sseClient(served.url);
    await page.waitForTimeout(SETTLE_MS);
    const withSse = await sampleView(page, served, socketBytes, sse);
    sse.close();

    for (const layer of ['exploration', 'coverage']) await page.locator(`input[data-layer="${layer}"]`).check();
    await page.waitForTimeout(SETTLE_MS);
    const heat = await sampleView(page, served, socketBytes, null);

    for (const layer of ['exploration', 'coverage']) await page.locator(`input[data-layer="${layer}"]`).uncheck();
    // A robot selected in the fleet table: its own SLAM map is fetched and drawn each second.
    await page.locator('#fleet tbody tr').first().click();
    await page.waitForTimeout(SETTLE_MS);
    const slam = await sampleView(page, served, socketBytes, null);
    const slamMemory = await pageMemory(cdp, browserCdp);
    if (errors.length > 0) throw new Error(`page errors on ${map}: ${errors.join('; ')}`);
    return { memory, page: pageView, withSse, heat, slam, slamMemory };
  } finally {
    await context.close();
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The table's rows: a label and how to read the figure off a run. */
const ROWS: ReadonlyArray<readonly [string, (r: RunResult) => number, number]> = [
  ['page: JS heap after GC, MB', (r) => r.memory.jsHeapMB, 1],
  ['page: ArrayBuffers (typed arrays, ImageData), MB', (r) => r.memory.arrayBuffersMB, 1],
  ['page: renderer process RSS, MB', (r) => r.memory.rendererRssMB, 0],
  ['page only: frames/s', (r) => r.page.frames.fps, 1],
  ['page only: p95 frame interval, ms', (r) => r.page.frames.p95Ms, 1],
  ['page only: WebSocket, KB/s', (r) => r.page.socketBytesPerS / 1024, 1],
  ['page only: gateway event loop busy, %', (r) => r.page.loopUtilization * 100, 1],
  ['page only: gateway longest loop delay, ms', (r) => r.page.maxDelayMs, 0],
  ['page + SSE client: SSE, KB/s', (r) => r.withSse.sseBytesPerS / 1024, 1],
  ['page + SSE client: SSE explored events, KB/s', (r) => r.withSse.sseExploredBytesPerS / 1024, 1],
  ['page + SSE client: largest SSE explored event, KB', (r) => r.withSse.sseExploredMaxBytes / 1024, 1],
  ['page + SSE client: gateway event loop busy, %', (r) => r.withSse.loopUtilization * 100, 1],
  ['page + SSE client: gateway CPU, ms/s', (r) => r.withSse.cpuMsPerS, 0],
  ['page + SSE client: gateway longest loop delay, ms', (r) => r.withSse.maxDelayMs, 0],
  ['heat layers on: frames/s', (r) => r.heat.frames.fps, 1],
  ['heat layers on: longest frame interval, ms', (r) => r.heat.frames.maxMs, 0],
  ['a robot selected (its SLAM map each second): frames/s', (r) => r.slam.frames.fps, 1],
  ['a robot selected: p95 frame interval, ms', (r) => r.slam.frames.p95Ms, 1],
  ['a robot selected: page ArrayBuffers after GC, MB', (r) => r.slamMemory.arrayBuffersMB, 1],
  ['a robot selected: renderer process RSS, MB', (r) => r.slamMemory.rendererRssMB, 0],
  ['tick overruns in the four views', (r) => r.page.overruns + r.withSse.overruns + r.heat.overruns + r.slam.overruns, 0],
  ['ticks/s over the four views (10 is real time)', (r) => (r.page.ticksPerS + r.withSse.ticksPerS + r.heat.ticksPerS + r.slam.ticksPerS) / 4, 1],
];

function table(map: string, head: RunResult, base: RunResult | null): string {
  const header = base ? `| ${map} | base | this tree | this / base |\n|---|---:|---:|---:|` : `| ${map} | this tree |\n|---|---:|`;
  const rows = ROWS.map(([label, f, digits]) => {
    const h = f(head);
    if (!base) return `| ${label} | ${h.toFixed(digits)} |`;
    const b = f(base);
    return `| ${label} | ${b.toFixed(digits)} | ${h.toFixed(digits)} | ${b === 0 ? '–' : (h / b).toFixed(2)} |`;
  });
  return [header, ...rows].join('\n');
}

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${(r.stderr || r.error?.message || '').trim()}`);
  return r.stdout.trim();
}

export async function benchLiveMap(options: BenchOptions): Promise<BenchReport> {
  const head = fileURLToPath(new URL('../..', import.meta.url));
  let baseTree: string | null = null;
  if (options.base !== undefined) {
    const rev = git(head, 'rev-parse', '--verify', '--quiet', `${options.base}^{commit}`);
    baseTree = mkdtempSync(join(tmpdir(), 'swarmgate-live-map-base-'));
    rmSync(baseTree, { recursive: true });
    git(head, 'worktree', 'add', '--detach', baseTree, rev);
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    if (baseTree !== null) borrowNodeModules(join(head, 'node_modules'), join(baseTree, 'node_modules'));
    // The browser's own session: which processes are renderers (SystemInfo is not a page's domain).
    const browserCdp = await browser.newBrowserCDPSession();
    const tables: string[] = [];
    for (const map of MAPS) {
      const base = baseTree === null ? null : await measure(browser, browserCdp, baseTree, map);
      tables.push(table(map, await measure(browser, browserCdp, head, map), base), '');
    }
    const dirty = git(head, 'status', '--porcelain', '--untracked-files=no') === '' ? '' : ' plus uncommitted changes';
    const trees =
      options.base === undefined
        ? `this tree (${git(head, 'rev-parse', '--short', 'HEAD')}${dirty})`
        : `base = ${options.base} (${git(head, 'rev-parse', '--short', options.base)}), measured just before this tree (${git(head, 'rev-parse', '--short', 'HEAD')}${dirty}) on each map`;
    return {
      name: 'live-map',
      title: `Live view on a large map: serve, its page in headless Chromium and an SSE client`,
      markdown: [
        `\`swarmgate serve --map <map> --robots ${ROBOTS} --port 0\` (frontier, real time) as its own process; its page in /usr/bin/chromium ` +
          `(headless, --disable-gpu: software canvas) at 1366 x 768 on the same machine; each view sampled for ${SAMPLE_MS / 1000} s after ${SETTLE_MS / 1000} s ` +
          `to settle: the page alone at fit zoom (default layers: ground truth, fog, links, robots), then with an SSE client of GET /api/live beside it, ` +
          `then the page alone with the exploration and coverage heat layers on, then with them off and the first robot of the fleet table selected ` +
          `(its SLAM map, twice the grid's resolution, fetched and drawn each second). Memory after the first and the last view, after a forced GC. ` +
          `Gateway figures from a probe in the serve process (event-loop utilization, CPU of all its threads, longest timer delay in any second). ${trees}.`,
        '',
        ...tables,
      ].join('\n'),
    };
  } finally {
    await browser.close();
    if (baseTree !== null) git(head, 'worktree', 'remove', '--force', baseTree);
  }
}
