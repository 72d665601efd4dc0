/** The simulator engine's public surface (see README.md). */
export { World, type KinematicSetpoint, type RobotKind, type RobotSpec, type TickObserver } from './World.js';
export { SimRobot } from './SimRobot.js';
export { Trial, type TrialConfig } from './Trial.js';
export { TrialMetrics, type FinalMetrics, type MetricsSample, type TrialMetricsOptions } from './TrialMetrics.js';
export { spawnPoses, spawnableMask, SPAWN_KINDS, type SpawnStrategy } from './Spawn.js';
export { DEFAULT_WORLD_CONFIG, resolveWorldConfig, lidarRayCount, type WorldConfig, type WorldConfigInput } from './WorldConfig.js';
export { DEFAULT_ROBOT_MODEL, type RobotModel } from './RobotModel.js';
export { SENSORS, type SensorHooks, type SensorPlugin } from './sensors.js';
export { explorationHeatmap, coverageHeatmap } from './heatmaps.js';
export type { CommsConfig, RadioTotals } from './Comms.js';
