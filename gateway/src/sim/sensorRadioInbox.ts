import type { SensorPlugin } from './sensors.js';

/** Filled by the radio delivery phase (Comms.deliver); read when a State is taken. */
export const radioInboxSensor: SensorPlugin = {
  name: 'radio-inbox',
  field: 'inbox',
  doc: 'Broadcasts delivered this tick by the radio model (--comm); readable for one tick.',
  noise: 'loss probability and latency of the radio network',
  params: [],
  create: () => ({}),
};
