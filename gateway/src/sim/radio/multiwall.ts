import { Cell, type WallMaterial } from '@swarmgate/maps/grid';
import { SwarmgateError } from '../../errors.js';
import { MAES_SENSITIVITY_DBM, MAES_TX_POWER_DBM } from './materialModel.js';
import { megahertzArgument } from './commArguments.js';
import { WALL_CELL_SLOTS, type TraceLimits } from './traceWalls.js';
import type { RadioModel, RadioModelPlugin } from './RadioModel.js';

/**
 * The multi-wall model (Motley & Keenan, "Personal communication radio coverage in buildings
 * at 900 MHz and 1700 MHz", Electronics Letters 24(12), 1988; the COST 231 multi-wall model,
 * COST Action 231 Final Report, "Digital mobile radio towards future generation systems",
 * 1999, section 4.7): log-distance path loss plus a loss per wall crossed, by material:
 *
 *   PL(d) = PL0 + 10 n log10(max(d, d0) / d0) + sum over walls crossed of L[material]    dB
 *   linked iff  txPower - PL(d) >= sensitivity
 *
 * - PL0 (dB): free-space loss at d0 = 1 m, 20 log10(4 pi d0 f / c) = 40.05 dB at 2.4 GHz.
 * - n (1): 2, free space between walls, as COST 231's multi-wall model (its L_FS term).
 * - L (dB per wall): concrete 13, brick 8, wood 4, a wall of unknown material 6.9 (COST 231's
 *   "heavy wall", measured at 1.8 GHz). The per-material values are representative of the
 *   2.4 GHz penetration losses the multi-wall literature reports (concrete 10-20 dB, brick
 *   6-10 dB, wood and plasterboard 3-5 dB); they are options, so a measured building can
 *   replace them.
 * - txPower 15 dBm, sensitivity -82 dBm: MAES's radio (a 97 dB budget), so `multiwall`,
 *   `permetre` and `maes` compare on one budget.
 *
 * A wall is a maximal run of wall cells of one material along the straight segment
 * (WallCrossing.runsByCell): it costs L once however thick it is, as in the model, whose
 * walls are building elements, not metres of material. Cells are the map's own, so a map
 * must draw each wall as a run of cells (a resampled map keeps thin walls).
 *
 * Worked example (2.4 GHz, defaults): two robots 20 m apart with two concrete walls and a
 * wooden one between them: PL = 40.05 + 20 log10(20) + 2 * 13 + 4 = 40.05 + 26.02 + 30 =
 * 96.07 dB, signal 15 - 96.07 = -81.07 dBm >= -82: linked. One more wooden wall (-85.07 dBm)
 * or 2.5 m more distance (-82.09 dBm) and it is not. With no wall the open-space range is
 * 10^((97 - 40.05) / 20) = 703 m; 6.5 m of concrete drawn as 13 walls of a 0.5 m cell
 * costs 169 dB, more than the whole budget at any distance.
 */
export interface MultiWallOptions {
  /** Carrier frequency, MHz (sets PL0 as the free-space loss at d0). */
  frequencyMhz?: number;
  /** n, the path-loss exponent (dimensionless). */
  exponent?: number;
  /** d0, metres: the reference distance of PL0. */
  referenceDistanceM?: number;
  txPowerDbm?: number;
  sensitivityDbm?: number;
  /** dB per wall crossed by material; entries replace the defaults. */
  wallLossDb?: Partial<Record<WallMaterial, number>>;
}

const SPEED_OF_LIGHT_MPS = 299_792_458;

export const MULTIWALL_DEFAULTS = {
  frequencyMhz: 2400,
  exponent: 2,
  referenceDistanceM: 1,
  txPowerDbm: MAES_TX_POWER_DBM,
  sensitivityDbm: MAES_SENSITIVITY_DBM,
  wallLossDb: { concrete: 13, brick: 8, wood: 4, generic: 6.9 } as Readonly<Record<WallMaterial, number>>,
} as const;

/** Free-space path loss in dB at distanceM and frequencyMhz (Friis). */
export function freeSpaceLossDb(distanceM: number, frequencyMhz: number): number {
  return 20 * Math.log10((4 * Math.PI * distanceM * frequencyMhz * 1e6) / SPEED_OF_LIGHT_MPS);
}

