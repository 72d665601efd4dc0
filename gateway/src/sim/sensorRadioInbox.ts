import { MAX_INBOX_BYTES_PER_TICK, MAX_INBOX_MESSAGES_PER_TICK } from '@swarmgate/protocols';
import type { InboxMessage } from '@swarmgate/sdk';
import type { Sensing } from './Sensing.js';
import type { SensorPlugin } from './sensors.js';
import { NONE, type StateDropCounts } from './stateReadings.js';

/** This tick's messages from the radio delivery phase (Comms.deliver), built when a State is read. */
export const radioInboxSensor: SensorPlugin = {
  name: 'radio-inbox',
  field: 'inbox',
  doc: 'Broadcasts delivered this tick by the radio model (--comm); readable for one tick.',
  noise: 'loss probability and latency of the radio network',
  params: [],
  create: (sensing) => ({ onDemand: { field: 'inbox', read: (slot, drops) => inbox(sensing, slot, drops) } }),
};

/**
 * This tick's messages to `slot` in delivery order, as many as fit MAX_INBOX_MESSAGES_PER_TICK
 * and MAX_INBOX_BYTES_PER_TICK; a message that does not fit is dropped (a smaller later one may still fit).
 */
function inbox(sensing: Sensing, slot: number, drops: StateDropCounts): readonly InboxMessage[] {
  drops.inbox = 0;
  const world = sensing.world;
  const network = world.comms.radioNetwork;
  if (!network || network.inboxCount(slot) === 0) return NONE;
  const out: InboxMessage[] = [];
  let bytes = 0;
  for (let k = 0; k < network.inboxCount(slot); k++) {
    const size = network.inboxSize(slot, k);
    if (out.length === MAX_INBOX_MESSAGES_PER_TICK || bytes + size > MAX_INBOX_BYTES_PER_TICK) {
      drops.inbox++;
      continue;
    }
    bytes += size;
    out.push({ from: world.idOf(network.inboxFrom(slot, k)), sentTick: network.inboxSentTick(slot, k), payload: network.inboxPayload(slot, k) });
  }
  return out;
}
