/**
 * The option table of `swarmgate run`, apart from the command so that trial files
 * (trialFile.ts) name the same flags without importing the command.
 */
import { TRIAL_FLAG_OPTIONS } from './trialFlags.js';

export const RUN_OPTIONS = {
  ...TRIAL_FLAG_OPTIONS,
  target: { type: 'string' },
  'max-ticks': { type: 'string' },
  'lidar-range': { type: 'string' },
  'merge-every-s': { type: 'string' },
  // Refused with a message naming --merge-every-s (it counted ticks).
  'merge-every': { type: 'string' },
  'pose-error': { type: 'string' },
  json: { type: 'string' },
  csv: { type: 'string' },
  heatmap: { type: 'string' },
  'coverage-heatmap': { type: 'string' },
  record: { type: 'string' },
  'record-every-s': { type: 'string' },
  verify: { type: 'string' },
} as const;

export type RunFlagName = keyof typeof RUN_OPTIONS;

/** The values of `swarmgate run`'s flags, as strings (parseArgs' shape). */
export type RunValues = { readonly [K in RunFlagName]?: string };

/** The flags of `swarmgate run` that name where its outputs go (the recording's folder is checked too). */
export const OUTPUT_OPTIONS = ['json', 'csv', 'heatmap', 'coverage-heatmap', 'record'] as const satisfies readonly RunFlagName[];

/** The flags of `swarmgate run` that do not decide the trial: where outputs go, recording, verifying, and a retired one. */
export const NOT_TRIAL_OPTIONS = [...OUTPUT_OPTIONS, 'record-every-s', 'verify', 'merge-every'] as const satisfies readonly RunFlagName[];