export function multiWallModel(options: MultiWallOptions = {}): RadioModel {
  const frequencyMhz = options.frequencyMhz ?? MULTIWALL_DEFAULTS.frequencyMhz;
  const n = options.exponent ?? MULTIWALL_DEFAULTS.exponent;
  const d0 = options.referenceDistanceM ?? MULTIWALL_DEFAULTS.referenceDistanceM;
  const txPowerDbm = options.txPowerDbm ?? MULTIWALL_DEFAULTS.txPowerDbm;
  const sensitivityDbm = options.sensitivityDbm ?? MULTIWALL_DEFAULTS.sensitivityDbm;
  const positive: [string, number][] = [
    ['frequencyMhz', frequencyMhz],
    ['exponent', n],
    ['referenceDistanceM', d0],
  ];
  for (const [name, value] of positive) {
    if (!(value > 0) || !Number.isFinite(value)) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `multiwall ${name} must be a positive finite number, got ${value}`);
    }
  }
  const losses = { ...MULTIWALL_DEFAULTS.wallLossDb, ...options.wallLossDb };
  for (const [material, db] of Object.entries(losses)) {
    if (!(db >= 0) || !Number.isFinite(db)) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `multiwall loss of a ${material} wall must be a finite number of dB >= 0, got ${db}`);
    }
  }
  const lossDb = new Float64Array(WALL_CELL_SLOTS);
  lossDb[Cell.Concrete] = losses.concrete;
  lossDb[Cell.Wood] = losses.wood;
  lossDb[Cell.Brick] = losses.brick;
  lossDb[Cell.Generic] = losses.generic;
  const pl0Db = freeSpaceLossDb(d0, frequencyMhz);
  const budgetDb = txPowerDbm - sensitivityDbm;
  const pathLossDb = (distanceM: number): number => pl0Db + 10 * n * Math.log10(Math.max(distanceM, d0) / d0);
  const cheapestWallDb = Math.min(losses.concrete, losses.wood, losses.brick, losses.generic);
  const limits: TraceLimits = { weightPerM: new Float64Array(WALL_CELL_SLOTS), maxWeighted: Infinity, maxRuns: Infinity };
  return {
    spec: frequencyMhz === MULTIWALL_DEFAULTS.frequencyMhz ? 'multiwall' : `multiwall:${frequencyMhz / 1000}GHz`,
    // Where the open-space loss alone uses the budget.
    maxRangeM: d0 * 10 ** ((budgetDb - pl0Db) / (10 * n)),
    usesWalls: true,
    traceLimits(distanceM) {
      // Walls of any material this pair can afford: a run of walls (wallRuns) is at least one
      // wall of runsByCell, so more runs than that fail whatever their materials.
      const affordable = cheapestWallDb > 0 ? Math.floor((budgetDb - pathLossDb(distanceM)) / cheapestWallDb + 1e-9) : Infinity;
      limits.maxRuns = Math.max(0, affordable);
      return limits;
    },
    canHear(distanceM, walls) {
      let totalDb = pathLossDb(distanceM);
      for (let cell = 0; cell < WALL_CELL_SLOTS; cell++) totalDb += lossDb[cell] * walls.runsByCell[cell];
      return txPowerDbm - totalDb >= sensitivityDbm;
    },
  };
}

export const multiWallRadio: RadioModelPlugin = {
  name: 'multiwall',
  specs: ['multiwall', 'multiwall:5.2GHz'],
  doc:
    'Multi-wall (Motley-Keenan / COST 231), the physical model: TX - [PL0 + 10 n log10(d/d0) + sum of L[material] ' +
    'per wall crossed] >= sensitivity; a wall counts once however thick.',
  params: [
    { name: 'frequency', unit: 'GHz', default: MULTIWALL_DEFAULTS.frequencyMhz / 1000, doc: 'sets PL0 = free-space loss at d0' },
    { name: 'n', unit: '1', default: MULTIWALL_DEFAULTS.exponent, doc: 'path-loss exponent' },
    { name: 'd0', unit: 'm', default: MULTIWALL_DEFAULTS.referenceDistanceM, doc: 'reference distance' },
    { name: 'txPower', unit: 'dBm', default: MULTIWALL_DEFAULTS.txPowerDbm, doc: 'transmit power' },
    { name: 'sensitivity', unit: 'dBm', default: MULTIWALL_DEFAULTS.sensitivityDbm, doc: 'receiver sensitivity' },
    { name: 'L', unit: 'dB/wall', default: 'concrete 13, brick 8, wood 4, generic 6.9', doc: 'loss per wall crossed by material' },
  ],
  parse: (arg, fail) => multiWallModel(arg === undefined ? {} : { frequencyMhz: megahertzArgument(arg, fail) }),
};
