import type { SensorPlugin } from './sensors.js';

/** This tick's messages from the radio delivery phase (Comms.deliver), read when a State is. */
export const radioInboxSensor: SensorPlugin = {
  name: 'radio-inbox',
  field: 'inbox',
  doc: 'Broadcasts delivered this tick by the radio model (--comm); readable for one tick.',
  noise: 'loss probability and latency of the radio network',
  params: [],
  create: (sensing) => ({ onDemand: { field: 'inbox', read: (slot, drops) => sensing.world.comms.inbox(slot, drops) } }),
};
