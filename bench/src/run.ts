/**
 * Runs the benchmarks and writes their results to BENCHMARKS.md at the repo root, with the
 * date, machine and command, so every number in that file says where it came from. A re-run
 * replaces the section of the same title (git keeps the history); new titles are appended.
 *   npm run bench                      all benchmarks but the soak (30 min), yan-terrains (96 trials), hil-nats-failover (8 node kills),
 *                                      physics-share (a one-off diagnostic with a written conclusion), controller-threads (every
 *                                      algorithm on three trials, 5 min) and live-map (two serve processes on a 2000 x 2000
 *                                      map, 2-3 min a tree): run those by name
 *   npm run bench -- map-generation    the named ones
 *   npm run bench -- soak --minutes 2  options: --minutes (the soak's duration)
 *   npm run bench -- live-map --base HEAD   --base: a git revision measured beside this tree (live-map)
 *   SWARMGATE_BENCH_WRITE=0 npm run bench   print only (an env var: npm would swallow a --flag)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BenchOptions, BenchReport } from './BenchReport.js';
import { benchMapGeneration } from './mapGeneration.js';
import { benchRadio } from './radio.js';
import { benchEngine } from './engine.js';
import { benchEngineWorkers } from './engineWorkers.js';
import { benchHilMqtt } from './hilMqtt.js';
import { benchHilNats } from './hilNats.js';
import { benchHilNatsFailover } from './hilNatsFailover.js';
import { benchHilSerial } from './hilSerial.js';
import { benchSoak } from './soak.js';
import { benchYanTerrains } from './yanTerrains.js';
import { benchMaesRosTest } from './maesRosTest.js';
import { benchRecord } from './record.js';
import { benchReplayRead } from './replayRead.js';
import { benchExperimentReport } from './experimentReport.js';
import { benchExperiment } from './experiment.js';
import { benchExperimentQueue } from './experimentQueue.js';
import { benchLiveStream } from './liveStream.js';
import { benchUiFrames } from './uiFrames.js';
import { benchPhysicsShare } from './physicsShare.js';
import { benchControllerThreads } from './controllerThreads.js';
import { benchTrialSwap } from './trialSwap.js';
import { benchLiveMap } from './liveMap.js';

/** Every benchmark, listed explicitly (name -> runner). */
const BENCHES: ReadonlyArray<readonly [string, (options: BenchOptions) => BenchReport | Promise<BenchReport>]> = [
  ['map-generation', benchMapGeneration],
  ['radio', benchRadio],
  ['engine', benchEngine],
  ['engine-workers', benchEngineWorkers],
  ['controller-threads', benchControllerThreads],
  ['hil-mqtt', benchHilMqtt],
  ['hil-nats', benchHilNats],
  ['hil-nats-failover', benchHilNatsFailover],
  ['hil-serial', benchHilSerial],
  ['soak', benchSoak],
  ['yan-terrains', benchYanTerrains],
  ['maes-ros', benchMaesRosTest],
  ['record', benchRecord],
  ['replay-read', benchReplayRead],
  ['experiment-report', benchExperimentReport],
  ['experiment', benchExperiment],
  ['experiment-queue', benchExperimentQueue],
  ['live-stream', benchLiveStream],
  ['ui-frames', benchUiFrames],
  ['physics-share', benchPhysicsShare],
  ['trial-swap', benchTrialSwap],
  ['live-map', benchLiveMap],
];
/** Run only when named: too long for "all". */
const NAMED_ONLY: ReadonlySet<string> = new Set(['soak', 'yan-terrains', 'hil-nats-failover', 'physics-share', 'controller-threads', 'live-map']);

/**
 * The machine is shared, and Linux divides CPU time between sessions (autogroups) before the
 * processes in them: another session's busy processes take half the cores from a timed run
 * whatever its nice value. So the bench runs in a session of its own (setsid) and, as root,
 * gives that session the highest priority; each section's header says which priority it ran at.
 */
const OWN_SESSION = 'SWARMGATE_BENCH_SESSION';
if (process.platform === 'linux' && process.env[OWN_SESSION] === undefined) {
  const own = spawnSync('setsid', ['--wait', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, [OWN_SESSION]: '1' },
  });
  // Without setsid (not installed) the bench runs here, in the caller's session.
  if (own.error === undefined) process.exit(own.status ?? 1);
}
const priority = sessionPriority();

/** Raises this session's priority where allowed (Linux, root) and says what it is. */
function sessionPriority(): string {
  try {
    writeFileSync('/proc/self/autogroup', '-20');
    return 'own session at autogroup nice -20 (other sessions yield the cores)';
  } catch {
    return 'normal priority (not root, or not Linux: other sessions share the cores)';
  }
}

const write = process.env['SWARMGATE_BENCH_WRITE'] !== '0';
let parsed;
try {
  parsed = parseArgs({ options: { minutes: { type: 'string' }, base: { type: 'string' } }, allowPositionals: true });
} catch (error) {
  process.stderr.write(`bench: ${(error as Error).message}\n`);
  process.exit(2);
}
const { values: flags, positionals: names } = parsed;
const minutes = flags.minutes === undefined ? undefined : Number(flags.minutes);
if (minutes !== undefined && !(minutes > 0 && Number.isFinite(minutes))) {
  process.stderr.write(`bench: --minutes must be a number > 0, got '${flags.minutes}'\n`);
  process.exit(2);
}
const unknown = names.filter((n) => !BENCHES.some(([name]) => name === n));
if (unknown.length > 0) {
  process.stderr.write(`bench: unknown benchmark '${unknown[0]}' (benchmarks: ${BENCHES.map(([n]) => n).join(', ')})\n`);
  process.exit(2);
}

// The load average says whether other work shared the CPU (numbers from a busy machine are slower).
const machine = () =>
  `${cpus().length} x ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)}, ${priority}`;
const benchmarksFile = fileURLToPath(new URL('../../BENCHMARKS.md', import.meta.url));
for (const [name, run] of BENCHES) {
  if (names.length > 0 ? !names.includes(name) : NAMED_ONLY.has(name)) continue;
  const report = await run({ minutes, base: flags.base });
  const section = [
    `## ${report.title}`,
    '',
    `${new Date().toISOString()} · ${machine()} · \`npm run bench -- ${report.name}${minutes === undefined ? '' : ` --minutes ${minutes}`}${flags.base === undefined ? '' : ` --base ${flags.base}`}\``,
    '',
    report.markdown,
    '',
  ].join('\n');
  process.stdout.write(section + '\n');
  if (write) writeFileSync(benchmarksFile, withSection(readFileSync(benchmarksFile, 'utf8'), report.title, section));
}

/** `doc` with the section headed `## title` replaced by `section`, or `section` appended. */
function withSection(doc: string, title: string, section: string): string {
  const heading = `## ${title}\n`;
  const start = doc.startsWith(heading) ? 0 : doc.indexOf('\n' + heading) + 1;
  if (start === 0 && !doc.startsWith(heading)) return doc.trimEnd() + '\n\n' + section;
  const next = doc.indexOf('\n## ', start + heading.length);
  const end = next === -1 ? doc.length : next + 1;
  return doc.slice(0, start) + section + (next === -1 ? '' : '\n') + doc.slice(end);
}
