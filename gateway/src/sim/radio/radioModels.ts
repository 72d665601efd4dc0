import type { ParamSpec } from '@swarmgate/maps';
import { MAES_SENSITIVITY_DBM, MAES_TX_POWER_DBM } from './materialModel.js';
import { PATH_LOSS_DEFAULTS } from './pathLossModel.js';

export interface RadioModelInfo {
  readonly name: string;
  /** --comm spellings that select this model. */
  readonly specs: readonly string[];
  readonly doc: string;
  readonly params: readonly ParamSpec[];
}

/**
 * The radio models, registered explicitly (not by import side effect) so the CLI can list
 * them. parseCommSpec builds them from a --comm spec; the factories take every parameter.
 */
export const RADIO_MODELS: readonly RadioModelInfo[] = [
  {
    name: 'global',
    specs: ['global'],
    doc: 'Every pair of robots can talk, walls and distance ignored (MAES default).',
    params: [],
  },
  {
    name: 'range',
    specs: ['range:R'],
    doc: 'Robots within R metres can talk; walls ignored (MRESim StaticCircle).',
    params: [{ name: 'R', unit: 'm', default: 'required', doc: 'communication range' }],
  },
  {
    name: 'los',
    specs: ['los', 'los:R'],
    doc: 'Line of sight: no wall cell on the straight segment, optionally within R metres.',
    params: [{ name: 'R', unit: 'm', default: 'unlimited', doc: 'optional communication range' }],
  },
  {
    name: 'material',
    specs: ['material', 'material:1.3GHz', 'material:2.4GHz', 'material:5.2GHz'],
    doc:
      'MAES material attenuation: TX power minus dB per metre of wall by material (concrete, wood, brick; ' +
      'generic walls 0 dB) must reach the receiver sensitivity. No free-space loss, as in MAES.',
    params: [
      { name: 'frequency', unit: 'GHz', default: 2.4, doc: 'selects the attenuation column: 1.3, 2.4 or 5.2' },
      { name: 'txPower', unit: 'dBm', default: MAES_TX_POWER_DBM, doc: 'transmit power' },
      { name: 'sensitivity', unit: 'dBm', default: MAES_SENSITIVITY_DBM, doc: 'receiver sensitivity' },
      {
        name: 'dbPerM',
        unit: 'dB/m',
        default: 'MAES table',
        doc: 'loss per metre of wall; 1.3/2.4/5.2 GHz: concrete 13/15/23, wood 5.1/6.7/14, brick 4.5/5.5/15, generic 0',
      },
    ],
  },
  {
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
  },
  {
    name: 'user',
    specs: [],
    doc: 'A function (distanceM, wallM, wallRuns) => boolean given in code (userModel); not selectable by --comm.',
    params: [{ name: 'maxRangeM', unit: 'm', default: 'unlimited', doc: 'pairs farther apart are never asked' }],
  },
];
