/**
 * The trial a live service runs now, and how a new one takes its place (POST /api/trial): the
 * HTTP routes and the web UI read `live` on every request, so a replaced trial is seen at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Grid } from '@swarmgate/maps';
import type { Logger } from '../hil/Logger.js';
import type { RobotRegistry } from '../hil/RobotRegistry.js';
import type { TrialConfig } from '../sim/Trial.js';
import { SwarmgateError } from '../errors.js';
import { buildLiveSimulationInSteps, LiveTrial, type LiveSimulation, type LiveTrialOptions } from './LiveTrial.js';
import { RecordingSwitch } from './RecordingSwitch.js';

/** A live trial's configuration: what `serve` builds from its flags, and POST /api/trial from a body. */
export type LiveTrialConfig = TrialConfig & { readonly grid: Grid };

/**
 * A trial configuration as a request gives it: `swarmgate run`'s option names without the
 * dashes (map, robots, algorithm, comm, seed, ...), values as strings or numbers.
 */
export type TrialRequest = Readonly<Record<string, string | number>>;

/** A request's trial configuration was refused; the message names the option (HTTP 400). */
export class TrialRequestError extends SwarmgateError {
  constructor(message: string) {
    super('SG_TRIAL_REQUEST', message);
  }
}

/** How a service builds trials from requests (`serve` gives its own flag parsers). */
export interface TrialFactory {
  /** The option names a request may use (the body schema of POST /api/trial lists them). */
  readonly options: readonly string[];
  /** Builds a trial, or rejects with a TrialRequestError naming the option that is wrong. */
  build(request: TrialRequest): Promise<LiveTrialConfig>;
}

export interface TrialSlotOptions {
  readonly first: LiveTrialConfig;
  /** What every trial of the service is joined to: links, controller port, broker, clock, logger. */
  readonly joints: Omit<LiveTrialOptions, 'trial' | 'record'>;
  /** What only the first trial gets: its recording (a recording is one trial's). */
  readonly firstOnly?: Pick<LiveTrialOptions, 'record'>;
  readonly factory: TrialFactory | null;
  readonly registry: RobotRegistry | null;
  readonly logger: Logger;
  /** Where recordings started at run time go (RecordingSwitch); without it none can be started. */
  readonly recordings?: { readonly folder: string; readonly everyS?: number };
}

/** What a request asks of a new trial beside its configuration. */
export interface ReplaceOptions {
  /** Record the new trial from its first tick (into a file the server names). */
  readonly record?: boolean;
}

export class TrialSlot {
  private current: LiveTrial;
  /** A replacement is being built (replace): a second one is refused, not built beside it. */
  private building = false;
  /** Recordings started at run time; null without a recordings folder. */
  readonly recording: RecordingSwitch | null;

  constructor(private readonly options: TrialSlotOptions) {
    this.current = new LiveTrial({ trial: options.first, ...options.joints, ...options.firstOnly });
    this.recording = options.recordings ? new RecordingSwitch({ ...options.recordings, live: () => this.current }) : null;
  }

  get live(): LiveTrial {
    return this.current;
  }

  /** The options a request may give, or null when this service cannot build trials from requests. */
  get requestOptions(): readonly string[] | null {
    return this.options.factory?.options ?? null;
  }

  /**
   * Ends the current trial and puts a new one in its place on the same links; physical robots
   * online are adopted by it. The new trial starts paused: the operator starts it. A
   * configuration the factory refuses leaves the current trial as it was. A recording of the old
   * trial is finished; `record` starts one of the new trial.
   */
  async replace(request: TrialRequest, options: ReplaceOptions = {}): Promise<LiveTrial> {
    const { factory } = this.options;
    if (!factory) throw new SwarmgateError('SG_TRIAL_STATE', 'this gateway was started without a way to build trials from a request');
    if (options.record && !this.recording) throw new TrialRequestError('record: this gateway has no recordings folder');
    // Two large maps built at once would hold both in memory, and the first finished would be replaced at once.
    if (this.building) throw new TrialRequestError('a new trial is being built (POST /api/trial): ask again once it is in place');
    this.building = true;
    try {
      return await this.buildReplacement(factory, request, options);
    } finally {
      this.building = false;
    }
  }

  /**
   * The new trial's simulation, built while the current trial runs on: a configuration it cannot
   * be built from (more robots than the map places, over the SLAM budget) or whose robot ids a
   * physical robot online holds is refused, and the current trial is left as it was. Built in
   * steps with a turn of the event loop between (the world's, the regions', the spawn poses, the
   * metrics', the twins' poses: Trial.build), so ticks, the broker and clients are served meanwhile.
   */
  private async buildSimulation(trial: LiveTrialConfig): Promise<LiveSimulation> {
    let simulation: LiveSimulation;
    try {
      simulation = await buildLiveSimulationInSteps({ trial, ...this.options.joints }, () => sleep(1));
    } catch (error) {
      if (error instanceof SwarmgateError) throw new TrialRequestError(error.message);
      throw error;
    }
    const registry = this.options.registry;
    const taken = registry
      ? simulation.trial.world
          .robotIds()
          .map((id) => registry.admissionProblem(id, 'virtual'))
          .find((problem) => problem !== null)
      : undefined;
    if (taken) {
      void simulation.trial.world.close();
      throw new TrialRequestError(taken);
    }
    return simulation;
  }

  private async buildReplacement(factory: TrialFactory, request: TrialRequest, options: ReplaceOptions): Promise<LiveTrial> {
    const { registry, joints, logger } = this.options;
    // The factory loads the map on a thread of its own; the trial is built from it below, in steps.
    const trial = await factory.build(request);
    const simulation = await this.buildSimulation(trial);
    await this.recording?.stop();
    const previous = this.current;
    const held = previous.robots().filter((r) => r.kind === 'physical' && r.emergencyStopped);
    previous.stop();
    // The old trial's virtual ids must not refuse the new trial's robots (or physical ones).
    registry?.forgetVirtual();
    this.current = new LiveTrial({ trial, simulation, ...joints });
    // An emergency stop holds until the operator releases it (docs/safety.md), across trials:
    // a physical robot stopped in the old trial is stopped in the new one (a virtual one is gone).
    for (const robot of held) {
      if (this.current.robots().some((r) => r.id === robot.id)) this.current.emergencyStop(robot.id, 'held over from the previous trial');
    }
    logger.info('trial: a new trial replaced the previous one (paused until started)', { robots: trial.robots, seed: trial.seed });
    if (options.record) await this.recording?.start();
    return this.current;
  }
}
