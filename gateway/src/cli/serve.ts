/**
 * `swarmgate serve`: a live trial that physical robots and remote controllers join.
 * The N virtual robots start at once; a physical robot that sends a Birth joins as a twin and
 * runs the same algorithm host-side. Runs until SIGINT/SIGTERM, then shuts down in order.
 */
import { idProblem } from '@swarmgate/protocols';
import type { ArenaRect } from '../hil/CommandSafety.js';
import { stderrLogger } from '../hil/Logger.js';
import { DEFAULT_BIND, checkBind } from '../hil/NetworkAccess.js';
import { SwarmgateError, type ErrorCode } from '../errors.js';
import type { ApiFolders, LiveService } from '../trial/LiveService.js';
import type { TwinPoseSource } from '../trial/PhysicalTwins.js';
import { numberFlag, parseCommandArgs } from './args.js';
import { liveTrialProfile } from '../sim/robotProfiles.js';
import { CliUsageError, type CommandRun } from './Command.js';
import { fleetTrialWarnings, fleetVirtualIdProblem, remoteRobotIds } from './fleetTrialWarnings.js';
import { count } from '../experiment/count.js';
import { formatServeStatus } from './serveStatus.js';
import { watchStopRequest } from './stopRequest.js';
import { loadControllerModule } from './controllerModule.js';
import {
  MAX_CELLS_HELP,
  NETWORK_AND_SPAWN_HELP,
  ROBOT_PROFILE_HELP,
  TRIAL_FLAG_OPTIONS,
  WORKERS_HELP,
  loadGrid,
  parseTrialFlags,
  trialConfigOf,
  type TrialFlags,
} from './trialFlags.js';
import type { Grid } from '@swarmgate/maps';
import type { AlgorithmInfo } from '@swarmgate/sdk';
import type { LiveTrialConfig } from '../trial/TrialSlot.js';
import { locateFlagErrors, withLocatedErrors, withTrialFile } from './trialFile.js';
import { MQTT_CA_HELP, brokerUrlsFlag, fleetFlag, gatewayLogin, mqttCaFlag, readPem } from './mqttFlags.js';
import { DEFAULT_MAX_LIVE_CLIENTS, MAX_LIVE_CLIENTS_CEILING } from '../web/liveClientBudget.js';

