export * from './Robot.js';
export * from './SlamMapView.js';
export * from './errors.js';
export * from './slam/SlamMap.js';
export * from './slam/CoarseSlamMap.js';
export type { PathOptions, SearchGrid } from './slam/findPath.js';
export type { FloodOptions } from './slam/floodSearch.js';
export { SLAM_MAP_HEADER_BYTES, SLAM_MAP_MAX_CELLS } from './slam/slamMapCodec.js';
