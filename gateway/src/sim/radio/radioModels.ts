import { globalRadio } from './globalModel.js';
import { losRadio } from './losModel.js';
import { maesRadio } from './maes.js';
import { materialRadio } from './materialModel.js';
import { multiWallRadio } from './multiwall.js';
import { pathLossRadio } from './pathLossModel.js';
import { perMetreRadio } from './permetre.js';
import { rangeRadio } from './rangeModel.js';
import type { RadioModelPlugin } from './RadioModel.js';
import { userRadio } from './userModel.js';

/**
 * The radio models, registered explicitly (not by import side effect): `parseCommSpec`
 * selects from this list and `swarmgate list radio` prints it. A new model is one file
 * exporting a `RadioModelPlugin` plus one line here.
 */
export const RADIO_MODELS: readonly RadioModelPlugin[] = [
  globalRadio,
  rangeRadio,
  losRadio,
  multiWallRadio,
  perMetreRadio,
  maesRadio,
  materialRadio,
  pathLossRadio,
  userRadio,
];
