import type { SensorPlugin } from './sensors.js';
import { DEFAULT_WORLD_CONFIG } from './WorldConfig.js';

/** Computed by Comms (radio/TagStore) when a State is read: no sense-phase work. */
export const tagsSensor: SensorPlugin = {
  name: 'tags',
  field: 'nearbyTags',
  doc: 'Environment tags deposited by robots (readable from the tick after the deposit) within a Euclidean range, no line of sight.',
  noise: 'none',
  params: [{ name: 'tagReadRangeM', unit: 'm', default: DEFAULT_WORLD_CONFIG.tagReadRangeM, doc: 'read range (MAES EnvironmentTagReadRange)' }],
  create: () => ({}),
};
