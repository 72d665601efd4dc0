/**
 * The simulated sensors, registered explicitly with their parameters, units and noise, so
 * `swarmgate list sensors` prints exactly what the engine computes. Defaults follow MAES.
 */
import type { ParamSpec } from '@swarmgate/maps';
import { DEFAULT_WORLD_CONFIG } from './WorldConfig.js';

export interface SensorInfo {
  readonly name: string;
  /** The RobotState field a controller reads. */
  readonly field: string;
  readonly doc: string;
  readonly noise: string;
  readonly params: readonly ParamSpec[];
}

const d = DEFAULT_WORLD_CONFIG;

export const SENSORS: readonly SensorInfo[] = [
  {
    name: 'lidar',
    field: 'scan',
    doc: '360 deg scan every logic tick from the true pose; grid DDA against walls, exact ray-circle hits on other robots.',
    noise: 'none',
    params: [
      { name: 'rangeM', unit: 'm', default: d.lidar.rangeM, doc: 'maximum range (MAES SlamRayTraceRange)' },
      { name: 'rayCount', unit: 'rays', default: 'floor(2 pi range * 2)', doc: 'rays evenly over 360 deg (MAES rule)' },
    ],
  },
  {
    name: 'slam',
    field: 'map, pose',
    doc: 'Occupancy map at 2x tile resolution (unknown/open/solid, solid dominates) built from the lidar at the true pose; merged within communication groups when enabled.',
    noise: 'pose estimate = true pose + per-axis bounded random walk (MAES SlamPositionInaccuracy)',
    params: [
      { name: 'updateIntervalTicks', unit: 'ticks', default: d.slam.updateIntervalTicks, doc: 'integrate a scan every N ticks' },
      { name: 'positionErrorM', unit: 'm', default: d.slam.positionErrorM, doc: 'bound of the pose error per axis; step U(-1,1) * bound / 10 per tick' },
      { name: 'mergeIntervalTicks', unit: 'ticks', default: d.slam.mergeIntervalTicks, doc: 'automatic merge in connected comm groups every N ticks; 0 = off' },
    ],
  },
  {
    name: 'nearby-robots',
    field: 'nearbyRobots',
    doc: 'Other robots within range: id, distance and bearing relative to the heading, from true poses.',
    noise: 'none',
    params: [
      { name: 'nearbyRangeM', unit: 'm', default: d.nearbyRangeM, doc: 'sensing range (MAES SenseNearbyAgentsRange)' },
      { name: 'nearbyBlockedByWalls', unit: 'bool', default: d.nearbyBlockedByWalls, doc: 'hide robots behind any wall cell' },
    ],
  },
  {
    name: 'tags',
    field: 'nearbyTags',
    doc: 'Environment tags deposited by robots (readable from the tick after the deposit) within a Euclidean range, no line of sight.',
    noise: 'none',
    params: [{ name: 'tagReadRangeM', unit: 'm', default: d.tagReadRangeM, doc: 'read range (MAES EnvironmentTagReadRange)' }],
  },
  {
    name: 'collision',
    field: 'collision',
    doc: 'started: a contact with a wall or robot began since the previous tick (it cancels the current action); touching: in contact now.',
    noise: 'none',
    params: [],
  },
  {
    name: 'radio-inbox',
    field: 'inbox',
    doc: 'Broadcasts delivered this tick by the radio model (--comm); readable for one tick.',
    noise: 'loss probability and latency of the radio network',
    params: [],
  },
];
