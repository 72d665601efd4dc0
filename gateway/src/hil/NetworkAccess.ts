/**
 * Where `swarmgate serve` listens and who may talk to its HTTP side: the bind address (HTTP and
 * the embedded broker share it), the rule that a bind beyond loopback needs a fleet file (or an
 * explicit `insecure`), the HTTP bearer token, and the Host / Origin values the HTTP server
 * answers to (the DNS-rebinding defence).
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { SwarmgateError } from '../errors.js';

export const DEFAULT_BIND = '127.0.0.1';

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x: reachable from this machine only. */
export function isLoopback(address: string): boolean {
  const lower = address.toLowerCase();
  const v4 = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(lower) === 6 && canonicalV6(lower) === '::1';
}

/** An IPv6 address in its shortest form (`0:0::1` -> `::1`), as the URL parser writes it. */
function canonicalV6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || (isIP(address) === 6 && canonicalV6(address) === '::');
}

/**
 * Checks a bind address. A name such as `localhost` is refused: it can resolve to several
 * addresses, and the Host check and the printed URLs need the one actually bound.
 */
export function checkBind(bind: string, hasFleet: boolean, insecure: boolean): void {
  if (isIP(bind) === 0) {
    throw new SwarmgateError('SG_BIND', `bind address '${bind}' is not an IP address (e.g. 127.0.0.1, 192.168.1.10, 0.0.0.0, ::)`);
  }
  if (!isLoopback(bind) && !hasFleet && !insecure) {
    throw new SwarmgateError(
      'SG_BIND',
      `binding ${bind} opens the gateway beyond this machine, and without a fleet file any robot or client there may connect and command; give --fleet FILE, or --insecure to accept that`,
    );
  }
}

/** The address this machine's own clients use to reach a server bound to `bind`. */
export function localAddress(bind: string): string {
  if (!isWildcard(bind)) return bind;
  return isIP(bind) === 6 ? '::1' : '127.0.0.1';
}

/** `host:port` as a URL authority (IPv6 in brackets). */
export function authority(address: string, port: number): string {
  return `${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
}

/**
 * The addresses a server bound to `bind` can be reached at, for the printed URLs: the address
 * itself, or for a wildcard every interface address of its family (loopback first).
 */
export function servedAddresses(bind: string): string[] {
  if (!isWildcard(bind)) return [bind];
  const v6 = isIP(bind) === 6;
  const found = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((info) => (v6 ? true : info.family === 'IPv4') && !info.address.toLowerCase().startsWith('fe80'))
    .map((info) => info.address);
  return [...new Set([localAddress(bind), ...found])];
}

/**
 * Host header values the HTTP server answers to, lower-case: every served address with the
 * port, `localhost` when loopback is served, and `publicHosts` (DNS names of the gateway).
 * A browser omits the port for 80, so then the bare name counts too.
 */
export function allowedHosts(bind: string, port: number, publicHosts: readonly string[]): Set<string> {
  const names = servedAddresses(bind);
  if (names.some(isLoopback)) names.push('localhost');
  names.push(...publicHosts);
  const hosts = new Set<string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    hosts.add(authority(lower, port));
    if (port === 80) hosts.add(isIP(lower) === 6 ? `[${lower}]` : lower);
  }
  return hosts;
}

/**
 * The HTTP token: required when the gateway listens beyond loopback or runs a fleet; the
 * fleet file's `http.token` when it has one, else 32 random bytes. null: none required.
 */
export function httpToken(bind: string, fleetToken: string | null | undefined, hasFleet: boolean): string | null {
  if (fleetToken) return fleetToken;
  if (isLoopback(bind) && !hasFleet) return null;
  return randomBytes(32).toString('base64url');
}
