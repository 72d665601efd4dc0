import type { ParamSpec } from '@swarmgate/maps';
import { Cell, type WallMaterial } from '@swarmgate/maps/grid';
import { SwarmgateError } from '../../errors.js';
import { WALL_CELL_SLOTS, type TraceLimits } from './traceWalls.js';
import type { CommSpecFail, RadioModel, RadioModelPlugin } from './RadioModel.js';
import { megahertzArgument } from './commArguments.js';

/**
 * MAES material attenuation (Molitany's MaterialCommunication, DEIS-Tools/MAES @ 1bb0312,
 * RobotConstraints.cs; "according to NIST", commit 2bbd18a): TX 15 dBm, receiver
 * sensitivity -82 dBm, frequency 2400 MHz, and a loss in dB per wall by material:
 *
 *   MHz    concrete  wood  brick  generic wall
 *   1300     13      5.1    4.5      0
 *   2400     15      6.7    5.5      0
 *   5200     23     14     15        0
 *
 * MAES subtracts these per mesh triangle traversed (a tile has 8 triangles, so the loss
 * depends on the ray's angle through the mesh). Here they are dB per METRE of wall, which is
 * angle-independent: signal = TX - sum(dB/m[material] * metres of that material). Like MAES
 * there is NO free-space (distance) loss term: in open space every pair links, and generic
 * walls (e.g. imported PGM maps) attenuate 0 dB. At 2.4 GHz the 97 dB budget buys 6.47 m of
 * concrete, 14.5 m of wood or 17.6 m of brick.
 */
export const MATERIAL_FREQUENCIES_MHZ = [1300, 2400, 5200] as const;
export type MaterialFrequencyMhz = (typeof MATERIAL_FREQUENCIES_MHZ)[number];

const DB_PER_M: Record<MaterialFrequencyMhz, { concrete: number; wood: number; brick: number; generic: number }> = {
  1300: { concrete: 13, wood: 5.1, brick: 4.5, generic: 0 },
  2400: { concrete: 15, wood: 6.7, brick: 5.5, generic: 0 },
  5200: { concrete: 23, wood: 14, brick: 15, generic: 0 },
};

export const MAES_TX_POWER_DBM = 15;
export const MAES_SENSITIVITY_DBM = -82;

export interface MaterialOptions {
  frequencyMhz?: MaterialFrequencyMhz;
  txPowerDbm?: number;
  sensitivityDbm?: number;
  /** Replaces entries of the frequency's column, dB per metre (MAES lets users set its dictionary). */
  dbPerM?: Partial<Record<WallMaterial, number>>;
}

/** dB per metre of wall by Cell value (index 0, free, is 0). */
export function attenuationDbPerM(frequencyMhz: MaterialFrequencyMhz, overrides: Partial<Record<WallMaterial, number>> = {}): Float64Array {
  const row = { ...DB_PER_M[frequencyMhz], ...overrides };
  const table = new Float64Array(WALL_CELL_SLOTS);
  table[Cell.Concrete] = row.concrete;
  table[Cell.Wood] = row.wood;
  table[Cell.Brick] = row.brick;
  table[Cell.Generic] = row.generic;
  return table;
}

/** Received signal in dBm given metres of wall per Cell value. */
export function materialSignalDbm(txPowerDbm: number, dbPerM: Float64Array, wallMByCell: Float64Array): number {
  let lossDb = 0;
  for (let cell = 0; cell < WALL_CELL_SLOTS; cell++) lossDb += dbPerM[cell] * wallMByCell[cell];
  return txPowerDbm - lossDb;
}

export function materialModel(options: MaterialOptions = {}): RadioModel {
  const frequencyMhz = options.frequencyMhz ?? 2400;
  const txPowerDbm = options.txPowerDbm ?? MAES_TX_POWER_DBM;
  const sensitivityDbm = options.sensitivityDbm ?? MAES_SENSITIVITY_DBM;
  for (const [material, db] of Object.entries(options.dbPerM ?? {})) {
    if (!(db >= 0) || !Number.isFinite(db)) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `material attenuation for ${material} must be a finite number of dB per metre >= 0, got ${db}`);
    }
  }
  const dbPerM = attenuationDbPerM(frequencyMhz, options.dbPerM);
  // The trace stops once the accumulated loss exceeds the link budget: no link.
  const limits: TraceLimits = { weightPerM: dbPerM, maxWeighted: txPowerDbm - sensitivityDbm, maxRuns: Infinity };
  return {
    spec: frequencyMhz === 2400 ? 'material' : `material:${frequencyMhz / 1000}GHz`,
    maxRangeM: Infinity,
    usesWalls: true,
    traceLimits: () => limits,
    canHear: (_distanceM, walls) => materialSignalDbm(txPowerDbm, dbPerM, walls.wallMByCell) >= sensitivityDbm,
  };
}

/** The MAES link budget's parameters, shared by the models that read MAES's attenuation table. */
export const MAES_BUDGET_PARAMS: readonly ParamSpec[] = [
  { name: 'frequency', unit: 'GHz', default: 2.4, doc: 'selects the attenuation column: 1.3, 2.4 or 5.2' },
  { name: 'txPower', unit: 'dBm', default: MAES_TX_POWER_DBM, doc: 'transmit power' },
  { name: 'sensitivity', unit: 'dBm', default: MAES_SENSITIVITY_DBM, doc: 'receiver sensitivity' },
];

/** The per-metre model's parameters (`permetre`, and `material`, its earlier name). */
export const PER_METRE_PARAMS: readonly ParamSpec[] = [
  ...MAES_BUDGET_PARAMS,
  {
    name: 'dbPerM',
    unit: 'dB/m',
    default: 'MAES table',
    doc: 'loss per metre of wall; 1.3/2.4/5.2 GHz: concrete 13/15/23, wood 5.1/6.7/14, brick 4.5/5.5/15, generic 0',
  },
];

export const materialRadio: RadioModelPlugin = {
  name: 'material',
  specs: ['material', 'material:1.3GHz', 'material:2.4GHz', 'material:5.2GHz'],
  doc: 'The permetre model under its earlier name (results written with --comm material reproduce).',
  params: PER_METRE_PARAMS,
  parse: (arg, fail) => materialModel(arg === undefined ? {} : { frequencyMhz: tableFrequencyArgument(arg, fail) }),
};

/** A --comm frequency that has a column in MAES's attenuation table. */
export function tableFrequencyArgument(arg: string, fail: CommSpecFail): MaterialFrequencyMhz {
  const mhz = megahertzArgument(arg, fail);
  const known = MATERIAL_FREQUENCIES_MHZ.find((f) => Math.abs(f - mhz) < 1e-6);
  if (known === undefined) fail(`no attenuation table for ${arg}; MAES has 1.3GHz, 2.4GHz and 5.2GHz`);
  return known;
}
