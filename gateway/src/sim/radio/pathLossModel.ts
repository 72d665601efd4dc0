import { WALL_CELL_SLOTS, type TraceLimits } from './traceWalls.js';
import { metresArgument } from './commArguments.js';
import type { RadioModel, RadioModelPlugin } from './RadioModel.js';

/**
 * Log-distance path loss with a wall attenuation factor (Bahl & Padmanabhan, RADAR 2000),
 * as MRESim's PropModel1 implements it (v-spirin/MRESim @pr2 and @master):
 *
 *   signal(d) = P(d0) - 10 n log10(d / d0) - min(nWalls, C) * WAF      linked iff signal >= cutoff
 *
 * (The MRESim paper prints "x min(nW, C) x WAF"; the code subtracts, as here.)
 * MRESim's numbers: P(d0) = REF_SIGNAL = -93 dBm, n = 2.5, d0 = the agent's commRange
 * (REF_DISTANCE is commented out), WAF = 3.65 dB per wall, C = MAX_WALLS = 125,
 * CUTOFF = -93 dBm. Because P(d0) equals the cutoff, d0 IS the open-space range: with no
 * walls a pair links exactly when d <= d0. Each wall costs WAF dB, i.e. shrinks the range
 * by 10^(WAF / (10 n)) = 1.40x at n = 2.5. nWalls counts distinct wall crossings (a thick
 * wall once), like MRESim's numObstaclesOnLine: here, runs of consecutive wall cells.
 * MRESim's 2014 first commit used -92 dBm, n = 1, WAF = 5, C = 4.
 */
export interface PathLossOptions {
  /** d0, metres: the reference distance, equal to the open-space range when P(d0) = cutoff. */
  referenceDistanceM?: number;
  /** P(d0), dBm. */
  referencePowerDbm?: number;
  /** n, the path-loss exponent (dimensionless). */
  exponent?: number;
  /** WAF, dB per wall crossed. */
  wallAttenuationDb?: number;
  /** C, walls beyond which no further attenuation is counted. */
  maxWalls?: number;
  /** dBm; linked iff signal >= cutoff. */
  cutoffDbm?: number;
}

export const PATH_LOSS_DEFAULTS: Required<PathLossOptions> = {
  // MRESim takes d0 from the agent's commRange; 20 m is MAES's default broadcast range.
  referenceDistanceM: 20,
  referencePowerDbm: -93,
  exponent: 2.5,
  wallAttenuationDb: 3.65,
  maxWalls: 125,
  cutoffDbm: -93,
};

export function pathLossSignalDbm(options: Required<PathLossOptions>, distanceM: number, wallRuns: number): number {
  // d = 0 gives log10(0) = -Infinity, so the signal is +Infinity: co-located robots link.
  return (
    options.referencePowerDbm -
    10 * options.exponent * Math.log10(distanceM / options.referenceDistanceM) -
    Math.min(wallRuns, options.maxWalls) * options.wallAttenuationDb
  );
}

export function pathLossModel(options: PathLossOptions = {}): RadioModel {
  const p: Required<PathLossOptions> = { ...PATH_LOSS_DEFAULTS, ...options };
  // Open-space range where the signal reaches the cutoff: nothing farther can link.
  const maxRangeM = p.referenceDistanceM * 10 ** ((p.referencePowerDbm - p.cutoffDbm) / (10 * p.exponent));
  const limits: TraceLimits = { weightPerM: new Float64Array(WALL_CELL_SLOTS), maxWeighted: Infinity, maxRuns: Infinity };
  return {
    spec: p.referenceDistanceM === PATH_LOSS_DEFAULTS.referenceDistanceM ? 'pathloss' : `pathloss:${p.referenceDistanceM}`,
    maxRangeM,
    usesWalls: true,
    traceLimits(distanceM) {
      // Walls this pair can afford; past the cap C extra walls cost nothing, so no limit.
      const marginDb = pathLossSignalDbm(p, distanceM, 0) - p.cutoffDbm;
      // Rounded up by a hair so float error never truncates a link canHear would accept.
      const affordable = Math.floor(marginDb / p.wallAttenuationDb + 1e-9);
      limits.maxRuns = affordable >= p.maxWalls ? Infinity : affordable;
      return limits;
    },
    canHear: (distanceM, walls) => pathLossSignalDbm(p, distanceM, walls.wallRuns) >= p.cutoffDbm,
  };
}

export const pathLossRadio: RadioModelPlugin = {
  name: 'pathloss',
  specs: ['pathloss', 'pathloss:R'],
  doc:
    'Log-distance path loss with wall attenuation (Bahl & Padmanabhan, as MRESim PropModel1): ' +
    'P(d0) - 10 n log10(d/d0) - min(walls, C) WAF >= cutoff. With P(d0) = cutoff, R = d0 is the open-space range.',
  params: [
    { name: 'R (d0)', unit: 'm', default: PATH_LOSS_DEFAULTS.referenceDistanceM, doc: 'reference distance = open-space range' },
    { name: 'P(d0)', unit: 'dBm', default: PATH_LOSS_DEFAULTS.referencePowerDbm, doc: 'signal at d0' },
    { name: 'n', unit: '1', default: PATH_LOSS_DEFAULTS.exponent, doc: 'path-loss exponent' },
    { name: 'WAF', unit: 'dB', default: PATH_LOSS_DEFAULTS.wallAttenuationDb, doc: 'loss per wall crossed (a thick wall once)' },
    { name: 'C', unit: 'walls', default: PATH_LOSS_DEFAULTS.maxWalls, doc: 'walls beyond which no further loss counts' },
    { name: 'cutoff', unit: 'dBm', default: PATH_LOSS_DEFAULTS.cutoffDbm, doc: 'weakest signal that links' },
  ],
  parse: (arg, fail) => (arg === undefined ? pathLossModel() : pathLossModel({ referenceDistanceM: metresArgument(arg, fail) })),
};
