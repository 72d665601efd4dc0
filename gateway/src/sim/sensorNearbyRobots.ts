import type { SensorPlugin } from './sensors.js';
import { DEFAULT_WORLD_CONFIG } from './WorldConfig.js';

/** Computed by Comms (radio/NearbyRobots) when a State is read: no sense-phase work. */
export const nearbyRobotsSensor: SensorPlugin = {
  name: 'nearby-robots',
  field: 'nearbyRobots',
  doc: 'Other robots within range: id, distance and bearing relative to the heading, from true poses.',
  noise: 'none',
  params: [
    { name: 'nearbyRangeM', unit: 'm', default: DEFAULT_WORLD_CONFIG.nearbyRangeM, doc: 'sensing range (MAES SenseNearbyAgentsRange)' },
    { name: 'nearbyBlockedByWalls', unit: 'bool', default: DEFAULT_WORLD_CONFIG.nearbyBlockedByWalls, doc: 'hide robots behind any wall cell' },
  ],
  create: () => ({}),
};
