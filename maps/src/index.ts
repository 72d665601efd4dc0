export * from './Grid.js';
export * from './errors.js';
export * from './gridGeometry.js';
export { CELLS_PER_STEP, finishInSteps, finishNow, rowsPerStep, type BuildSteps } from './buildSteps.js';
export { connectedComponents, floodFill, labelRegions, RegionLabeller, type Regions, type RegionOptions } from './connectedComponents.js';
export { countCells, type CellCounts } from './countCells.js';
export { gridHash } from './gridHash.js';
export { mergeWallRectangles, WallRectMerger, type CellRect } from './mergeWallRectangles.js';
export type { ParameterValues } from './generators/params.js';
export type { ParamSpec, RangedParamSpec } from './ParamSpec.js';
export {
  findGenerator,
  generateMap,
  mapGenerators,
  MAX_MAP_SIDE_CELLS,
  MAX_MAP_CELLS,
  type GeneratorSpec,
  type MapGenerator,
} from './generators/mapGenerators.js';
export { parseMapSpec, loadMap, looksLikeMapFile, type MapSpec } from './mapSpec.js';
export { BUNDLED_MAPS, bundledMap, bundledMapPath, findBundledMap, type BundledMap } from './bundledMaps.js';
export { loadMapFile, saveMapFile, encodeMapImage, decodeImage, mapFileFormat, type MapFileFormat } from './io/mapFiles.js';
export { DEFAULT_MAX_FILE_CELLS, type GreyImage, type MapLoadOptions } from './io/greyImage.js';
export { parseRosMapYaml, type RosMapMetadata } from './io/rosMapYaml.js';
export { renderPng, rampColour, defaultRenderScale, type Heatmap, type RenderOptions } from './renderPng.js';
export { drawMaesTestMap, MAES_TEST_MAPS, type MaesTestMap } from './maesTestMaps.js';
export { resampleGrid, defaultSimCellM } from './resample.js';
export { clearanceMask, robotFootprintCells, robotRegions, robotRegionsSteps } from './robotReach.js';
