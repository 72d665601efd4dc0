import { MAES_SENSITIVITY_DBM, MAES_TX_POWER_DBM, materialModel, tableFrequencyArgument, type MaterialOptions } from './materialModel.js';
import type { RadioModel, RadioModelPlugin } from './RadioModel.js';

/**
 * The per-metre wall model: MAES's attenuation table read as dB per METRE of wall crossed,
 * by material, with no distance loss (materialModel.ts computes it):
 *
 *   signal = txPower - sum over materials of A[frequency][material] * metres of that material
 *   linked iff signal >= sensitivity (15 dBm and -82 dBm: a 97 dB budget)
 *
 * It is angle-independent and charges a thick wall in proportion to its thickness, which no
 * indoor propagation model does: at 2.4 GHz a link survives 6.47 m of concrete, 14.5 m of
 * wood or 17.6 m of brick (97 / 15, / 6.7, / 5.5). Kept under its own name for comparison
 * with earlier results; `multiwall` is the physical model, `maes` reproduces MAES.
 * `--comm material` is the same model (the name earlier results were written with).
 *
 * Worked example (2.4 GHz): a 1 m concrete wall costs 15 dB (-> 0 dBm), a 5 m one 75 dB
 * (-60 dBm, linked), 6.5 m 97.5 dB (-82.5 dBm, no link); distance costs nothing.
 */
export function perMetreModel(options: MaterialOptions = {}): RadioModel {
  const model = materialModel(options);
  return { ...model, spec: model.spec.replace(/^material/, 'permetre') };
}

export const perMetreRadio: RadioModelPlugin = {
  name: 'permetre',
  specs: ['permetre', 'permetre:1.3GHz', 'permetre:2.4GHz', 'permetre:5.2GHz'],
  doc:
    'Per metre of wall: TX minus dB per metre of wall by material (MAES table read per metre; generic walls 0 dB) ' +
    '>= sensitivity; no distance loss. `material` is the same model under its earlier name.',
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
  parse: (arg, fail) => perMetreModel(arg === undefined ? {} : { frequencyMhz: tableFrequencyArgument(arg, fail) }),
};
