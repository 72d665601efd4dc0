/**
 * Password checks for the broker. A fleet file holds either a plain password or a hash in
 * one of two formats:
 * - `scrypt$N$r$p$<salt b64>$<key b64>`: node:crypto scrypt, our own format;
 * - `$7$<iterations>$<salt b64>$<key b64>`: Mosquitto 2's PBKDF2-SHA512 (64-byte key), so
 *   a hash made with `mosquitto_passwd` works in both brokers unchanged.
 * Every comparison is constant-time over equal-length buffers.
 */
import { pbkdf2, randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';
import { SwarmgateError } from '../errors.js';

export type PasswordHash =
  | { readonly kind: 'scrypt'; readonly costN: number; readonly blockR: number; readonly parallelP: number; readonly salt: Buffer; readonly key: Buffer }
  | { readonly kind: 'pbkdf2-sha512'; readonly iterations: number; readonly salt: Buffer; readonly key: Buffer };

/** Mosquitto 2's defaults (its password_mosq.c): 101 iterations, 12-byte salt, 64-byte key. */
const MOSQUITTO_ITERATIONS = 101;
const MOSQUITTO_SALT_BYTES = 12;
const PBKDF2_KEY_BYTES = 64;
const SCRYPT_DEFAULTS = { costN: 16384, blockR: 8, parallelP: 1 } as const;
const SCRYPT_KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function positiveInt(text: string, max: number): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= max ? value : undefined;
}

function base64(text: string): Buffer | undefined {
  return BASE64.test(text) ? Buffer.from(text, 'base64') : undefined;
}

/** Parses a stored hash; throws SG_PASSWORD_HASH naming the format expected. */
export function parsePasswordHash(text: string): PasswordHash {
  const parts = text.split('$');
  if (parts[0] === 'scrypt' && parts.length === 6) {
    // Bounds keep a hostile fleet file from asking scrypt for gigabytes of memory.
    const costN = positiveInt(parts[1], 1 << 20);
    const blockR = positiveInt(parts[2], 32);
    const parallelP = positiveInt(parts[3], 16);
    const salt = base64(parts[4]);
    const key = base64(parts[5]);
    if (costN && (costN & (costN - 1)) === 0 && costN > 1 && blockR && parallelP && salt && key && key.length >= 16) {
      return { kind: 'scrypt', costN, blockR, parallelP, salt, key };
    }
  }
  if (parts[0] === '' && parts[1] === '7' && parts.length === 5) {
    const iterations = positiveInt(parts[2], 10_000_000);
    const salt = base64(parts[3]);
    const key = base64(parts[4]);
    if (iterations && salt && key && key.length === PBKDF2_KEY_BYTES) {
      return { kind: 'pbkdf2-sha512', iterations, salt, key };
    }
  }
  throw new SwarmgateError('SG_PASSWORD_HASH', 'expected scrypt$N$r$p$<salt base64>$<key base64> or a mosquitto $7$<iterations>$<salt>$<key> hash');
}

function derive(hash: PasswordHash, password: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, key: Buffer) => (error ? reject(error) : resolve(key));
    if (hash.kind === 'scrypt') {
      const maxmem = 256 * hash.costN * hash.blockR * hash.parallelP;
      scrypt(password, hash.salt, hash.key.length, { N: hash.costN, r: hash.blockR, p: hash.parallelP, maxmem }, done);
    } else {
      pbkdf2(password, hash.salt, hash.iterations, hash.key.length, 'sha512', done);
    }
  });
}

/** Constant-time check of a candidate password against a stored hash. */
export async function verifyPasswordHash(hash: PasswordHash, candidate: Buffer): Promise<boolean> {
  const key = await derive(hash, candidate);
  return timingSafeEqual(key, hash.key);
}

/** Constant-time check against a plain password: compares digests, so lengths never leak. */
export function verifyPlainPassword(expected: string, candidate: Buffer): boolean {
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(candidate).digest();
  return timingSafeEqual(a, b);
}

export async function hashPasswordScrypt(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash: PasswordHash = { kind: 'scrypt', ...SCRYPT_DEFAULTS, salt, key: Buffer.alloc(SCRYPT_KEY_BYTES) };
  const key = await derive(hash, Buffer.from(password, 'utf8'));
  const { costN, blockR, parallelP } = SCRYPT_DEFAULTS;
  return `scrypt$${costN}$${blockR}$${parallelP}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** The line Mosquitto 2's `mosquitto_passwd` would write (after `user:`). */
export async function hashPasswordMosquitto(password: string): Promise<string> {
  const salt = randomBytes(MOSQUITTO_SALT_BYTES);
  const hash: PasswordHash = {
    kind: 'pbkdf2-sha512',
    iterations: MOSQUITTO_ITERATIONS,
    salt,
    key: Buffer.alloc(PBKDF2_KEY_BYTES),
  };
  const key = await derive(hash, Buffer.from(password, 'utf8'));
  return `$7$${MOSQUITTO_ITERATIONS}$${salt.toString('base64')}$${key.toString('base64')}`;
}
