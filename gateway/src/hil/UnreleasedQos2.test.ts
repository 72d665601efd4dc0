import { describe, expect, it } from 'vitest';
import { MAX_UNRELEASED_QOS2_PER_CLIENT, UnreleasedQos2, trackIncomingStore, type IncomingStore } from './UnreleasedQos2.js';

describe('UnreleasedQos2', () => {
  it('holds at most maxPerClient per client and maxBytes over all; a retransmission takes no second place', () => {
    const budget = new UnreleasedQos2(3, 1000);
    for (const id of [1, 2, 3]) expect(budget.reserve('a', id, 100)).toBeNull();
    expect(budget.reserve('a', 2, 100)).toBeNull(); // the same packet id again
    expect(budget.reserve('a', 4, 100)).toMatch(/3 unreleased already .*MAX_UNRELEASED_QOS2_PER_CLIENT \(3\)/);
    expect(budget.reserve('b', 1, 700)).toBeNull();
    expect(budget.reserve('c', 1, 1)).toMatch(/hold 1000 of MAX_UNRELEASED_QOS2_BYTES \(1000\)/);
    expect({ messages: budget.messages, bytes: budget.bytes }).toEqual({ messages: 4, bytes: 1000 });
    budget.release('a', 1);
    budget.release('a', 1);
    budget.release('z', 9);
    expect(budget.reserve('a', 4, 100)).toBeNull();
    budget.releaseAll('a');
    budget.releaseAll('b');
    expect({ messages: budget.messages, bytes: budget.bytes }).toEqual({ messages: 0, bytes: 0 });
    expect(MAX_UNRELEASED_QOS2_PER_CLIENT).toBeLessThanOrEqual(16);
  });

  it('releases what the incoming store drops: a PUBREL and a clean', async () => {
    const budget = new UnreleasedQos2();
    const deleted: number[] = [];
    const store: IncomingStore = {
      incomingDelPacket: async (_client, packet) => void deleted.push(packet.messageId!),
    };
    trackIncomingStore(store, budget);
    budget.reserve('a', 1, 10);
    budget.reserve('a', 2, 10);
    budget.reserve('b', 1, 10);
    await store.incomingDelPacket({ id: 'a' }, { messageId: 1 });
    expect(deleted).toEqual([1]);
    expect(budget.bytes).toBe(20);
    await store.cleanIncoming!({ id: 'a' });
    expect({ messages: budget.messages, bytes: budget.bytes }).toEqual({ messages: 1, bytes: 10 });
    // A failed delete (no such packet) releases nothing.
    const failing: IncomingStore = { incomingDelPacket: () => Promise.reject(new Error('no such packet')) };
    trackIncomingStore(failing, budget);
    await expect(failing.incomingDelPacket({ id: 'b' }, { messageId: 1 })).rejects.toThrow('no such packet');
    expect(budget.messages).toBe(1);
  });
});
