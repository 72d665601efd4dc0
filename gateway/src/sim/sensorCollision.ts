import type { SensorPlugin } from './sensors.js';

/** Set by the physics phase's contact listener (the robot table); read when a State is taken. */
export const collisionSensor: SensorPlugin = {
  name: 'collision',
  field: 'collision',
  doc: 'started: a contact with a wall or robot began since the previous tick (it cancels the current action); touching: in contact now.',
  noise: 'none',
  params: [],
  create: () => ({}),
};
