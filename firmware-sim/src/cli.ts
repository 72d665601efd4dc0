import { MONA_SPEC, SwarmgateError as BaseSwarmgateError, idProblem, isTlsMqttUrl, parseBrokerUrls } from '@swarmgate/protocols';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SwarmgateError } from './errors.js';
import { FIRMWARE_VERSION } from './firmware/Firmware.js';
import { Arena, DEFAULT_ARENA, loadArenaFile } from './model/Arena.js';
import type { Pose } from './model/MonaModel.js';
import { MonaSim, type MonaLinkOptions } from './MonaSim.js';

export const HELP = `mona-sim: an emulated MONA robot firmware (${FIRMWARE_VERSION}), on MQTT or a serial line.

Usage:
  mona-sim --mqtt URL --id ID [--username U --password P] [--fleet F] [--count N] [options]
  mona-sim --serial PATH --id ID [--baud N] [options]

Link (exactly one):
  --mqtt URL           broker, e.g. mqtt://127.0.0.1:1883, or mqtts://HOST:PORT for MQTT over TLS;
                       the nodes of a cluster separated by commas (mqtt://n1:1883,mqtt://n2:1883):
                       after a drop the robot reconnects to the next one;
                       topics swarmgate/v1/<fleet>/<id>/<kind>
  --ca FILE            PEM CA certificate the mqtts:// broker's certificate must chain to
                       (default: Node's bundled CAs)
  --serial PATH        tty, e.g. /dev/ttyUSB0 or one end of a socat pty pair; COBS+CRC frames
Identity:
  --id ID              robot id (required); with --count N the ids count up from it:
                       --id mona-03 --count 3 runs mona-03, mona-04, mona-05
  --count N            robots in this process, each with its own MQTT connection (MQTT only; default 1)
  --fleet F            MQTT fleet level of the topics (default lab)
  --username U         MQTT username (default: none); --password P its password
  --keepalive S        MQTT keepalive seconds: the broker sends the will (Death) after 1.5 x S
                       of silence (default 5)
  --baud N             serial baud rate (default ${MONA_SPEC.serialBaud})
Behaviour:
  --telemetry-hz N     telemetry rate (default 10)
  --seed N             noise seed (encoders, slip, faults, backoff jitter); robot k uses N+k (default 1)
  --arena FILE         arena JSON {"widthM", "heightM", "walls": [[x1,y1,x2,y2], ...]}
                       for the IR sensors and bumps (default: a bare 2 x 2 m fence)
  --pose X,Y,HEADING   start pose in the arena, m, m, rad (default: the centre, heading 0;
                       with --count, robots are spaced 0.15 m apart along x)
Faults:
  --drop P             drop this fraction of outgoing messages (0..1)
  --delay MS           delay every outgoing message by MS
  --corrupt P          flip one byte in this fraction of outgoing messages/frames (0..1)
  --reboot-after S     reboot after S seconds of uptime (so every S seconds): motors stop,
                       encoders and odometry reset, a new session and Birth; on MQTT the old
                       connection drops without DISCONNECT so the broker publishes its will
  -h, --help           this help

Stops cleanly on SIGINT/SIGTERM (MQTT: publishes Death, then disconnects), printing the
faults it injected ("faults injected: D dropped, C corrupted, R reboots"). Exit codes:
0 stopped, 1 failure, 2 bad usage.`;

class UsageError extends Error {}

function numberFlag(name: string, raw: string | undefined, fallback: number, check: { min?: number; max?: number; integer?: boolean } = {}): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) throw new UsageError(`--${name} must be a number, got '${raw}'`);
  if (check.integer && !Number.isInteger(value)) throw new UsageError(`--${name} must be an integer, got '${raw}'`);
  if (check.min !== undefined && value < check.min) throw new UsageError(`--${name} must be >= ${check.min}, got ${value}`);
  if (check.max !== undefined && value > check.max) throw new UsageError(`--${name} must be <= ${check.max}, got ${value}`);
  return value;
}

export const CLI_OPTIONS = {
  mqtt: { type: 'string' },
  ca: { type: 'string' },
  serial: { type: 'string' },
  id: { type: 'string' },
  count: { type: 'string' },
  fleet: { type: 'string' },
  username: { type: 'string' },
  password: { type: 'string' },
  keepalive: { type: 'string' },
  baud: { type: 'string' },
  'telemetry-hz': { type: 'string' },
  seed: { type: 'string' },
  arena: { type: 'string' },
  pose: { type: 'string' },
  drop: { type: 'string' },
  delay: { type: 'string' },
  corrupt: { type: 'string' },
  'reboot-after': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** ids counting up from the first: mona-03 x3 -> mona-03, mona-04, mona-05 (width kept). */
export function robotIds(first: string, count: number): string[] {
  if (count === 1) return [first];
  const match = /^(.*?)(\d+)$/.exec(first);
  if (!match) throw new UsageError(`--id must end in a number when --count > 1 (e.g. mona-03), got '${first}'`);
  const [, prefix, digits] = match;
  return Array.from({ length: count }, (_, k) => `${prefix}${String(Number(digits) + k).padStart(digits!.length, '0')}`);
}

/** `--mqtt`: one broker URL or a cluster's, as every MQTT client of the tree takes them. */
function brokerUrlsFlag(raw: string): void {
  try {
    parseBrokerUrls(raw);
  } catch (error) {
    if (error instanceof BaseSwarmgateError) throw new UsageError(`--mqtt: ${error.message}`);
    throw error;
  }
}

function parsePose(raw: string): Pose {
  const parts = raw.split(',').map(Number);
  if (parts.length !== 3 || parts.some((v) => !Number.isFinite(v))) {
    throw new UsageError(`--pose must be X,Y,HEADING (three numbers), got '${raw}'`);
  }
  return { xM: parts[0]!, yM: parts[1]!, headingRad: parts[2]! };
}

function readCa(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new UsageError(`--ca: cannot read ${path}: ${(error as Error).message}`);
  }
}