const HELP = `Usage: swarmgate serve --map <file|spec> [options]
       swarmgate serve trial.yaml [options]   (a trial file, docs/experiments.md; flags override it)

Runs a live trial paced to wall-clock time: N virtual robots, plus every physical robot
that sends a Birth (it joins as a twin and runs the same algorithm host-side). Remote
controllers read States and send Commands over MQTT. Stop with Ctrl-C.

  --map <file|spec>       map file, bundled map or generator spec, e.g. building:60x60:seed=7 (required)
${MAX_CELLS_HELP}
  --robots N              virtual robots (default 1)
  --algorithm <name>      registered algorithm, optionally name:param=value,... (default frontier)
  --controller <file>     your own controller module instead of --algorithm (file:param=value,...;
                          see \`swarmgate run --help\`)
  --comm <spec>           radio model: global | range:R | los | los:R | multiwall | permetre | maes | pathloss (default global)
${NETWORK_AND_SPAWN_HELP}
${ROBOT_PROFILE_HELP}
                          With physical robots expected (--arena, --arena-scale, --serial or a
                          fleet with robots) the default is mona, and mona is scaled by
                          --arena-scale, so virtual robots and twins match on the map
${WORKERS_HELP}
  --seed S                trial seed, an integer (default 0)
  --record <file.mcap>    record the trial as MCAP (docs/recording.md): what \`run --record\` records,
                          on wall-clock time, plus physical robots' Telemetry as received, remote
                          controllers' Commands and emergency stops; finished when serve stops
  --record-every-s S      seconds between recorded scans, maps and metrics (default 1; 0.1: all)
  --remote ID             a virtual robot (r0, r1, ...) or physical robot id driven by a remote
                          controller instead of the host-side algorithm; repeatable (with
                          --fleet, every robot assigned to a controller is remote already)
Network:
  --bind ADDR             IP address the web UI / HTTP API and the embedded broker listen on
                          (default 127.0.0.1: this machine only). Anything beyond loopback,
                          0.0.0.0 and :: included, needs --fleet, or --insecure
  --insecure              allow a bind beyond loopback without --fleet: anyone on that network
                          may connect robots and command them (a warning at start)
  --public-host NAME      a DNS name of this machine the web UI is opened under (the HTTP Host
                          check refuses names it does not know); repeatable
MQTT:
  --mqtt URL              use this broker (e.g. Mosquitto) instead of the embedded one;
                          mqtts://HOST:PORT for MQTT over TLS; the nodes of a cluster separated by
                          commas (mqtt://n1:1883,mqtt://n2:1883), tried in turn after a drop
${MQTT_CA_HELP}
  --mqtt-port P           port of the embedded broker (default 1883; 0: any free port)
  --tls-cert FILE         the embedded broker speaks MQTT over TLS only (mqtts://), with this
                          PEM certificate (chain); needs --tls-key FILE, its private key
  --fleet FILE            fleet file: only its robots and controllers, with their credentials,
                          may connect (serial robots too must be listed), each controller
                          commanding only its assigned robots (physical, or virtual ones listed
                          under virtualRobots); a physical robot named like a virtual one
                          (r0 .. r{N-1}) is refused at start; without it: bench mode, any
                          robot may join and any client command any robot
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
                          or with the UI's Release button; released robots wait for their controller).
                          With --fleet or a bind beyond loopback, POSTs and the live stream need
                          'Authorization: Bearer TOKEN': the fleet file's http.token, else one
                          generated at start; the printed URL carries it (#token=...).
                          The whole API (trial control, robots, maps, recordings, experiments)
                          is documented at /docs (OpenAPI at /docs/json; docs/api.md)
  --max-live-clients N    clients of the live streams at once, the web UI's WebSocket and
                          GET /api/live together (default ${DEFAULT_MAX_LIVE_CLIENTS}, at most ${MAX_LIVE_CLIENTS_CEILING}); each may hold 1 MiB
                          the gateway has not sent yet, so this bounds that memory; one more is
                          refused with 503 until a client leaves (docs/limits.md)
  --maps-dir DIR          where maps uploaded through the API are kept (default swarmgate-data/maps)
  --recordings-dir DIR    recordings the API lists and serves (default swarmgate-data/recordings)
  --experiments-dir DIR   experiment folders whose reports the API shows (default experiments)`;

const OPTIONS = {
  ...TRIAL_FLAG_OPTIONS,
  remote: { type: 'string', multiple: true },
  mqtt: { type: 'string' },
  'mqtt-ca': { type: 'string' },
  'mqtt-port': { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  bind: { type: 'string' },
  insecure: { type: 'boolean' },
  'public-host': { type: 'string', multiple: true },
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
  'max-live-clients': { type: 'string' },
  'maps-dir': { type: 'string' },
  'recordings-dir': { type: 'string' },
  'experiments-dir': { type: 'string' },
  record: { type: 'string' },
  'record-every-s': { type: 'string' },
} as const;

/** What to do about a port that cannot be listened on, by the error's code. */
const LISTEN_HINTS: Partial<Record<ErrorCode, string>> = {
  SG_HTTP_LISTEN: '; pick another with --port',
  SG_BROKER_LISTEN: '; pick another with --mqtt-port',
};

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

/** `--tls-cert` and `--tls-key` go together, and only with the embedded broker. */
function parseBrokerTls(v: { mqtt?: string; 'tls-cert'?: string; 'tls-key'?: string }): { cert: Buffer; key: Buffer } | undefined {
  const cert = v['tls-cert'];
  const key = v['tls-key'];
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined) throw new CliUsageError('--tls-cert and --tls-key go together');
  if (v.mqtt !== undefined) throw new CliUsageError('--tls-cert/--tls-key configure the embedded broker; with --mqtt the external broker has its own');
  return { cert: readPem('tls-cert', cert), key: readPem('tls-key', key) };
}

