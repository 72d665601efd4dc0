/**
 * Throttling of the embedded broker's password hash checks, per remote address. A check of a
 * scrypt hash costs 50-200 ms of a libuv threadpool thread (4 of them, shared with the file
 * system and DNS): 3000 wrong-password CONNECTs from one address, all checked, queued a real
 * robot's login for 55 s. So:
 * - an address with `MAX_FAILED_LOGINS_PER_ADDRESS` failed hash checks within
 *   `FAILED_LOGIN_WINDOW_MS` is refused for `LOGIN_COOLDOWN_MS`, every login without a check
 *   (`coolingDown`);
 * - at most `MAX_CONCURRENT_PASSWORD_CHECKS` checks run at once (leaving threads for the rest of
 *   the gateway), at most one per address, the waiting ones taken in turn by address (round
 *   robin): a login from a quiet address waits for at most the checks already running, whatever
 *   another address floods;
 * - at most `MAX_PENDING_LOGINS_PER_ADDRESS` logins of an address are pending (checked or
 *   waiting), `MAX_PENDING_LOGINS` in all: the rest are refused at once, without a check.
 * Several logins from one address at once are normal (the gateway's own two clients, a machine
 * running several simulated robots): they wait their turn instead of being refused.
 *
 * An IPv6 address counts by its /64 (`addressKey`): one host usually holds a whole /64.
 */
import { isIP } from 'node:net';
import { systemClock, type Clock } from '@swarmgate/protocols';

export const MAX_FAILED_LOGINS_PER_ADDRESS = 10;
export const FAILED_LOGIN_WINDOW_MS = 60_000;
export const LOGIN_COOLDOWN_MS = 60_000;
export const MAX_CONCURRENT_PASSWORD_CHECKS = 2;
export const MAX_PENDING_LOGINS_PER_ADDRESS = 8;
export const MAX_PENDING_LOGINS = 256;
/** Addresses remembered (the oldest idle one forgotten first). */
export const MAX_TRACKED_ADDRESSES = 4096;

/** Why a login was refused without a check. */
export type LoginRefusal =
  /** The address failed too often lately. */
  | 'cooldown'
  /** The address has MAX_PENDING_LOGINS_PER_ADDRESS logins pending. */
  | 'busy'
  /** MAX_PENDING_LOGINS logins are pending in all. */
  | 'saturated';

export interface LoginThrottleOptions {
  readonly clock?: Clock;
  /** Heard when an address starts its cooldown, with the failures that caused it. */
  readonly onCooldown?: (key: string, failures: number) => void;
}

interface AddressState {
  windowStartMs: number;
  failures: number;
  lockedUntilMs: number;
  pending: number;
}

export class LoginThrottle {
  private readonly addresses = new Map<string, AddressState>();
  /** Waiting checks by address; the Map's order is the round robin's. */
  private readonly waiting = new Map<string, (() => void)[]>();
  /** Addresses with a check running. */
  private readonly running = new Set<string>();
  private pending = 0;
  private readonly clock: Clock;

  constructor(private readonly options: LoginThrottleOptions = {}) {
    this.clock = options.clock ?? systemClock;
  }

  /** Whether logins from the address `key` are refused for now (its failures). */
  coolingDown(key: string): boolean {
    return (this.addresses.get(key)?.lockedUntilMs ?? 0) > this.clock.nowMs();
  }

  /** Logins pending (checked or waiting), over every address. */
  get pendingLogins(): number {
    return this.pending;
  }

  /**
   * Runs `check` for a login from the address `key` when its turn comes, and records a failure
   * (false). `check` returns null when the login no longer matters (its client left): nothing
   * is recorded. A refusal is returned without running `check`.
   */
  async attempt(key: string, check: () => Promise<boolean | null> | boolean | null): Promise<boolean | null | LoginRefusal> {
    const state = this.stateOf(key);
    if (state.lockedUntilMs > this.clock.nowMs()) return 'cooldown';
    if (state.pending >= MAX_PENDING_LOGINS_PER_ADDRESS) return 'busy';
    if (this.pending >= MAX_PENDING_LOGINS) return 'saturated';
    state.pending++;
    this.pending++;
    try {
      await this.turn(key);
      try {
        // Failures of the logins ahead of this one may have started a cooldown meanwhile.
        if (state.lockedUntilMs > this.clock.nowMs()) return 'cooldown';
        const ok = await check();
        if (ok === false) this.failed(key, state);
        return ok;
      } finally {
        this.running.delete(key);
        // This address had its turn: its next waiting check goes behind every other address's.
        const queue = this.waiting.get(key);
        if (queue) {
          this.waiting.delete(key);
          this.waiting.set(key, queue);
        }
        this.next();
      }
    } finally {
      state.pending--;
      this.pending--;
    }
  }

  private stateOf(key: string): AddressState {
    let state = this.addresses.get(key);
    if (state) return state;
    if (this.addresses.size >= MAX_TRACKED_ADDRESSES) {
      const nowMs = this.clock.nowMs();
      let victim: string | undefined;
      for (const [k, s] of this.addresses) {
        if (s.pending > 0) continue;
        victim ??= k;
        if (s.lockedUntilMs <= nowMs) {
          victim = k;
          break;
        }
      }
      if (victim !== undefined) this.addresses.delete(victim);
    }
    state = { windowStartMs: this.clock.nowMs(), failures: 0, lockedUntilMs: 0, pending: 0 };
    this.addresses.set(key, state);
    return state;
  }

  private failed(key: string, state: AddressState): void {
    const nowMs = this.clock.nowMs();
    if (nowMs - state.windowStartMs >= FAILED_LOGIN_WINDOW_MS) {
      state.windowStartMs = nowMs;
      state.failures = 0;
    }
    state.failures++;
    if (state.failures < MAX_FAILED_LOGINS_PER_ADDRESS) return;
    state.lockedUntilMs = nowMs + LOGIN_COOLDOWN_MS;
    this.options.onCooldown?.(key, state.failures);
    state.failures = 0;
    state.windowStartMs = nowMs;
  }

  /** Resolves when a check for `key` may run (a slot taken; the caller frees it, then calls next()). */
  private turn(key: string): Promise<void> {
    if (this.running.size < MAX_CONCURRENT_PASSWORD_CHECKS && !this.running.has(key) && !this.waiting.has(key)) {
      this.running.add(key);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push(resolve);
      else this.waiting.set(key, [resolve]);
      this.next();
    });
  }

  /** Starts waiting checks while slots are free: the first address in turn without one running. */
  private next(): void {
    while (this.running.size < MAX_CONCURRENT_PASSWORD_CHECKS) {
      let started = false;
      for (const [key, queue] of this.waiting) {
        if (this.running.has(key)) continue;
        const resolve = queue.shift()!;
        // To the back of the round robin (or out of it, done).
        this.waiting.delete(key);
        if (queue.length > 0) this.waiting.set(key, queue);
        this.running.add(key);
        resolve();
        started = true;
        break;
      }
      if (!started) return;
    }
  }
}

/** What a remote address is throttled by: an IPv4 address (IPv4-mapped too), an IPv6 /64, or '' when unknown. */
export function addressKey(remote: string | undefined): string {
  if (remote === undefined) return '';
  const lower = remote.toLowerCase();
  const mapped = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower;
  if (isIP(mapped) === 4) return mapped;
  if (isIP(lower) !== 6) return lower;
  // The URL parser writes an embedded IPv4 part in hex and compresses zeros: expand from that.
  const canonical = new URL(`http://[${lower.split('%', 1)[0]}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).join(':')}::/64`;
}
