/**
 * Server-Sent Events without a dependency: the open responses of one stream, each chunk
 * serialised once and written to all of them.
 *
 * Hazards handled here:
 * - A slow client (a laptop on a bad Wi-Fi, a background tab) must not make the gateway buffer
 *   without bound: while a client has more than `maxBufferedBytes` unsent, its chunks are
 *   dropped and counted. Once it drains it gets `resync()`, the state as of now, instead of the
 *   next chunk: a dropped event may be one the stream does not send again (an unchanged fleet)
 *   or one later events build on (the explored bitmap's changes).
 * - Proxies and browsers close a stream that stays silent; a comment line goes out after
 *   `heartbeatMs` without any write.
 * - A closed tab must not leave a response in the set: 'close' removes it.
 */
import type { ServerResponse } from 'node:http';
import { systemClock, type Clock, type TimerHandle } from '@swarmgate/protocols';

export interface SseHubOptions {
  /** A comment line goes out when nothing was written for this long. */
  readonly heartbeatMs: number;
  /** Unsent bytes per client above which its chunks are dropped. */
  readonly maxBufferedBytes?: number;
  /**
   * The stream's state as of now (every event a new client gets), for a client that missed
   * chunks; asked while a chunk is broadcast, so it must already hold that chunk's change.
   */
  readonly resync: () => string;
  readonly clock?: Clock;
  /** Called when the first client joins (start producing) and when the last leaves (stop). */
  readonly onActiveChange?: (active: boolean) => void;
}

/** One SSE event; `data` must be a single line (JSON.stringify output is). */
export function sseEvent(event: string, data: string): string {
  return `event: ${event}\ndata: ${data}\n\n`;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx buffers responses by default, which would hold frames back.
  'x-accel-buffering': 'no',
} as const;

/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 2000;

export class SseHub {
  /** Chunks not written to a client because it was behind. */
  droppedChunks = 0;
  /** Each open response, and whether it missed a chunk since it was last in step. */
  private readonly clients = new Map<ServerResponse, { missed: boolean }>();
  private readonly clock: Clock;
  private readonly maxBufferedBytes: number;
  private heartbeat: TimerHandle | null = null;
  private lastWriteMs = 0;

  constructor(private readonly options: SseHubOptions) {
    this.clock = options.clock ?? systemClock;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1 << 20;
  }

  get size(): number {
    return this.clients.size;
  }

  /** Sends the SSE headers and `first` (the current state) to a new client and keeps it. */
  open(response: ServerResponse, first: string): void {
    response.writeHead(200, SSE_HEADERS);
    response.write(`retry: ${RETRY_MS}\n\n${first}`);
    this.clients.set(response, { missed: false });
    response.on('close', () => this.remove(response));
    if (this.clients.size === 1) {
      this.lastWriteMs = this.clock.nowMs();
      this.armHeartbeat();
      this.options.onActiveChange?.(true);
    }
  }

  broadcast(chunk: string): void {
    // Built once for all the clients that need it, and only when one does.
    let resync: string | null = null;
    for (const [client, state] of this.clients) {
      if (client.writableLength > this.maxBufferedBytes) {
        this.droppedChunks++;
        state.missed = true;
      } else if (state.missed) {
        resync ??= this.options.resync();
        client.write(resync);
        state.missed = false;
      } else client.write(chunk);
    }
    this.lastWriteMs = this.clock.nowMs();
  }

  /** Ends every stream (server shutdown: open streams would otherwise hold close() forever). */
  closeAll(): void {
    for (const client of [...this.clients.keys()]) {
      this.remove(client);
      client.end();
    }
  }

  private remove(response: ServerResponse): void {
    if (!this.clients.delete(response) || this.clients.size > 0) return;
    if (this.heartbeat) this.clock.clearTimeout(this.heartbeat);
    this.heartbeat = null;
    this.options.onActiveChange?.(false);
  }

  private armHeartbeat(): void {
    const { heartbeatMs } = this.options;
    // One timer re-armed for the next due time, not reset on every write (5 Hz frames).
    const check = (): void => {
      if (this.clock.nowMs() - this.lastWriteMs >= heartbeatMs) this.broadcast(': keepalive\n\n');
      this.heartbeat = this.clock.setTimeout(check, Math.max(1, this.lastWriteMs + heartbeatMs - this.clock.nowMs()));
    };
    this.heartbeat = this.clock.setTimeout(check, heartbeatMs);
  }
}