interface Plan {
  readonly sims: MonaSim[];
}

function plan(argv: string[]): Plan | null {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: CLI_OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help) return null;
  if ((v.mqtt === undefined) === (v.serial === undefined)) throw new UsageError('give exactly one of --mqtt URL or --serial PATH');
  if (v.id === undefined) throw new UsageError('--id ID is required');
  const count = numberFlag('count', v.count, 1, { min: 1, max: 10_000, integer: true });
  if (v.serial !== undefined && count > 1) throw new UsageError('--count > 1 needs --mqtt (one serial port carries one robot)');
  const ids = robotIds(v.id, count);
  for (const id of ids) {
    const problem = idProblem(id);
    if (problem) throw new UsageError(`--id '${id}' ${problem}`);
  }
  const fleet = v.fleet ?? 'lab';
  const fleetProblem = idProblem(fleet);
  if (fleetProblem) throw new UsageError(`--fleet '${fleet}' ${fleetProblem}`);
  if ((v.username === undefined) !== (v.password === undefined)) throw new UsageError('--username and --password go together');
  if (v.mqtt !== undefined) brokerUrlsFlag(v.mqtt);
  if (v.ca !== undefined && !isTlsMqttUrl(v.mqtt ?? '')) throw new UsageError(`--ca needs an mqtts:// (or wss://) --mqtt URL, got '${v.mqtt ?? v.serial}'`);
  const keepaliveS = numberFlag('keepalive', v.keepalive, 5, { min: 1, max: 65535, integer: true });
  const baudRate = numberFlag('baud', v.baud, MONA_SPEC.serialBaud, { min: 300, integer: true });
  const telemetryHz = numberFlag('telemetry-hz', v['telemetry-hz'], 10, { min: 0.1, max: 1000 });
  const seed = numberFlag('seed', v.seed, 1, { integer: true, min: 0, max: 0xffffffff });
  const faults = {
    dropP: numberFlag('drop', v.drop, 0, { min: 0, max: 1 }),
    delayMs: numberFlag('delay', v.delay, 0, { min: 0, max: 60_000 }),
    corruptP: numberFlag('corrupt', v.corrupt, 0, { min: 0, max: 1 }),
  };
  const rebootAfterS = v['reboot-after'] === undefined ? undefined : numberFlag('reboot-after', v['reboot-after'], 0, { min: 0.1 });
  const arena = new Arena(v.arena === undefined ? DEFAULT_ARENA : loadArenaFile(v.arena));
  const start = v.pose === undefined ? { xM: arena.widthM / 2, yM: arena.heightM / 2, headingRad: 0 } : parsePose(v.pose);
  const link: MonaLinkOptions =
    v.mqtt !== undefined
      ? { kind: 'mqtt', url: v.mqtt, fleet, username: v.username, password: v.password, keepaliveS, ca: v.ca === undefined ? undefined : readCa(v.ca) }
      : { kind: 'serial', path: v.serial!, baudRate };
  const log = (message: string): void => void process.stderr.write(`mona-sim ${message}\n`);
  const sims = ids.map((robotId, k) => {
    // Spread a --count fleet along x, wrapping inside the fence.
    const spanM = Math.max(0.01, arena.widthM - 0.2);
    const startPose = k === 0 ? start : { ...start, xM: 0.1 + ((((start.xM - 0.1 + 0.15 * k) % spanM) + spanM) % spanM) };
    if (!arena.contains(startPose.xM, startPose.yM))
      throw new UsageError(`--pose ${startPose.xM},${startPose.yM} is outside the ${arena.widthM} x ${arena.heightM} m arena`);
    return new MonaSim({ robotId, link, seed: seed + k, telemetryHz, faults, rebootAfterS, arena, startPose, log });
  });
  return { sims };
}

/** Runs mona-sim until SIGINT/SIGTERM. Returns the exit code (bin/mona-sim.js sets it). */
export async function main(argv: string[]): Promise<number> {
  let setup: Plan | null;
  try {
    setup = plan(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`mona-sim: ${error.message}\n\n${HELP}\n`);
      return 2;
    }
    if (error instanceof SwarmgateError) {
      process.stderr.write(`mona-sim: ${error.message}\n`);
      return error.code === 'SG_ARENA_INVALID' ? 2 : 1;
    }
    throw error;
  }
  if (setup === null) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const { sims } = setup;
  for (const sim of sims) sim.start();
  process.stderr.write(`mona-sim: ${sims.length} robot(s) running; SIGINT or SIGTERM to stop\n`);
  // The robots' timers (telemetry, reconnect and reopen backoff) are unref'd, and a signal
  // listener holds nothing: with no socket or port open (a serial path not there yet, a
  // broker not up yet) node would otherwise end the process at once, exit code 13.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  clearInterval(keepAlive);
  await Promise.all(sims.map((sim) => sim.stop()));
  // One line a soak or a lab log can add up: what the fault flags did to this process's robots.
  const sum = (count: (sim: MonaSim) => number): number => sims.reduce((total, sim) => total + count(sim), 0);
  const dropped = sum((sim) => sim.faults.counters.dropped);
  const corrupted = sum((sim) => sim.faults.counters.corrupted);
  process.stderr.write(`mona-sim: faults injected: ${dropped} dropped, ${corrupted} corrupted, ${sum((sim) => sim.reboots)} reboots\n`);
  process.stderr.write('mona-sim: stopped\n');
  return 0;
}
