/**
 * A Logger that writes a warning or error at most once per interval per key, so a peer that
 * repeats a fault (a controller flooding bad Commands, a robot streaming garbage) costs one
 * line per interval, not one per message. The key is the level, the message and the line's
 * source (its `robotId`, `path`, `link` or `client` field): one robot's flood never hides another's
 * first fault. Lines held back are counted, and the next line written for the key carries the
 * count as `suppressed`. Info lines (lifecycle, one per event) pass through unlimited.
 *
 * Keys are kept for at most `maxKeys` sources (the oldest forgotten first), so a peer inventing
 * new ids cannot grow this without bound.
 */
import { systemClock, type Clock } from '@swarmgate/protocols';
import type { Logger } from './Logger.js';

export interface RateLimitedLoggerOptions {
  /** A key's lines after the first within this long are held back (default 10 s). */
  readonly intervalMs?: number;
  /** Keys remembered (default 1024). */
  readonly maxKeys?: number;
  readonly clock?: Clock;
}

interface KeyState {
  loggedAtMs: number;
  suppressed: number;
}

export class RateLimitedLogger implements Logger {
  /** Lines held back so far, over all keys. */
  suppressed = 0;
  private readonly keys = new Map<string, KeyState>();
  private readonly intervalMs: number;
  private readonly maxKeys: number;
  private readonly clock: Clock;

  constructor(
    private readonly inner: Logger,
    options: RateLimitedLoggerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 10_000;
    this.maxKeys = options.maxKeys ?? 1024;
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

  /** Null when the line is held back; else how many of its key were held back since it was last written. */
  private admit(level: string, message: string, fields: Record<string, unknown> | undefined): number | null {
    const key = `${level}\u0000${message}\u0000${sourceOf(fields)}`;
    const nowMs = this.clock.nowMs();
    const state = this.keys.get(key);
    if (state && nowMs - state.loggedAtMs < this.intervalMs) {
      state.suppressed++;
      this.suppressed++;
      return null;
    }
    // Re-inserted so the Map's order is least recently logged first: the one to forget.
    this.keys.delete(key);
    this.keys.set(key, { loggedAtMs: nowMs, suppressed: 0 });
    if (this.keys.size > this.maxKeys) this.keys.delete(this.keys.keys().next().value as string);
    return state?.suppressed ?? 0;
  }
}

function withSuppressed(fields: Record<string, unknown> | undefined, suppressed: number): Record<string, unknown> | undefined {
  return suppressed > 0 ? { ...fields, suppressed } : fields;
}

/** Who a line is about: its robot, serial port, link or HTTP client field ('' when none). */
function sourceOf(fields: Record<string, unknown> | undefined): string {
  const source = fields?.robotId ?? fields?.path ?? fields?.link ?? fields?.client;
  return typeof source === 'string' ? source.slice(0, 128) : '';
}