async function run(argv: string[]): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS, HELP);
  if (!parsed) return 0;
  const { values: v, where } = withTrialFile(parsed.positionals, parsed.values, (flag) => Object.hasOwn(OPTIONS, flag), stderrLogger.warn);
  const flags = locateFlagErrors(where, () => parseTrialFlags(v, HELP, { min: 0, max: 10_000 }));
  const { mapSpec, robots, algorithm } = flags;
  if (v.mqtt !== undefined && v['mqtt-port'] !== undefined) throw new CliUsageError('--mqtt and --mqtt-port exclude each other: one broker');
  if (v.mqtt !== undefined) brokerUrlsFlag(v.mqtt);
  const mqttPort = numberFlag('mqtt-port', v['mqtt-port'], 1883, { min: 0, max: 65535, integer: true });
  const httpPort = v.port === undefined ? null : numberFlag('port', v.port, 0, { min: 0, max: 65535, integer: true });
  const maxLiveClients = numberFlag('max-live-clients', v['max-live-clients'], DEFAULT_MAX_LIVE_CLIENTS, {
    min: 1,
    max: MAX_LIVE_CLIENTS_CEILING,
    integer: true,
  });
  const keepaliveS = numberFlag('keepalive', v.keepalive, 1, { min: 0.1, max: 3600 });
  const brokerTls = parseBrokerTls(v);
  const mqttCa = mqttCaFlag(v.mqtt, v['mqtt-ca']);
  const bind = v.bind ?? DEFAULT_BIND;
  for (const name of v['public-host'] ?? []) {
    // A bare DNS name: the port is the server's, added by the Host check.
    if (!/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(name) || name.length > 253) {
      throw new CliUsageError(`--public-host must be a DNS name such as gateway.lab (no port, no scheme), got '${name}'`);
    }
  }
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
  const grid = locateFlagErrors(where, () => loadGrid(flags));
  const controller = flags.controller === undefined ? undefined : (await withLocatedErrors(where, () => loadControllerModule(flags.controller ?? ''))).info;
  const fleet = await fleetFlag(v.fleet);
  try {
    checkBind(bind, fleet !== null, v.insecure === true);
  } catch (error) {
    if (error instanceof SwarmgateError) throw new CliUsageError(`--bind: ${error.message}`);
    throw error;
  }
  const collision = fleetVirtualIdProblem(fleet, robots);
  if (collision) throw new CliUsageError(`--fleet: ${collision}`);
  const fleetName = fleet?.name ?? v['fleet-name'] ?? 'lab';
  const nameProblem = idProblem(fleetName);
  if (nameProblem) throw new CliUsageError(`--fleet-name '${fleetName}' ${nameProblem}`);
  const login = gatewayLogin(fleet);
  const remote = remoteRobotIds(fleet, v.remote ?? []);
  const logger = stderrLogger;
  if (!fleet) logger.warn('serve: bench mode: no --fleet file, so any robot may join the trial and any client may command it');
  if (!fence) logger.warn("serve: no --arena fence: physical robots are bounded only by the map's walls and edges, not by the arena's size");
  // Physical robots expected: virtual robots take their profile through the arena transform.
  const physicalExpected =
    twinSlots > 0 && (v.arena !== undefined || v['arena-scale'] !== undefined || (v.serial?.length ?? 0) > 0 || (fleet?.robots.length ?? 0) > 0);
  if (physicalExpected && flags.robotProfile?.physical === false) {
    logger.warn(`serve: --robot-profile ${flags.robotProfile.name} with physical robots: virtual robots and twins differ in size and speed on the map`);
  }
  const liveTrialConfig = (trialFlags: TrialFlags, trialGrid: Grid, info: AlgorithmInfo | undefined): LiveTrialConfig => ({
    ...trialConfigOf(trialFlags, trialGrid),
    controller: info,
    world: {
      robot: liveTrialProfile(trialFlags.robotProfile, physicalExpected ? scale : null),
      workers: trialFlags.workers,
      controllerThreads: trialFlags.controllerThreads,
    },
    targetExplored: 0.99,
    // A live trial runs until stopped.
    maxTicks: Number.POSITIVE_INFINITY,
    remoteControlled: new Set(remote),
  });
  const trial = liveTrialConfig(flags, grid, controller);
  if (v['record-every-s'] !== undefined && v.record === undefined) throw new CliUsageError('--record-every-s needs --record');
  const everyS = numberFlag('record-every-s', v['record-every-s'], 1, { min: 0.1, max: 3600 });
  // Every flag is checked: now the service's modules (the broker, the HTTP server, the web UI,
  // the recorder), whose loading is most of serve's start-up, so a bad flag is told at once.
  const [{ LiveService, DEFAULT_API_FOLDERS }, { requestTrialFactory }] = await Promise.all([import('../trial/LiveService.js'), import('./trialRequest.js')]);
  const folders: ApiFolders = {
    maps: v['maps-dir'] ?? DEFAULT_API_FOLDERS.maps,
    recordings: v['recordings-dir'] ?? DEFAULT_API_FOLDERS.recordings,
    experiments: v['experiments-dir'] ?? DEFAULT_API_FOLDERS.experiments,
  };
  // POST /api/trial: a body is checked by the flag parsers above, never by a second set of checks.
  const trialFactory = requestTrialFactory({
    mapsFolder: folders.maps,
    maxCells: flags.maxCells,
    controller: v.controller === undefined || controller === undefined ? null : { spec: v.controller, info: controller },
    fleet,
    build: liveTrialConfig,
  });
  const recorder = v.record === undefined ? undefined : await (await import('../record/McapRecorder.js')).McapRecorder.create(v.record);
  // Listening from before start: a SIGTERM during start-up still ends in a clean stop.
  const stopRequest = watchStopRequest(logger);
  let service: LiveService;
  try {
    service = await LiveService.start({
      trial,
      trialFactory,
      folders,
      mqttUrl: v.mqtt,
      mqttCa,
      mqttPort,
      brokerTls,
      bind,
      insecure: v.insecure === true,
      publicHosts: v['public-host'],
      fleet,
      fleetName,
      ...login,
      keepaliveMs: keepaliveS * 1000,
      serialPorts: v.serial,
      twins: { poseSource, transform: { scale, rotationRad: (rotationDeg * Math.PI) / 180, offsetXM: offset.x, offsetYM: offset.y }, fence },
      httpPort,
      maxLiveClients,
      realtime: true,
      twinSlots,
      logger,
      record: recorder && { recorder, everyS },
    });
  } catch (error) {
    stopRequest.dispose();
    await recorder?.close();
    if (error instanceof SwarmgateError) {
      const hint = LISTEN_HINTS[error.code] ?? '';
      process.stderr.write(`swarmgate serve: ${error.message}${hint}\n`);
      return 1;
    }
    throw error;
  }
  for (const warning of fleetTrialWarnings(fleet, service.live.world.robotIds(), v.remote ?? [])) logger.warn(warning);
  if (remote.length > 0) logger.info(`serve: driven by remote controllers: ${remote.join(', ')}`);
  const http = service.httpUrls.length === 0 ? '' : `; web UI ${service.httpUrls.join(' ')}`;
  process.stdout.write(
    `swarmgate serve: ${count(robots, 'virtual robot')} on ${mapSpec}, algorithm ${algorithm}; mqtt ${service.mqttUrls.join(' ')} (fleet ${fleetName})${http}\n`,
  );
  if (service.httpToken !== null) process.stdout.write(`swarmgate serve: HTTP token (Authorization: Bearer): ${service.httpToken}\n`);
  const tty = process.stdout.isTTY === true;
  // On a terminal one line redrawn every second; in a log a line every 10 s. Of the service's
  // current trial: POST /api/trial replaces the first one.
  const statusTimer = setInterval(
    () => {
      const line = formatServeStatus(service.live.status(), service.httpUrls.length > 0);
      process.stdout.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
    },
    tty ? 1000 : 10_000,
  );
  const reason = await stopRequest.requested;
  clearInterval(statusTimer);
  if (tty) process.stdout.write('\n');
  logger.info(`serve: ${reason}: stopping: halting the robots, publishing the gateway Death, closing the ports`);
  const final = service.live.status();
  await service.stop();
  await recorder?.close();
  stopRequest.dispose();
  process.stdout.write(
    `swarmgate serve: stopped at tick ${final.tick}, explored ${(final.exploredFraction * 100).toFixed(1)}%, ${final.overruns} tick overruns\n`,
  );
  if (v.record !== undefined) process.stdout.write(`swarmgate serve: recorded to ${v.record}\n`);
  return 0;
}

export const serveCommand: CommandRun = run;
