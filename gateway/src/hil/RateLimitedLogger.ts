/**
 * A Logger that writes a warning or error at most once per interval per key, so a peer that
 * repeats a fault (a controller flooding bad Commands, a robot streaming garbage) costs one
 * line per interval, not one per message. The key is the level, the message and the line's
 * source (its `robotId`, `path`, `link` or `client` field): one robot's flood never hides another's
 * first fault. Lines held back are counted, and the next line written for the key carries the
 * count as `suppressed`. Info lines (lifecycle, one per event) pass through unlimited.
 *
 * Keys are kept for at most `maxKeys` sources (the oldest forgotten first), so a peer inventing
 * new ids cannot grow this without bound. And a message is written for at most
 * `maxSourcesPerMessage` sources an interval: a stray spraying a new robot id a Birth (bench
 * mode) otherwise cost a line per id. The sources held back are counted, and the message's first
 * line of a later interval carries the count as `otherSourcesSuppressed`.
 */
import { systemClock, type Clock } from '@swarmgate/protocols';
import type { Logger } from './Logger.js';

export interface RateLimitedLoggerOptions {
  /** A key's lines after the first within this long are held back (default 10 s). */
  readonly intervalMs?: number;
  /** Keys remembered (default 1024). */
  readonly maxKeys?: number;
  /** Sources a message is written for per interval (default 16). */
  readonly maxSourcesPerMessage?: number;
  readonly clock?: Clock;
}

interface KeyState {
  loggedAtMs: number;
  suppressed: number;
}

/** A message's current interval: since when, sources written in it, sources held back since last written. */
interface MessageWindow {
  startMs: number;
  sources: number;
  heldSources: number;
}

export class RateLimitedLogger implements Logger {
  /** Lines held back so far, over all keys. */
  suppressed = 0;
  private readonly keys = new Map<string, KeyState>();
  private readonly windows = new Map<string, MessageWindow>();
  private readonly intervalMs: number;
  private readonly maxKeys: number;
  private readonly maxSourcesPerMessage: number;
  private readonly clock: Clock;

  constructor(
    private readonly inner: Logger,
    options: RateLimitedLoggerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 10_000;
    this.maxKeys = options.maxKeys ?? 1024;
    this.maxSourcesPerMessage = options.maxSourcesPerMessage ?? 16;
    this.clock = options.clock ?? systemClock;
  }

  info(message: string, fields?: Record<string, unknown>): void {
    this.inner.info(message, fields);
  }

  warn(message: string, fields?: Record<string, unknown>): void {
    const held = this.admit('warn', message, fields);
    if (held !== null) this.inner.warn(message, withSuppressed(fields, held));
  }

  error(message: string, fields?: Record<string, unknown>): void {
    const held = this.admit('error', message, fields);
    if (held !== null) this.inner.error(message, withSuppressed(fields, held));
  }

  /** Null when the line is held back; else what was held back since its key, and its message's sources, were last written. */
  private admit(level: string, message: string, fields: Record<string, unknown> | undefined): Held | null {
    const messageKey = `${level}\u0000${message}`;
    const key = `${messageKey}\u0000${sourceOf(fields)}`;
    const nowMs = this.clock.nowMs();
    const state = this.keys.get(key);
    if (state && nowMs - state.loggedAtMs < this.intervalMs) {
      state.suppressed++;
      this.suppressed++;
      return null;
    }
    const otherSources = this.admitSource(messageKey, nowMs);
    if (otherSources === null) {
      this.suppressed++;
      return null;
    }
    // Re-inserted so the Map's order is least recently logged first: the one to forget.
    this.keys.delete(key);
    this.keys.set(key, { loggedAtMs: nowMs, suppressed: 0 });
    if (this.keys.size > this.maxKeys) this.keys.delete(this.keys.keys().next().value as string);
    return { suppressed: state?.suppressed ?? 0, otherSources };
  }

  /** A source's first line in an interval: null when its message has had its sources; else the ones held back before. */
  private admitSource(messageKey: string, nowMs: number): number | null {
    let window = this.windows.get(messageKey);
    if (!window || nowMs - window.startMs >= this.intervalMs) {
      window = { startMs: nowMs, sources: 0, heldSources: window?.heldSources ?? 0 };
      this.windows.delete(messageKey);
      this.windows.set(messageKey, window);
      if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value as string);
    }
    if (window.sources >= this.maxSourcesPerMessage) {
      window.heldSources++;
      return null;
    }
    window.sources++;
    const held = window.heldSources;
    window.heldSources = 0;
    return held;
  }
}

/** Lines held back: of the line's own key, and of its message's other sources. */
interface Held {
  readonly suppressed: number;
  readonly otherSources: number;
}

function withSuppressed(fields: Record<string, unknown> | undefined, held: Held): Record<string, unknown> | undefined {
  if (held.suppressed === 0 && held.otherSources === 0) return fields;
  return {
    ...fields,
    ...(held.suppressed > 0 ? { suppressed: held.suppressed } : {}),
    ...(held.otherSources > 0 ? { otherSourcesSuppressed: held.otherSources } : {}),
  };
}

/** Who a line is about: its robot, serial port, link or HTTP client field ('' when none). */
function sourceOf(fields: Record<string, unknown> | undefined): string {
  const source = fields?.robotId ?? fields?.path ?? fields?.link ?? fields?.client;
  return typeof source === 'string' ? source.slice(0, 128) : '';
}
