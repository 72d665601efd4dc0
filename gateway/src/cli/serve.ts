/**
 * `swarmgate serve`: a live trial that physical robots and remote controllers join.
 * The N virtual robots start at once; a physical robot that sends a Birth joins as a twin and
 * runs the same algorithm host-side. Runs until SIGINT/SIGTERM, then shuts down in order.
 */
import { idProblem } from '@swarmgate/protocols';
import { loadFleetFile, type Credentials, type Fleet } from '../hil/FleetFile.js';
import type { ArenaRect } from '../hil/CommandSafety.js';
import { stderrLogger } from '../hil/Logger.js';
import { SwarmgateError } from '../errors.js';
import { LiveService } from '../trial/LiveService.js';
import type { TwinPoseSource } from '../trial/PhysicalTwins.js';
import { numberFlag, parseCommandArgs } from './args.js';
import { CliUsageError, type Command } from './Command.js';
import { fleetTrialWarnings, remoteRobotIds } from './fleetTrialWarnings.js';
import { formatServeStatus } from './serveStatus.js';
import { NETWORK_AND_SPAWN_HELP, TRIAL_FLAG_OPTIONS, loadGrid, parseTrialFlags, trialConfigOf } from './trialFlags.js';

const HELP = `Usage: swarmgate serve --map <file|spec> [options]

Runs a live trial paced to wall-clock time: N virtual robots, plus every physical robot
that sends a Birth (it joins as a twin and runs the same algorithm host-side). Remote
controllers read States and send Commands over MQTT. Stop with Ctrl-C.

  --map <file|spec>       map file, bundled map or generator spec, e.g. building:60x60:seed=7 (required)
  --robots N              virtual robots (default 1)
  --algorithm <name>      registered algorithm, optionally name:param=value,... (default frontier)
  --comm <spec>           radio model: global | range:R | los | los:R | material | pathloss (default global)
${NETWORK_AND_SPAWN_HELP}
  --seed S                trial seed, an integer (default 0)
  --remote ID             a virtual robot (r0, r1, ...) or physical robot id driven by a remote
                          controller instead of the host-side algorithm; repeatable (with
                          --fleet, every robot assigned to a controller is remote already)
MQTT:
  --mqtt URL              use this broker (e.g. Mosquitto) instead of the embedded one
  --mqtt-port P           port of the embedded broker (default 1883; 0: any free port)
  --fleet FILE            fleet file: only its robots and controllers, with their credentials,
                          may connect, each controller commanding only its assigned robots
                          (physical, or virtual ones listed under virtualRobots); without it:
                          bench mode, any robot may join and any client command any robot
  --fleet-name NAME       topic fleet level without --fleet (default lab)
  --keepalive S           a physical robot silent for 1.5 x S seconds goes offline (default 1)
Physical robots:
  --pose-source <src>     odometry | tracker: where a twin's pose comes from (default odometry)
  --arena-scale K         map metres per arena metre (default 25: a 2 m table, a 50 m building)
  --arena-rotation DEG    arena-to-map rotation, degrees (default 0)
  --arena-offset X,Y      map position of the arena origin, m (default 0,0)
  --arena WxH             the physical arena's fence, metres, from the arena origin (tracker
                          frame) to (W, H): motion through it is refused. Without it there is
                          no fence check (a warning at start): only the map's walls bound robots
  --serial PATH           a serial port with a robot on it; repeatable
  --max-physical N        physical robots the trial has room for (spawn poses reserved at
                          start; default 16): a robot beyond them is logged and left out
HTTP:
  --port P                serve the web UI at / and GET /api/robots, GET /api/trial, POST /api/estop,
                          POST /api/estop/release on this port (a stop holds until released there
                          or with the UI's Release button; released robots wait for their controller)`;

const OPTIONS = {
  ...TRIAL_FLAG_OPTIONS,
  remote: { type: 'string', multiple: true },
  mqtt: { type: 'string' },
  'mqtt-port': { type: 'string' },
  fleet: { type: 'string' },
  'fleet-name': { type: 'string' },
  keepalive: { type: 'string' },
  'pose-source': { type: 'string' },
  'arena-scale': { type: 'string' },
  'arena-rotation': { type: 'string' },
  'arena-offset': { type: 'string' },
  arena: { type: 'string' },
  serial: { type: 'string', multiple: true },
  'max-physical': { type: 'string' },
  port: { type: 'string' },
} as const;

function parseOffset(raw: string | undefined): { x: number; y: number } {
  if (raw === undefined) return { x: 0, y: 0 };
  const parts = raw.split(',');
  const [x, y] = parts.map(Number);
  if (parts.length !== 2 || parts.some((p) => p.trim() === '') || !Number.isFinite(x) || !Number.isFinite(y)) {
    throw new CliUsageError(`--arena-offset must be X,Y in metres, got '${raw}'`);
  }
  return { x, y };
}

/** `--arena WxH` -> the fence rectangle from the arena origin; null without the flag. */
function parseArena(raw: string | undefined): ArenaRect | null {
  if (raw === undefined) return null;
  const match = /^\s*([0-9.eE+]+)\s*x\s*([0-9.eE+]+)\s*$/.exec(raw);
  const [widthM, heightM] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
  if (!(widthM > 0 && heightM > 0 && Number.isFinite(widthM) && Number.isFinite(heightM))) {
    throw new CliUsageError(`--arena must be WxH in metres, both > 0 (e.g. 2x1.5), got '${raw}'`);
  }
  return { minXM: 0, minYM: 0, maxXM: widthM, maxYM: heightM };
}

