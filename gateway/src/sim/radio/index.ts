export { CommunicationGroups } from './CommunicationGroups.js';
export {
  attenuationDbPerM,
  MAES_SENSITIVITY_DBM,
  MAES_TX_POWER_DBM,
  MATERIAL_FREQUENCIES_MHZ,
  materialModel,
  materialRadio,
  materialSignalDbm,
} from './materialModel.js';
export type { MaterialFrequencyMhz, MaterialOptions } from './materialModel.js';
export { maesModel, maesRadio } from './maes.js';
export type { MaesOptions } from './maes.js';
export { freeSpaceLossDb, MULTIWALL_DEFAULTS, multiWallModel, multiWallRadio } from './multiwall.js';
export type { MultiWallOptions } from './multiwall.js';
export { NearbyRobots } from './NearbyRobots.js';
export type { NearbyRobotsOptions } from './NearbyRobots.js';
export { parseCommSpec } from './parseCommSpec.js';
export { oneThread, PairList, scanRows } from './PairScan.js';
export type { PairScan, PairScanner, PairScanRecipe } from './PairScan.js';
export { buildPairScan } from './buildPairScan.js';
export { PATH_LOSS_DEFAULTS, pathLossModel, pathLossRadio, pathLossSignalDbm } from './pathLossModel.js';
export type { PathLossOptions } from './pathLossModel.js';
export { perMetreModel, perMetreRadio } from './permetre.js';
export { RadioCounters, total } from './RadioCounters.js';
export { RadioLinks } from './RadioLinks.js';
export { globalModel, globalRadio } from './globalModel.js';
export { losModel, losRadio } from './losModel.js';
export { rangeModel, rangeRadio } from './rangeModel.js';
export { userModel, userRadio } from './userModel.js';
export type { LinkFunction } from './userModel.js';
export type { CommSpecFail, RadioModel, RadioModelPlugin } from './RadioModel.js';
export { RADIO_MODELS } from './radioModels.js';
export { RadioNetwork } from './RadioNetwork.js';
export type { RadioNetworkOptions, UniformSource } from './RadioNetwork.js';
export { gridBounds, SpatialHash } from './SpatialHash.js';
export { TagHits, TagStore } from './TagStore.js';
export { traceWalls, WALL_CELL_SLOTS, WallCrossing } from './traceWalls.js';
export type { TraceLimits } from './traceWalls.js';
export { wallClearance } from './wallClearance.js';
