/**
 * The data of one job on the experiment queue (`experiment run --queue`): the run as the
 * runner's worker threads take it (identity, trial config, series sampling), checked when a
 * worker takes it, since any process that reaches the Redis server can write a job. Its id is
 * the run key, so enqueuing a design twice adds each run once.
 */
import { SwarmgateError } from '../errors.js';
import type { JsonObject } from '../experiment/resultsLine.js';
import { runKeyOf } from '../experiment/runLine.js';
import type { WorkerJob } from './experimentRunner.js';
import type { RunTrialConfig } from './run.js';

/** One queue for every design: run keys start with their design's hash, so designs never collide. */
export const QUEUE_NAME = 'swarmgate-experiments';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Checks a job's data; anything else throws SG_QUEUE_JOB naming the job and the first wrong field. */
export function parseQueueJob(data: unknown, jobId: string): WorkerJob {
  const fail = (what: string): never => {
    throw new SwarmgateError('SG_QUEUE_JOB', `job ${jobId}: ${what}`);
  };
  if (!isObject(data)) return fail('its data is not an object');
  const { identity, config, sampleEveryTicks } = data;
  if (!isObject(identity)) return fail('"identity" must be an object');
  if (!isObject(config)) return fail('"config" must be an object');
  if (!isCount(sampleEveryTicks) || sampleEveryTicks === 0) return fail('"sampleEveryTicks" must be a positive integer');
  const { designHash, vectorIndex, iteration, vector, seed, swarmgateVersion } = identity;
  if (typeof designHash !== 'string' || !/^[0-9a-f]{64}$/.test(designHash)) return fail('"identity.designHash" must be a sha256 in hex');
  if (!isCount(vectorIndex)) return fail('"identity.vectorIndex" must be a non-negative integer');
  if (!isCount(iteration)) return fail('"identity.iteration" must be a non-negative integer');
  if (!isObject(vector)) return fail('"identity.vector" must be an object');
  if (!isObject(identity.config)) return fail('"identity.config" must be an object');
  if (typeof seed !== 'number' || !Number.isFinite(seed)) return fail('"identity.seed" must be a number');
  if (typeof swarmgateVersion !== 'string') return fail('"identity.swarmgateVersion" must be a string');
  const runKey = runKeyOf(designHash, vectorIndex, iteration);
  if (runKey !== jobId) return fail(`its id is not its run key ${runKey}`);
  return {
    identity: { designHash, vectorIndex, iteration, vector: vector as JsonObject, config: identity.config as JsonObject, seed, swarmgateVersion },
    // Checked by runTrial as a local run's config is: a bad value fails that run with its reason.
    config: config as unknown as RunTrialConfig,
    sampleEveryTicks,
  };
}

/**
 * Why this worker must not run the job, or undefined when it may: a run's result is only the
 * design's when the same swarmgate ran it (a version changes trials), and a worker pinned to a
 * design (`--design`) takes only that design's runs.
 */
export function refusalOf(job: WorkerJob, version: string, designHash: string | undefined): string | undefined {
  const { swarmgateVersion, designHash: jobDesign } = job.identity;
  if (swarmgateVersion !== version) return `it was enqueued by swarmgate ${swarmgateVersion}, this worker is swarmgate ${version}`;
  if (designHash !== undefined && jobDesign !== designHash)
    return `it is a run of design ${jobDesign.slice(0, 12)}, this worker runs only design ${designHash.slice(0, 12)} (--design)`;
  return undefined;
}
