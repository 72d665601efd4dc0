import { ManualClock } from '@swarmgate/protocols';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAILED_LOGIN_WINDOW_MS,
  LOGIN_COOLDOWN_MS,
  LoginThrottle,
  MAX_CONCURRENT_PASSWORD_CHECKS,
  MAX_FAILED_LOGINS_PER_ADDRESS,
  MAX_PENDING_LOGINS_PER_ADDRESS,
  addressKey,
} from './LoginThrottle.js';

/** A check that resolves when told to, recording that it ran. */
function gate(result: boolean | null = false) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const gated = { ran: false, open, check: async () => ((gated.ran = true), await opened, result) };
  return gated;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('LoginThrottle', () => {
  it('refuses an address without a check for LOGIN_COOLDOWN_MS after MAX_FAILED_LOGINS_PER_ADDRESS failures in the window; others go on', async () => {
    const clock = new ManualClock(1_000);
    const cooldowns: [string, number][] = [];
    const throttle = new LoginThrottle({ clock, onCooldown: (key, failures) => cooldowns.push([key, failures]) });
    let checks = 0;
    const wrong = () => (checks++, false);
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ADDRESS; i++) expect(await throttle.attempt('10.0.0.9', wrong)).toBe(false);
    expect(cooldowns).toEqual([['10.0.0.9', MAX_FAILED_LOGINS_PER_ADDRESS]]);
    expect([throttle.coolingDown('10.0.0.9'), throttle.coolingDown('10.0.0.7')]).toEqual([true, false]);
    expect(await throttle.attempt('10.0.0.9', () => (checks++, true))).toBe('cooldown');
    expect(checks).toBe(MAX_FAILED_LOGINS_PER_ADDRESS);
    expect(await throttle.attempt('10.0.0.7', () => true)).toBe(true);
    clock.advance(LOGIN_COOLDOWN_MS);
    expect(throttle.coolingDown('10.0.0.9')).toBe(false);
    expect(await throttle.attempt('10.0.0.9', () => true)).toBe(true);
    // Failures spread wider than the window never add up to a cooldown.
    for (let i = 0; i < 3 * MAX_FAILED_LOGINS_PER_ADDRESS; i++) {
      expect(await throttle.attempt('10.0.0.8', wrong)).toBe(false);
      clock.advance(Math.ceil(FAILED_LOGIN_WINDOW_MS / (MAX_FAILED_LOGINS_PER_ADDRESS - 1)) + 1);
    }
    expect(cooldowns).toHaveLength(1);
    // A client that left while waiting records nothing.
    for (let i = 0; i < 3 * MAX_FAILED_LOGINS_PER_ADDRESS; i++) expect(await throttle.attempt('10.0.0.6', () => null)).toBe(null);
    expect(cooldowns).toHaveLength(1);
  });

  it('runs one check per address and MAX_CONCURRENT_PASSWORD_CHECKS in all, waiting ones by address in turn; refuses an address with MAX_PENDING_LOGINS_PER_ADDRESS pending', async () => {
    expect(MAX_CONCURRENT_PASSWORD_CHECKS).toBe(2);
    const throttle = new LoginThrottle({ clock: new ManualClock() });
    const flood = Array.from({ length: MAX_PENDING_LOGINS_PER_ADDRESS }, () => gate());
    const floodResults = flood.map((g) => throttle.attempt('flood', g.check));
    // Over the address's pending logins: refused at once, nothing run.
    expect(await throttle.attempt('flood', () => true)).toBe('busy');
    await tick();
    expect(flood.map((g) => g.ran)).toEqual(flood.map((_, i) => i === 0));
    // Another address takes the second slot at once.
    const quiet = gate(true);
    const quietResult = throttle.attempt('quiet', quiet.check);
    await tick();
    expect(quiet.ran).toBe(true);
    // A third address waits for a slot, and gets the next one before the flood's second check.
    const third = gate(true);
    const thirdResult = throttle.attempt('third', third.check);
    await tick();
    expect(third.ran).toBe(false);
    flood[0]!.open();
    await tick();
    expect(third.ran).toBe(true);
    expect(flood[1]!.ran).toBe(false);
    quiet.open();
    await tick();
    expect(flood[1]!.ran).toBe(true);
    third.open();
    for (const g of flood) g.open();
    expect(await Promise.all([quietResult, thirdResult])).toEqual([true, true]);
    expect(await Promise.all(floodResults)).toEqual(flood.map(() => false));
    expect(throttle.pendingLogins).toBe(0);
  });

  it('keys IPv4 (IPv4-mapped too) by address and IPv6 by its /64', () => {
    expect(addressKey('127.0.0.2')).toBe('127.0.0.2');
    expect(addressKey('::ffff:192.168.1.10')).toBe('192.168.1.10');
    expect(addressKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey(undefined)).toBe('');
    // Any spelling of an address in a /64 (full, zeros compressed, IPv4 tail) keys as the /64.
    const group = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 8 }), (groups, from, len) => {
        const full = groups.map((g) => g.toString(16)).join(':');
        const key = `${groups
          .slice(0, 4)
          .map((g) => g.toString(16))
          .join(':')}::/64`;
        expect(addressKey(full)).toBe(key);
        // Zero a run and compress it.
        const zeroed = groups.map((g, i) => (i >= from && i < from + len ? 0 : g));
        const text = zeroed.map((g) => g.toString(16));
        const end = Math.min(8, from + len);
        const compressed = len > 0 ? `${text.slice(0, from).join(':')}::${text.slice(end).join(':')}` : text.join(':');
        const zeroedKey = `${zeroed
          .slice(0, 4)
          .map((g) => g.toString(16))
          .join(':')}::/64`;
        expect(addressKey(compressed)).toBe(zeroedKey);
        const v4tail = `${text.slice(0, 6).join(':')}:${[zeroed[6]! >> 8, zeroed[6]! & 0xff, zeroed[7]! >> 8, zeroed[7]! & 0xff].join('.')}`;
        expect(addressKey(v4tail)).toBe(zeroedKey);
      }),
    );
  });
});
