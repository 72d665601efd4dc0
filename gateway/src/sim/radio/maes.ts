import type { WallMaterial } from '@swarmgate/maps';
import { SwarmgateError } from '../../errors.js';
import {
  attenuationDbPerM,
  MAES_BUDGET_PARAMS,
  MAES_SENSITIVITY_DBM,
  MAES_TX_POWER_DBM,
  tableFrequencyArgument,
  type MaterialFrequencyMhz,
} from './materialModel.js';
import { WALL_CELL_SLOTS, type TraceLimits } from './traceWalls.js';
import type { RadioModel, RadioModelPlugin } from './RadioModel.js';

/**
 * MAES's material communication as its code computes it (DEIS-Tools/MAES @ 1bb0312,
 * CommunicationManager and RobotConstraints; MaterialCommunication), for reproducing the
 * material column of the Minotaur study (Molitany et al., 2024):
 *
 *   signal = txPower - sum over wall-mesh triangles the ray traverses of A[frequency][material]
 *   linked iff signal >= sensitivity
 *
 * - txPower 15 dBm, sensitivity -82 dBm, frequency 2400 MHz (MAES's defaults).
 * - A, dB per triangle ("according to NIST" in MAES's history):
 *     MHz    concrete  wood  brick  generic wall
 *     1300     13      5.1    4.5      0
 *     2400     15      6.7    5.5      0
 *     5200     23     14     15        0
 * - The triangles are MAES's wall mesh as its ray walk enters them (maesMesh.ts): marching
 *   squares tiles between cell centres, each cut into 8, typed by their highest wall corner;
 *   the ray nudged off diagonals and stopped near the receiver as MAES stops it. Like MAES,
 *   there is no distance loss (in open space every pair links) and a generic wall (an
 *   imported PGM map) costs 0 dB.
 *
 * Worked example, MAES's own test: rows of brick, wood and concrete (3, 2, 1 dB per triangle)
 * crossed at 45 degrees from (-4.49, -4.49) to (7.51, 7.51) enter 9 brick, 6 wood and 3
 * concrete wall triangles: 15 - 42 = -27 dBm, as MAES asserts (docs/radio.md). At MAES's
 * defaults a ray straight across a 1-cell concrete wall enters 4 wall triangles: 60 dB,
 * -45 dBm, linked; two such walls (120 dB, -105 dBm) do not link.
 */
export interface MaesOptions {
  frequencyMhz?: MaterialFrequencyMhz;
  txPowerDbm?: number;
  sensitivityDbm?: number;
  /** Replaces entries of the frequency's column, dB per triangle (MAES lets users set its dictionary). */
  dbPerTriangle?: Partial<Record<WallMaterial, number>>;
}

export function maesModel(options: MaesOptions = {}): RadioModel {
  const frequencyMhz = options.frequencyMhz ?? 2400;
  const txPowerDbm = options.txPowerDbm ?? MAES_TX_POWER_DBM;
  const sensitivityDbm = options.sensitivityDbm ?? MAES_SENSITIVITY_DBM;
  for (const [material, db] of Object.entries(options.dbPerTriangle ?? {})) {
    if (!(db >= 0) || !Number.isFinite(db)) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `maes attenuation for ${material} must be a finite number of dB per triangle >= 0, got ${db}`);
    }
  }
  // MAES's dictionary: the same numbers the per-metre model reads as dB per metre.
  const dbPerTriangle = attenuationDbPerM(frequencyMhz, options.dbPerTriangle);
  const limits: TraceLimits = { weightPerM: new Float64Array(WALL_CELL_SLOTS), maxWeighted: Infinity, maxRuns: Infinity, triangles: true };
  return {
    spec: frequencyMhz === 2400 ? 'maes' : `maes:${frequencyMhz / 1000}GHz`,
    maxRangeM: Infinity,
    usesWalls: true,
    traceLimits: () => limits,
    canHear(_distanceM, walls) {
      let lossDb = 0;
      for (let cell = 0; cell < WALL_CELL_SLOTS; cell++) lossDb += dbPerTriangle[cell] * walls.trianglesByCell[cell];
      return txPowerDbm - lossDb >= sensitivityDbm;
    },
  };
}

export const maesRadio: RadioModelPlugin = {
  name: 'maes',
  specs: ['maes', 'maes:1.3GHz', 'maes:2.4GHz', 'maes:5.2GHz'],
  doc:
    "MAES's material communication as its code computes it: TX minus dB per wall-mesh triangle its ray enters " +
    '(8 per tile between cell centres) by material >= sensitivity; no distance loss, generic walls 0 dB. For reproducing MAES/Minotaur.',
  params: [
    ...MAES_BUDGET_PARAMS,
    {
      name: 'dbPerTriangle',
      unit: 'dB/triangle',
      default: 'MAES table',
      doc: '1.3/2.4/5.2 GHz: concrete 13/15/23, wood 5.1/6.7/14, brick 4.5/5.5/15, generic 0',
    },
  ],
  parse: (arg, fail) => maesModel(arg === undefined ? {} : { frequencyMhz: tableFrequencyArgument(arg, fail) }),
};
