import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '@swarmgate/protocols';
import { SseHub, sseEvent } from './SseHub.js';

/** A real ServerResponse with no socket yet: everything written stays buffered (a client that reads nothing). */
function stalledResponse(): ServerResponse {
  return new ServerResponse(new IncomingMessage(new Socket()));
}

/** A response whose unsent bytes the test sets (a client falling behind, then draining), keeping what it was written. */
class ThrottledResponse extends ServerResponse {
  backlog = 0;
  readonly written: string[] = [];

  constructor() {
    super(new IncomingMessage(new Socket()));
    // A data property in Node's types, a getter on the stream: shadowed on the instance.
    Object.defineProperty(this, 'writableLength', { get: () => this.backlog });
  }

  override write(chunk: string): boolean {
    this.written.push(chunk);
    return true;
  }
}

describe('SseHub', () => {
  it('formats one event per block', () => {
    expect(sseEvent('frame', '{"tick":1}')).toBe('event: frame\ndata: {"tick":1}\n\n');
  });

  it('drops chunks for a client that is too far behind, and still serves the others', () => {
    const hub = new SseHub({ heartbeatMs: 1000, maxBufferedBytes: 300, clock: new ManualClock(), resync: () => '' });
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

  it('sends a client that missed chunks the state as of now once it drains, built once for all such clients, then the chunks again', () => {
    let resyncs = 0;
    const hub = new SseHub({ heartbeatMs: 1000, maxBufferedBytes: 300, clock: new ManualClock(), resync: () => `state ${++resyncs}` });
    const [slow, slower, steady] = [new ThrottledResponse(), new ThrottledResponse(), new ThrottledResponse()];
    for (const client of [slow, slower, steady]) {
      hub.open(client, '');
      client.written.length = 0;
    }
    slow.backlog = slower.backlog = 1000;
    hub.broadcast('a');
    slow.backlog = slower.backlog = 0;
    hub.broadcast('b');
    hub.broadcast('c');
    expect(hub.droppedChunks).toBe(2);
    // 'b' may build on 'a' (the explored bitmap's changes): the state replaces both.
    expect(slow.written).toEqual(['state 1', 'c']);
    expect(slower.written).toEqual(['state 1', 'c']);
    expect(steady.written).toEqual(['a', 'b', 'c']);
    hub.closeAll();
  });
});
