import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { allowedHosts, authority, checkBind, httpToken, isLoopback, localAddress, servedAddresses } from './NetworkAccess.js';

describe('NetworkAccess', () => {
  it('tells loopback from the rest: 127.0.0.0/8 and ::1 only; wildcards are beyond loopback', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.5']) {
      expect(isLoopback(address), address).toBe(true);
    }
    for (const address of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', '128.0.0.1', '::2', 'fe80::1', '::ffff:10.0.0.1', 'localhost', '']) {
      expect(isLoopback(address), address).toBe(false);
    }
  });

  it('classifies every IPv4 address by its first octet', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(isLoopback(address)).toBe(address.startsWith('127.'));
      }),
    );
  });

  it('refuses a name, and a bind beyond loopback without a fleet unless insecure', () => {
    expect(() => checkBind('localhost', false, false)).toThrow(/'localhost' is not an IP address/);
    expect(() => checkBind('0.0.0.0', false, false)).toThrow(SwarmgateError);
    expect(() => checkBind('::', false, false)).toThrow(/binding :: opens the gateway/);
    expect(() => checkBind('127.0.0.2', false, false)).not.toThrow();
    expect(() => checkBind('0.0.0.0', true, false)).not.toThrow();
    expect(() => checkBind('192.168.1.10', false, true)).not.toThrow();
    expect(() => checkBind('localhost', true, true)).toThrow(/not an IP address/);
  });

  it('reaches a wildcard bind over loopback, and brackets IPv6 in URLs', () => {
    expect(localAddress('0.0.0.0')).toBe('127.0.0.1');
    expect(localAddress('::')).toBe('::1');
    expect(localAddress('127.0.0.2')).toBe('127.0.0.2');
    expect(authority('::1', 1883)).toBe('[::1]:1883');
    expect(authority('10.1.2.3', 80)).toBe('10.1.2.3:80');
    expect(servedAddresses('127.0.0.2')).toEqual(['127.0.0.2']);
    expect(servedAddresses('0.0.0.0')[0]).toBe('127.0.0.1');
  });

  it('answers to the bound address, localhost on loopback, and the public names', () => {
    expect(allowedHosts('127.0.0.1', 8080, [])).toEqual(new Set(['127.0.0.1:8080', 'localhost:8080']));
    expect(allowedHosts('::1', 8080, [])).toEqual(new Set(['[::1]:8080', 'localhost:8080']));
    expect(allowedHosts('10.0.0.7', 8080, ['Gateway.Lab'])).toEqual(new Set(['10.0.0.7:8080', 'gateway.lab:8080']));
    // Port 80: a browser sends the bare name.
    expect(allowedHosts('10.0.0.7', 80, [])).toEqual(new Set(['10.0.0.7:80', '10.0.0.7']));
  });

  it("requires a token beyond loopback or with a fleet: the fleet file's, or 32 random bytes", () => {
    expect(httpToken('127.0.0.1', undefined, false)).toBeNull();
    expect(httpToken('127.0.0.1', 'from-the-fleet-file', true)).toBe('from-the-fleet-file');
    const generated = [httpToken('127.0.0.1', undefined, true), httpToken('0.0.0.0', undefined, false)];
    for (const token of generated) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generated[0]).not.toBe(generated[1]);
  });
});
