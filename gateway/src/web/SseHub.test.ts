import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '@swarmgate/protocols';
import { SseHub, sseEvent } from './SseHub.js';

/** A real ServerResponse with no socket yet: everything written stays buffered (a client that reads nothing). */
function stalledResponse(): ServerResponse {
  return new ServerResponse(new IncomingMessage(new Socket()));
}

describe('SseHub', () => {
  it('formats one event per block', () => {
    expect(sseEvent('frame', '{"tick":1}')).toBe('event: frame\ndata: {"tick":1}\n\n');
  });

  it('drops chunks for a client that is too far behind, and still serves the others', () => {
    const hub = new SseHub({ heartbeatMs: 1000, maxBufferedBytes: 300, clock: new ManualClock() });
    const slow = stalledResponse();
    hub.open(slow, '');
    const chunk = sseEvent('frame', 'x'.repeat(100));
    for (let k = 0; k < 10; k++) hub.broadcast(chunk);
    const buffered = slow.writableLength;
    expect(buffered).toBeLessThan(300 + 2 * chunk.length);
    expect(hub.droppedChunks).toBeGreaterThan(0);
    const fresh = stalledResponse();
    hub.open(fresh, '');
    const dropped = hub.droppedChunks;
    hub.broadcast(chunk);
    expect(hub.droppedChunks).toBe(dropped + 1);
    expect(fresh.writableLength).toBeGreaterThan(chunk.length);
    hub.closeAll();
  });
});
