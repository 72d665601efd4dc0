/**
 * Test support for live trials: a LiveService on a given broker, mona-sim processes, and remote
 * controllers over the SDK's MQTT link, each closed by `closeAll`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { LiveService, MemoryLogger, type LiveServiceOptions } from '@swarmgate/gateway';
import type { Grid } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import { MqttRobot, SlamMap, findAlgorithm, resolveAlgorithmParams, runController, type ControllerRun } from '@swarmgate/sdk';
import { terminate, until } from '@swarmgate/firmware-sim/testing';

const MONA_SIM_BIN = join(import.meta.dirname, '..', '..', '..', 'firmware-sim', 'bin', 'mona-sim.js');

export const FLEET = 'lab';

export interface LiveOptions {
  /** An external broker (e.g. a test's Mosquitto); or give `service.mqttPort` for the embedded one. */
  readonly url?: string;
  readonly grid: Grid;
  readonly robots: number;
  readonly remote?: readonly string[];
  readonly comm?: string;
  /** Algorithm spec (default frontier). */
  readonly algorithm?: string;
  readonly spawn?: LiveServiceOptions['trial']['spawn'];
  /** Trial seed (default 3). */
  readonly seed?: number;
  readonly keepaliveMs?: number;
  readonly serialPorts?: LiveServiceOptions['serialPorts'];
  /** Further LiveService options (fleet and credentials, HTTP port, ...), over the defaults here. */
  readonly service?: Partial<Omit<LiveServiceOptions, 'trial'>>;
}

/** A live service, frontier, paced in real time, twins by odometry at 25 map m per arena m. */
export async function startLive(options: LiveOptions): Promise<{ service: LiveService; logger: MemoryLogger }> {
  const logger = new MemoryLogger();
  const service = await LiveService.start({
    trial: {
      grid: options.grid,
      robots: options.robots,
      algorithm: options.algorithm ?? 'frontier',
      comm: options.comm ?? 'global',
      spawn: options.spawn ?? { kind: 'together' },
      seed: options.seed ?? 3,
      targetExplored: 0.99,
      maxTicks: Number.POSITIVE_INFINITY,
      remoteControlled: new Set(options.remote ?? []),
    },
    mqttUrl: options.url,
    fleet: null,
    fleetName: FLEET,
    keepaliveMs: options.keepaliveMs ?? 1000,
    twins: { poseSource: 'odometry', transform: { scale: 25, rotationRad: 0, offsetXM: 0, offsetYM: 0 } },
    serialPorts: options.serialPorts,
    realtime: true,
    logger,
    ...options.service,
  });
  return { service, logger };
}

export function startMonaSim(id: string, linkArgs: readonly string[], extra: readonly string[] = []): ChildProcess & { output(): string } {
  const child = spawn(process.execPath, [MONA_SIM_BIN, ...linkArgs, '--id', id, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

export interface RemoteController {
  readonly robot: MqttRobot;
  readonly run: ControllerRun;
}

/** The frontier controller (the same file the gateway runs in-process) on a remote robot. */
export async function startRemoteFrontier(service: LiveService, robotId: string, robotIndex: number): Promise<RemoteController> {
  const world = service.live.world;
  const robot = await MqttRobot.connect({
    url: service.url,
    fleet: FLEET,
    robotId,
    map: SlamMap.forGrid(world.grid),
    limits: world.actionLimits,
    bodyRadiusM: world.config.robot.radiusM,
  });
  const frontier = findAlgorithm('frontier');
  const controller = frontier.create({
    seed: 3,
    rng: Random.fromSeed(3).fork(`remote:${robotId}`),
    robotId,
    robotIndex,
    robotCount: 3,
    tileSizeM: world.grid.cellSizeM,
    params: resolveAlgorithmParams(frontier),
  });
  return { robot, run: runController(controller, robot) };
}

/** `until` with the label first, as the trial tests read: polls until `condition` holds. */
export const waitFor = (what: string, condition: () => boolean, timeoutMs?: number): Promise<void> => until(condition, what, timeoutMs);

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export { terminate };
