/**
 * The /api/live event stream: LiveFeed's views of the trial, sent over an SseHub.
 *
 *   event: meta      the map frame (MapMeta), on connecting and whenever a new trial replaced the last
 *   event: frame     LiveFrame, at `frameHz` (default 5)
 *   event: explored  ExploredFrame, at 1 Hz
 *   event: fleet     FleetRow[], at 1 Hz
 *
 * Each event is built once per period for every client and sent only when it differs from the
 * last one sent (a finished or paused trial costs nothing but the heartbeat). A new client gets
 * all four at once. Nothing runs while nobody watches.
 */
import type { ServerResponse } from 'node:http';
import { systemClock, type Clock, type TimerHandle } from '@swarmgate/protocols';
import type { LiveFeed } from './LiveFeed.js';
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
  private readonly lastSent = new Map<string, string>();
  /** LiveFeed.trialSerial of the trial lastSent is of. */
  private trialSerial = -1;

  constructor(private readonly options: LiveStreamOptions) {
    this.clock = options.clock ?? systemClock;
    this.periodMs = 1000 / options.frameHz;
    this.framesPerSlow = Math.max(1, Math.round(options.frameHz));
    this.hub = new SseHub({ heartbeatMs: options.heartbeatMs, clock: this.clock, onActiveChange: (active) => this.setActive(active) });
  }

  /** Starts streaming to `response` with the current state. */
  attach(response: ServerResponse): void {
    const { feed } = this.options;
    this.forgetOtherTrial();
    const events = [
      this.current('meta', feed.meta()),
      this.current('frame', feed.frame()),
      this.current('explored', feed.explored()),
      this.current('fleet', feed.fleet()),
    ];
    this.hub.open(response, events.join(''));
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
      this.sendIfChanged('explored', JSON.stringify(feed.explored()));
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
  }

  private sendIfChanged(event: string, data: string): void {
    if (this.lastSent.get(event) === data) return;
    this.lastSent.set(event, data);
    this.hub.broadcast(sseEvent(event, data));
  }

  /**
   * The event as of now for a joining client. Clients already connected get it first if it
   * changed, so every client holds what lastSent says and the next period compares against that.
   */
  private current(event: string, value: unknown): string {
    const data = JSON.stringify(value);
    this.sendIfChanged(event, data);
    return sseEvent(event, data);
  }
}
