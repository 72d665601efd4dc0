/**
 * Reliability soak: a real `swarmgate serve` child process on a real Mosquitto that is
 * restarted every few minutes, with 50 mona-sim robots over MQTT (5 processes of 10, each
 * process with its own fault profile: drops, corrupt bytes, scheduled reboots) and 5 over
 * socat pty pairs (faults on most of them too), for a given duration (default 30 min).
 *
 * Every few seconds it samples the gateway as an operator would: GET /api/robots (who is
 * online), GET /api/trial (tick, overruns) and the process's resident memory (VmRSS in
 * /proc/PID/status). The goals:
 * - zero exits of the gateway process while the soak runs;
 * - no robot offline for longer than its reconnect backoff cap (mona-sim's MONA_BACKOFF)
 *   plus one sampling period (the resolution of the measure);
 * - resident memory at the end within 10 % of its value after warm-up (the first 20 % of the run;
 *   medians of 5 % windows, since RSS moves with every garbage collection).
 * It prints a table (the BENCHMARKS.md section) and writes the whole result, per robot, as JSON
 * to out/soak.json.
 *   npm run bench -- soak [--minutes 30]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MONA_BACKOFF } from '@swarmgate/firmware-sim';
import { startMosquitto, startPtyPair, terminate, type PtyPair } from '@swarmgate/firmware-sim/testing';
import type { BenchOptions, BenchReport } from './BenchReport.js';
import { median } from './median.js';

const SWARMGATE_BIN = fileURLToPath(new URL('../../gateway/bin/swarmgate.js', import.meta.url));
const MONA_SIM_BIN = fileURLToPath(new URL('../../firmware-sim/bin/mona-sim.js', import.meta.url));
const RESULT_FILE = fileURLToPath(new URL('../../out/soak.json', import.meta.url));

const DEFAULT_MINUTES = 30;
const FLEET = 'soak';
const MQTT_PROCESSES = 5;
const ROBOTS_PER_PROCESS = 10;
const SERIAL_ROBOTS = 5;
const SAMPLE_MS = 2000;
/** The gateway's --keepalive: a robot silent for 1.5 x this goes offline. */
const GATEWAY_KEEPALIVE_S = 2;
const WARM_UP_FRACTION = 0.2;
const MEMORY_GROWTH_LIMIT = 0.1;
/** Width of the windows whose median RSS is compared, as a fraction of the run. */
const RSS_WINDOW_FRACTION = 0.05;
/** How long the robots may take to join before the clock starts. */
const JOIN_TIMEOUT_MS = 60_000;

/** Fault flags of MQTT robot process k (k = 0 is the control group). */
function mqttFaults(k: number, rebootEveryS: number): string[] {
  return [
    [],
    ['--drop', '0.05'],
    ['--corrupt', '0.02'],
    ['--reboot-after', String(rebootEveryS)],
    ['--drop', '0.02', '--corrupt', '0.01', '--reboot-after', String(Math.round(rebootEveryS * 1.5))],
  ][k]!;
}

/** Fault flags of serial robot k. */
function serialFaults(k: number, rebootEveryS: number): string[] {
  return [[], ['--corrupt', '0.02'], ['--drop', '0.05'], ['--reboot-after', String(rebootEveryS)], ['--drop', '0.02', '--corrupt', '0.01']][k]!;
}

interface RobotLiveness {
  offlineSinceMs: number | null;
  longestOfflineMs: number;
  offlineStretches: number;
  seen: boolean;
}

interface Sample {
  readonly atS: number;
  readonly rssKiB: number;
  readonly tick: number;
  readonly overruns: number;
  readonly online: number;
}

/** A child process with the tail of its output kept (not all of it: a soak logs for hours). */
interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  readonly exits: string[];
  output(): string;
}

function startChild(name: string, bin: string, args: readonly string[], isStopping: () => boolean): Child {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString()).slice(-16_384);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exits: string[] = [];
  child.on('exit', (code, signal) => {
    if (!isStopping()) exits.push(`${name} exited (code ${code}, signal ${signal}) at ${new Date().toISOString()}`);
  });
  return { name, process: child, exits, output: () => tail };
}

function rssKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(SAMPLE_MS) });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

interface ApiRobot {
  readonly id: string;
  readonly kind: 'virtual' | 'physical';
  readonly online: boolean;
}

interface ApiTrial {
  readonly tick: number;
  readonly overruns: number;
  readonly maxLatenessMs: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchSoak(options: BenchOptions = {}): Promise<BenchReport> {
  const minutes = options.minutes ?? DEFAULT_MINUTES;
  const durationMs = minutes * 60_000;
  // At least three broker restarts and a few reboots per robot in any run; every 5 / 2 min in a long one.
  const restartEveryMs = Math.min(300_000, Math.max(20_000, durationMs / 4));
  const rebootEveryS = Math.round(Math.min(120, Math.max(15, durationMs / 1000 / 8)));
  const backoffCapMs = MONA_BACKOFF.maxMs;
  const lostLimitMs = backoffCapMs + SAMPLE_MS;

  let stopping = false;
  const isStopping = (): boolean => stopping;
  const broker = await startMosquitto();
  const ptys: PtyPair[] = [];
  const robots: Child[] = [];
  let gateway: Child | null = null;
  try {
    for (let k = 0; k < SERIAL_ROBOTS; k++) ptys.push(await startPtyPair());
    const physicalCount = MQTT_PROCESSES * ROBOTS_PER_PROCESS + SERIAL_ROBOTS;
    gateway = startChild(
      'swarmgate serve',
      SWARMGATE_BIN,
      [
        'serve',
        '--map',
        'building:60x60:seed=7',
        '--robots',
        '2',
        // The soak measures the links, not exploration: the cheapest controller.
        '--algorithm',
        'random',
        '--spawn',
        'apart',
        '--mqtt',
        broker.url,
        '--fleet-name',
        FLEET,
        '--keepalive',
        String(GATEWAY_KEEPALIVE_S),
        '--max-physical',
        String(physicalCount),
        '--port',
        '0',
        ...ptys.flatMap((pty) => ['--serial', pty.b]),
      ],
      isStopping,
    );
    const gatewayPid = gateway.process.pid!;
    const httpUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`soak: swarmgate serve did not start:\n${gateway!.output()}`)), 60_000);
      gateway!.process.stdout!.on('data', () => {
        const match = /web UI (http:\/\/127\.0\.0\.1:\d+)\//.exec(gateway!.output());
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      gateway!.process.once('exit', () => reject(new Error(`soak: swarmgate serve exited at start:\n${gateway!.output()}`)));
    });

    for (let k = 0; k < MQTT_PROCESSES; k++) {
      const first = `mona-${String(1 + k * ROBOTS_PER_PROCESS).padStart(3, '0')}`;
      const args = [
        '--mqtt',
        broker.url,
        '--fleet',
        FLEET,
        '--id',
        first,
        '--count',
        String(ROBOTS_PER_PROCESS),
        '--keepalive',
        '2',
        '--seed',
        String(1000 * (k + 1)),
      ];
      robots.push(startChild(`mona-sim ${first} x${ROBOTS_PER_PROCESS}`, MONA_SIM_BIN, [...args, ...mqttFaults(k, rebootEveryS)], isStopping));
    }
    for (let k = 0; k < SERIAL_ROBOTS; k++) {
      const id = `mona-${101 + k}`;
      robots.push(
        startChild(
          `mona-sim ${id} (serial)`,
          MONA_SIM_BIN,
          ['--serial', ptys[k]!.a, '--id', id, '--seed', String(7000 + k), ...serialFaults(k, rebootEveryS)],
          isStopping,
        ),
      );
    }

    // Join phase: the soak's clock starts once every robot is online in /api/robots, or after
    // JOIN_TIMEOUT_MS (a robot still missing then counts as offline from the start).
    const expectedIds = [
      ...Array.from({ length: MQTT_PROCESSES * ROBOTS_PER_PROCESS }, (_, i) => `mona-${String(1 + i).padStart(3, '0')}`),
      ...Array.from({ length: SERIAL_ROBOTS }, (_, k) => `mona-${101 + k}`),
    ];
    const joinStartMs = Date.now();
    let joined = 0;
    while (Date.now() - joinStartMs < JOIN_TIMEOUT_MS) {
      const list = await getJson<ApiRobot[]>(`${httpUrl}/api/robots`).catch((): ApiRobot[] => []);
      joined = list.filter((r) => r.kind === 'physical' && r.online).length;
      if (joined === physicalCount) break;
      await sleep(500);
    }
    const joinMs = Date.now() - joinStartMs;
    process.stderr.write(
      `soak: ${joined} of ${physicalCount} robots joined in ${(joinMs / 1000).toFixed(1)} s; running ${minutes} min (Ctrl-C ends it early, with a report)\n`,
    );
    let endEarly = false;
    const onSignal = (): void => {
      endEarly = true;
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);

    const liveness = new Map<string, RobotLiveness>(
      expectedIds.map((id) => [id, { offlineSinceMs: null, longestOfflineMs: 0, offlineStretches: 0, seen: false }]),
    );
    const samples: Sample[] = [];
    let sampleFailures = 0;
    let brokerRestarts = 0;
    const startMs = Date.now();
    const endMs = startMs + durationMs;
    let nextRestartMs = startMs + restartEveryMs;
    let nextSampleMs = startMs;
    let lastReportMs = startMs;
    while (Date.now() < endMs && !endEarly) {
      await sleep(Math.max(0, nextSampleMs - Date.now()));
      nextSampleMs += SAMPLE_MS;
      const nowMs = Date.now();
      try {
        const [list, trial] = await Promise.all([getJson<ApiRobot[]>(`${httpUrl}/api/robots`), getJson<ApiTrial>(`${httpUrl}/api/trial`)]);
        let online = 0;
        const onlineIds = new Set(list.filter((r) => r.kind === 'physical' && r.online).map((r) => r.id));
        // A robot missing from /api/robots is as lost as one listed offline.
        for (const [id, state] of liveness) {
          if (onlineIds.has(id)) {
            state.seen = true;
            online++;
            if (state.offlineSinceMs !== null) state.longestOfflineMs = Math.max(state.longestOfflineMs, nowMs - state.offlineSinceMs);
            state.offlineSinceMs = null;
          } else if (state.offlineSinceMs === null) {
            state.offlineSinceMs = nowMs;
            state.offlineStretches++;
          }
        }
        samples.push({ atS: (nowMs - startMs) / 1000, rssKiB: rssKiB(gatewayPid), tick: trial.tick, overruns: trial.overruns, online });
      } catch (error) {
        // The gateway not answering is what a soak is for: counted, and the exit (if any) recorded.
        sampleFailures++;
        process.stderr.write(`soak: sample failed: ${(error as Error).message}\n`);
      }
      if (Date.now() >= nextRestartMs && Date.now() < endMs - SAMPLE_MS) {
        await broker.restart();
        brokerRestarts++;
        nextRestartMs += restartEveryMs;
      }
      if (Date.now() - lastReportMs >= 60_000) {
        lastReportMs = Date.now();
        const last = samples.at(-1);
        process.stderr.write(
          `soak: ${((Date.now() - startMs) / 60_000).toFixed(1)} min, ${last?.online ?? '?'} online, tick ${last?.tick ?? '?'}, RSS ${last ? (last.rssKiB / 1024).toFixed(0) : '?'} MiB, ${brokerRestarts} broker restarts\n`,
        );
      }
    }
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    const finalMs = Date.now();
    const ranMinutes = (finalMs - startMs) / 60_000;
    for (const state of liveness.values()) {
      if (state.offlineSinceMs !== null) state.longestOfflineMs = Math.max(state.longestOfflineMs, finalMs - state.offlineSinceMs);
    }
    const trialEnd = await getJson<ApiTrial>(`${httpUrl}/api/trial`).catch(() => null);

    // Stop: robots first (each prints the faults it injected), then the gateway (SIGTERM).
    stopping = true;
    await Promise.all(robots.map((robot) => terminate(robot.process, 10_000)));
    const faults = { dropped: 0, corrupted: 0, reboots: 0 };
    for (const robot of robots) {
      const match = /faults injected: (\d+) dropped, (\d+) corrupted, (\d+) reboots/.exec(robot.output());
      if (!match) continue;
      faults.dropped += Number(match[1]);
      faults.corrupted += Number(match[2]);
      faults.reboots += Number(match[3]);
    }
    await terminate(gateway.process, 10_000);

    // RSS moves with each garbage collection: compare medians of a window, not single samples.
    const ranS = (finalMs - startMs) / 1000;
    const rssAt = (fromS: number, toS: number): number | null => {
      const window = samples.filter((s) => s.atS >= fromS && s.atS <= toS).map((s) => s.rssKiB);
      return window.length === 0 ? null : median(window);
    };
    const warmRss = rssAt(WARM_UP_FRACTION * ranS, (WARM_UP_FRACTION + RSS_WINDOW_FRACTION) * ranS);
    const endRss = rssAt((1 - RSS_WINDOW_FRACTION) * ranS, ranS);
    const growth = warmRss !== null && endRss !== null ? (endRss - warmRss) / warmRss : Number.NaN;
    const endSample = samples.at(-1);
    const robotsMissing = [...liveness.values()].filter((state) => !state.seen).length;
    const worst = [...liveness.entries()].sort((a, b) => b[1].longestOfflineMs - a[1].longestOfflineMs);
    const longestMs = worst[0]?.[1].longestOfflineMs ?? 0;
    const gatewayExits = gateway.exits;
    const robotExits = robots.flatMap((robot) => robot.exits);
    const goals = {
      gatewayExits: { measured: gatewayExits.length, limit: 0, pass: gatewayExits.length === 0 },
      longestOfflineMs: { measured: longestMs, limit: lostLimitMs, pass: longestMs <= lostLimitMs && robotsMissing === 0 },
      memoryGrowth: { measured: growth, limit: MEMORY_GROWTH_LIMIT, pass: growth < MEMORY_GROWTH_LIMIT },
    };
    const ticks = endSample && samples[0] ? endSample.tick - samples[0].tick : 0;
    const result = {
      minutes,
      ranMinutes,
      startedAt: new Date(startMs).toISOString(),
      joinMs,
      robots: { mqtt: MQTT_PROCESSES * ROBOTS_PER_PROCESS, serial: SERIAL_ROBOTS, missing: robotsMissing },
      schedule: { sampleMs: SAMPLE_MS, brokerRestartEveryMs: restartEveryMs, rebootEveryS, backoffCapMs, gatewayKeepaliveS: GATEWAY_KEEPALIVE_S },
      goals,
      pass: Object.values(goals).every((g) => g.pass),
      faults: { ...faults, brokerRestarts },
      trial: { ticks, overruns: trialEnd?.overruns ?? endSample?.overruns ?? null, maxLatenessMs: trialEnd?.maxLatenessMs ?? null },
      memory: { warmUpRssKiB: warmRss, endRssKiB: endRss, maxRssKiB: Math.max(...samples.map((s) => s.rssKiB)) },
      sampleFailures,
      gatewayExits,
      robotProcessExits: robotExits,
      perRobot: Object.fromEntries(worst.map(([id, s]) => [id, { longestOfflineMs: s.longestOfflineMs, offlineStretches: s.offlineStretches }])),
      samples,
    };
    mkdirSync(fileURLToPath(new URL('../../out/', import.meta.url)), { recursive: true });
    writeFileSync(RESULT_FILE, JSON.stringify(result, null, 2) + '\n');

    const verdict = (pass: boolean): string => (pass ? 'pass' : '**FAIL**');
    const mib = (kib: number | null | undefined): string => (kib == null ? '?' : (kib / 1024).toFixed(1));
    const worstList = worst
      .slice(0, 5)
      .map(([id, s]) => `${id} ${(s.longestOfflineMs / 1000).toFixed(1)} s (${s.offlineStretches}x)`)
      .join(', ');
    const markdown = `${ranMinutes.toFixed(1)} min${ranMinutes < minutes - 0.05 ? ` (ended early of ${minutes})` : ''} after ${joined} of ${physicalCount} robots joined (in ${(joinMs / 1000).toFixed(1)} s): a \`swarmgate serve\` child process
(2 virtual robots, random walk, building:60x60) on a Mosquitto (Debian package, loopback) restarted every
${(restartEveryMs / 1000).toFixed(0)} s; ${MQTT_PROCESSES * ROBOTS_PER_PROCESS} mona-sim robots over MQTT in ${MQTT_PROCESSES} processes of ${ROBOTS_PER_PROCESS} (faults per process: none;
drop 5 %; corrupt 2 %; reboot every ${rebootEveryS} s; drop 2 % + corrupt 1 % + reboot every ${Math.round(rebootEveryS * 1.5)} s) and ${SERIAL_ROBOTS} over socat pty
pairs (none; corrupt 2 %; drop 5 %; reboot every ${rebootEveryS} s; drop 2 % + corrupt 1 %). Sampled every ${SAMPLE_MS / 1000} s: GET /api/robots,
GET /api/trial, VmRSS of the gateway process. A robot is lost while /api/robots says it is offline; the limit is
mona-sim's reconnect backoff cap (${backoffCapMs / 1000} s) plus one sampling period. Result JSON: out/soak.json.

| goal | measured | limit | result |
|---|---|---|---|
| gateway process exits during the soak | ${gatewayExits.length} | 0 | ${verdict(goals.gatewayExits.pass)} |
| longest time a robot was offline | ${(longestMs / 1000).toFixed(1)} s${robotsMissing > 0 ? `, ${robotsMissing} robots never seen` : ''} | ${(lostLimitMs / 1000).toFixed(1)} s | ${verdict(goals.longestOfflineMs.pass)} |
| gateway RSS growth after warm-up (median ${mib(warmRss)} MiB at ${(WARM_UP_FRACTION * 100).toFixed(0)}-${((WARM_UP_FRACTION + RSS_WINDOW_FRACTION) * 100).toFixed(0)} % of the run -> ${mib(endRss)} MiB in the last ${(RSS_WINDOW_FRACTION * 100).toFixed(0)} %) | ${(growth * 100).toFixed(1)} % | < ${MEMORY_GROWTH_LIMIT * 100} % | ${verdict(goals.memoryGrowth.pass)} |

- faults injected: ${faults.dropped} messages dropped, ${faults.corrupted} corrupted, ${faults.reboots} robot reboots, ${brokerRestarts} broker restarts
- trial: ${ticks} ticks advanced (${(ticks / ((finalMs - startMs) / 100)).toFixed(2)} of the 10 Hz schedule), ${result.trial.overruns ?? '?'} overruns, max tick lateness ${result.trial.maxLatenessMs?.toFixed(0) ?? '?'} ms; max RSS ${mib(result.memory.maxRssKiB)} MiB
- longest offline stretches: ${worstList}
- samples: ${samples.length}, failed: ${sampleFailures}; robot process exits: ${robotExits.length}${gatewayExits.length ? `; gateway: ${gatewayExits.join('; ')}` : ''}`;
    return { name: 'soak', title: 'Reliability soak: 55 mona-sim robots with faults, broker restarts (bench/src/soak.ts)', markdown };
  } finally {
    stopping = true;
    await Promise.all(robots.map((robot) => terminate(robot.process)));
    if (gateway) await terminate(gateway.process);
    await Promise.all(ptys.map((pty) => pty.close()));
    await broker.stop();
  }
}