/** The gateway's own MQTT login: the fleet file's gateway user (it must hold a plain password). */
function gatewayLogin(fleet: Fleet | null): { username?: string; password?: string } {
  if (!fleet) return {};
  const credentials: Credentials = fleet.gateway;
  if (credentials.secret.kind !== 'plain') {
    throw new CliUsageError(`--fleet: the gateway user '${credentials.username}' needs a plain password (the gateway logs in with it), not a hash`);
  }
  return { username: credentials.username, password: credentials.secret.password };
}

async function run(argv: string[]): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS, HELP, false);
  if (!parsed) return 0;
  const v = parsed.values;
  const flags = parseTrialFlags(v, HELP, { min: 0, max: 10_000 });
  const { mapSpec, robots, algorithm } = flags;
  if (v.mqtt !== undefined && v['mqtt-port'] !== undefined) throw new CliUsageError('--mqtt and --mqtt-port exclude each other: one broker');
  const mqttPort = numberFlag('mqtt-port', v['mqtt-port'], 1883, { min: 0, max: 65535, integer: true });
  const httpPort = v.port === undefined ? null : numberFlag('port', v.port, 0, { min: 0, max: 65535, integer: true });
  const keepaliveS = numberFlag('keepalive', v.keepalive, 1, { min: 0.1, max: 3600 });
  const twinSlots = numberFlag('max-physical', v['max-physical'], 16, { min: 0, max: 10_000, integer: true });
  const scale = numberFlag('arena-scale', v['arena-scale'], 25, { min: 1e-6, max: 1e6 });
  const rotationDeg = numberFlag('arena-rotation', v['arena-rotation'], 0, { min: -360, max: 360 });
  const offset = parseOffset(v['arena-offset']);
  const fence = parseArena(v.arena);
  const poseSource = (v['pose-source'] ?? 'odometry') as TwinPoseSource;
  if (poseSource !== 'odometry' && poseSource !== 'tracker') {
    throw new CliUsageError(`--pose-source must be odometry or tracker, got '${v['pose-source']}'`);
  }
  for (const id of v.remote ?? []) {
    const problem = idProblem(id);
    if (problem) throw new CliUsageError(`--remote '${id}' ${problem}`);
  }
  const grid = loadGrid(flags);
  let fleet: Fleet | null = null;
  if (v.fleet !== undefined) {
    try {
      fleet = await loadFleetFile(v.fleet);
    } catch (error) {
      if (error instanceof SwarmgateError) throw new CliUsageError(`--fleet: ${error.message}`);
      throw error;
    }
  }
  const fleetName = fleet?.name ?? v['fleet-name'] ?? 'lab';
  const nameProblem = idProblem(fleetName);
  if (nameProblem) throw new CliUsageError(`--fleet-name '${fleetName}' ${nameProblem}`);
  const login = gatewayLogin(fleet);
  const remote = remoteRobotIds(fleet, v.remote ?? []);
  const logger = stderrLogger;
  if (!fleet) logger.warn('serve: bench mode: no --fleet file, so any robot may join the trial and any client may command it');
  if (!fence) logger.warn('serve: no --arena fence: physical robots are bounded only by the map\'s walls and edges, not by the arena\'s size');
  const trial = {
    ...trialConfigOf(flags, grid),
    targetExplored: 0.99,
    // A live trial runs until stopped.
    maxTicks: Number.POSITIVE_INFINITY,
    remoteControlled: new Set(remote),
  };
  let service: LiveService;
  try {
    service = await LiveService.start({
      trial,
      mqttUrl: v.mqtt,
      mqttPort,
      fleet,
      fleetName,
      ...login,
      keepaliveMs: keepaliveS * 1000,
      serialPorts: v.serial,
      twins: { poseSource, transform: { scale, rotationRad: (rotationDeg * Math.PI) / 180, offsetXM: offset.x, offsetYM: offset.y }, fence },
      httpPort,
      realtime: true,
      twinSlots,
      logger,
    });
  } catch (error) {
    if (error instanceof SwarmgateError) {
      process.stderr.write(`swarmgate serve: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const live = service.live;
  for (const warning of fleetTrialWarnings(fleet, live.world.robotIds(), v.remote ?? [])) logger.warn(warning);
  if (remote.length > 0) logger.info(`serve: driven by remote controllers: ${remote.join(', ')}`);
  const http = service.httpPort === null ? '' : `; web UI http://127.0.0.1:${service.httpPort}/`;
  process.stdout.write(`swarmgate serve: ${robots} virtual robots on ${mapSpec}, algorithm ${algorithm}; mqtt ${service.url} (fleet ${fleetName})${http}\n`);
  const tty = process.stdout.isTTY === true;
  // On a terminal one line redrawn every second; in a log a line every 10 s.
  const statusTimer = setInterval(
    () => process.stdout.write(tty ? `\r${formatServeStatus(live.status())}\x1b[K` : `${formatServeStatus(live.status())}\n`),
    tty ? 1000 : 10_000,
  );
  await new Promise<void>((resolve) => {
    const onSignal = (): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  clearInterval(statusTimer);
  if (tty) process.stdout.write('\n');
  const final = live.status();
  await service.stop();
  process.stdout.write(`swarmgate serve: stopped at tick ${final.tick}, explored ${(final.exploredFraction * 100).toFixed(1)}%, ${final.overruns} tick overruns\n`);
  return 0;
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run a live trial that physical robots and remote controllers join (MQTT, HTTP API)',
  run,
};
