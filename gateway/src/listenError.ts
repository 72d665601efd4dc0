/**
 * One wording for a server that cannot listen, HTTP and MQTT alike: the address, the protocol
 * and the reason in words (not Node's `listen EADDRINUSE: address already in use ...`), so
 * the CLI prints one clear line and no stack trace.
 */
import { SwarmgateError, type ErrorCode } from './errors.js';
import { authority } from './hil/NetworkAccess.js';

const REASONS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'address already in use',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'no such address on this machine',
};

export function listenError(
  code: Extract<ErrorCode, 'SG_BROKER_LISTEN' | 'SG_HTTP_LISTEN'>,
  protocol: 'HTTP' | 'MQTT',
  host: string,
  port: number,
  cause: unknown,
): SwarmgateError {
  const errno = (cause as NodeJS.ErrnoException | null)?.code;
  const reason = (errno !== undefined ? REASONS[errno] : undefined) ?? (cause instanceof Error ? cause.message : String(cause));
  return new SwarmgateError(code, `cannot listen on ${authority(host, port)} (${protocol}): ${reason}`, { cause });
}
