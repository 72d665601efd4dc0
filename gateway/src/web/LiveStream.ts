/**
 * The /api/live event stream: LiveFeed's views of the trial, sent over an SseHub.
 *
 *   event: meta      the map frame (MapMeta), on connecting and whenever a new trial replaced the last
 *   event: frame     LiveFrame, at `frameHz` (default 5)
 *   event: explored  ExploredFrame, at 1 Hz: the bitmap's changed bytes (exploredFrame.ts; whole on
 *                    connecting, for a new trial, or when that is shorter)
 *   event: fleet     FleetRow[], at 1 Hz
 *
 * Each event is built once per period for every client and sent only when it differs from the
 * last one sent (a finished or paused trial costs nothing but the heartbeat). Every client holds
 * that baseline: a new client gets all four at once, the explored bitmap whole, and so does a
 * client that missed chunks (SseHub's resync) before it is sent changes again. Nothing runs
 * while nobody watches.
 */
import type { ServerResponse } from 'node:http';
import { systemClock, type Clock, type TimerHandle } from '@swarmgate/protocols';
import type { LiveFeed } from './LiveFeed.js';
import { exploredFrame, fullExploredFrame } from './exploredFrame.js';
import { SseHub, sseEvent } from './SseHub.js';

export interface LiveStreamOptions {
  readonly feed: LiveFeed;
  /** Robot frames per second (the explored bitmap and the fleet go at 1 Hz). */
  readonly frameHz: number;
  readonly heartbeatMs: number;
  readonly clock?: Clock;
}

export class LiveStream {
  readonly hub: SseHub;
  private readonly clock: Clock;
  private readonly periodMs: number;
  private readonly framesPerSlow: number;
  private timer: TimerHandle | null = null;
  private cycle = 0;
  /** The JSON last sent of each event but explored. */
  private readonly lastSent = new Map<string, string>();
  /** The explored bitmap every client holds; null before the trial's first. */
  private explored: Uint8Array | null = null;
  /** LiveFeed.trialSerial of the trial lastSent and explored are of. */
  private trialSerial = -1;

  constructor(private readonly options: LiveStreamOptions) {
    this.clock = options.clock ?? systemClock;
    this.periodMs = 1000 / options.frameHz;
    this.framesPerSlow = Math.max(1, Math.round(options.frameHz));
    this.hub = new SseHub({
      heartbeatMs: options.heartbeatMs,
      clock: this.clock,
      onActiveChange: (active) => this.setActive(active),
      resync: () => this.snapshot(),
    });
  }

  /**
   * Starts streaming to `response` with the current state. Clients already connected get what
   * changed first, so every client holds the same baseline and the next period compares against it.
   */
  attach(response: ServerResponse): void {
    const { feed } = this.options;
    this.forgetOtherTrial();
    this.sendIfChanged('meta', JSON.stringify(feed.meta()));
    this.sendIfChanged('frame', JSON.stringify(feed.frame()));
    this.sendExplored();
    this.sendIfChanged('fleet', JSON.stringify(feed.fleet()));
    this.hub.open(response, this.snapshot());
  }

  /** Ends every stream and stops the timer. */
  close(): void {
    this.hub.closeAll();
  }

  private setActive(active: boolean): void {
    if (active) {
      this.cycle = 0;
      this.timer = this.clock.setTimeout(this.onTimer, this.periodMs);
    } else if (this.timer) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private readonly onTimer = (): void => {
    const { feed } = this.options;
    // A trial created through the API: its meta goes out before its first frame, even when its map
    // has the old one's size (a client reloads its map image on a meta).
    this.forgetOtherTrial();
    this.sendIfChanged('meta', JSON.stringify(feed.meta()));
    this.sendIfChanged('frame', JSON.stringify(feed.frame()));
    if (++this.cycle % this.framesPerSlow === 0) {
      this.sendExplored();
      this.sendIfChanged('fleet', JSON.stringify(feed.fleet()));
    }
    // The hub may have emptied during a write (a client closed): setActive(false) cleared the timer.
    if (this.hub.size > 0) this.timer = this.clock.setTimeout(this.onTimer, this.periodMs);
  };

  private forgetOtherTrial(): void {
    const serial = this.options.feed.trialSerial();
    if (serial === this.trialSerial) return;
    this.trialSerial = serial;
    this.lastSent.clear();
    this.explored = null;
  }

  private sendIfChanged(event: string, data: string): void {
    if (this.lastSent.get(event) === data) return;
    this.lastSent.set(event, data);
    this.hub.broadcast(sseEvent(event, data));
  }

  /** The bitmap's changes since the baseline (all of it for a new trial), when there are any. */
  private sendExplored(): void {
    const bits = this.options.feed.exploredBitmap();
    const frame = exploredFrame(this.explored, bits);
    if (frame === null) return;
    // The feed refills its bitmap on the next call: the stream keeps its own copy, before the
    // broadcast, which may ask for a snapshot holding this change.
    if (this.explored?.length === bits.length) this.explored.set(bits);
    else this.explored = bits.slice();
    this.hub.broadcast(sseEvent('explored', JSON.stringify(frame)));
  }

  /** Every event of the baseline, in the order a new client gets them, the explored bitmap whole. */
  private snapshot(): string {
    const event = (name: string): string => {
      const data = this.lastSent.get(name);
      return data === undefined ? '' : sseEvent(name, data);
    };
    const explored = this.explored === null ? '' : sseEvent('explored', JSON.stringify(fullExploredFrame(this.explored)));
    return event('meta') + event('frame') + explored + event('fleet');
  }
}
