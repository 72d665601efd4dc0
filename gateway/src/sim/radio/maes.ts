import type { WallMaterial } from '@swarmgate/maps';
import { SwarmgateError } from '../../errors.js';
import { attenuationDbPerM, MAES_SENSITIVITY_DBM, MAES_TX_POWER_DBM, tableFrequencyArgument, type MaterialFrequencyMhz } from './materialModel.js';
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
 * - MAES cuts every tile into 8 triangles (its midlines and the diamond through its edge
 *   midpoints) and charges each wall triangle a ray passes through. Here each wall cell is cut
 *   the same way (WallCrossing.trianglesByCell), so the loss depends on where and at what
 *   angle the ray crosses a wall, as in MAES. Like MAES, there is no distance loss (in open
 *   space every pair links) and a generic wall (an imported PGM map) costs 0 dB.
 * - MAES nudges rays off exact multiples of 45 degrees; a ray through a point where two mesh
 *   lines meet is counted as crossing both, which is what the nudge gives it.
 * - Not exact: MAES's own test (rows of brick, wood and concrete crossed at 45 degrees)
 *   expects 7 triangles per row where this count gives 5 (docs/radio.md).
 *
 * Worked example (2.4 GHz): a ray at y = 0.3 (cell units) straight across a 1-cell concrete
 * wall crosses the mesh lines x + y = 0.5, x = 0.5 and x - y = 0.5 of the cell, so 4
 * triangles: 4 * 15 = 60 dB, signal 15 - 60 = -45 dBm, linked. Two such walls cost 120 dB
 * (-105 dBm, no link), and so does one wall 2 cells thick (4 triangles per cell); wood walls
 * cost 4 * 6.7 = 26.8 dB each, so three link (-65.4 dBm) and four do not (-92.2 dBm).
 * A 45-degree ray through a cell's diagonal crosses 4 lines (2 at the centre): 5 triangles.
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
    "MAES's material communication as its code computes it: TX minus dB per wall-mesh triangle traversed " +
    '(8 per cell) by material >= sensitivity; no distance loss, generic walls 0 dB. For reproducing MAES/Minotaur.',
  params: [
    { name: 'frequency', unit: 'GHz', default: 2.4, doc: 'selects the attenuation column: 1.3, 2.4 or 5.2' },
    { name: 'txPower', unit: 'dBm', default: MAES_TX_POWER_DBM, doc: 'transmit power' },
    { name: 'sensitivity', unit: 'dBm', default: MAES_SENSITIVITY_DBM, doc: 'receiver sensitivity' },
    {
      name: 'dbPerTriangle',
      unit: 'dB/triangle',
      default: 'MAES table',
      doc: '1.3/2.4/5.2 GHz: concrete 13/15/23, wood 5.1/6.7/14, brick 4.5/5.5/15, generic 0',
    },
  ],
  parse: (arg, fail) => maesModel(arg === undefined ? {} : { frequencyMhz: tableFrequencyArgument(arg, fail) }),
};
