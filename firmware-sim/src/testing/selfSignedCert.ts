import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SwarmgateError } from '../errors.js';

/** A certificate and its key as PEM files, for a broker listening with TLS. */
export interface TestCertificate {
  readonly certPath: string;
  readonly keyPath: string;
  /** Removes both files. */
  remove(): void;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost (a CA of itself, so a client can trust
 * it as its --ca), made by the openssl CLI in a temp dir: for tests of a TLS listener. Trust
 * chains with a separate CA are test/src/interop/mqttTls.test.ts's.
 */
export function selfSignedCert(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'sg-cert-'));
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=swarmgate test'],
        ...['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-addext', 'basicConstraints=critical,CA:TRUE'],
        ...['-keyout', keyPath, '-out', certPath],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (cause) {
    rmSync(dir, { recursive: true, force: true });
    throw new SwarmgateError('SG_HARNESS', `openssl could not make a certificate: ${String((cause as { stderr?: unknown }).stderr ?? cause).trim()}`, {
      cause,
    });
  }
  return { certPath, keyPath, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
