import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { hashPasswordMosquitto, hashPasswordScrypt, parsePasswordHash, verifyPasswordHash, verifyPlainPassword } from './PasswordHash.js';

// Written by `mosquitto_passwd -b file alice s3cret` (mosquitto 2.0.11).
const MOSQUITTO_S3CRET = '$7$101$IuEiCRCxmiytt/X2$nGXGgZlDgcJYUGDPLe/bRhVPoYbkUlbJseKmHWbAqavqV02b1CYUU/BdNwcNYt3+Q35mnuOuOpR3YS4tH5UyAQ==';

describe('PasswordHash', () => {
  it('verifies a hash written by mosquitto_passwd', async () => {
    const hash = parsePasswordHash(MOSQUITTO_S3CRET);
    expect(await verifyPasswordHash(hash, Buffer.from('s3cret'))).toBe(true);
    expect(await verifyPasswordHash(hash, Buffer.from('s3creT'))).toBe(false);
  });

  it('round-trips its own scrypt and mosquitto hashes', async () => {
    for (const text of [await hashPasswordScrypt('pa ss'), await hashPasswordMosquitto('pa ss')]) {
      const hash = parsePasswordHash(text);
      expect(await verifyPasswordHash(hash, Buffer.from('pa ss'))).toBe(true);
      expect(await verifyPasswordHash(hash, Buffer.from('pa  ss'))).toBe(false);
    }
  });

  it('compares plain passwords of any length', () => {
    expect(verifyPlainPassword('abc', Buffer.from('abc'))).toBe(true);
    expect(verifyPlainPassword('abc', Buffer.from('abcd'))).toBe(false);
    expect(verifyPlainPassword('abc', Buffer.alloc(0))).toBe(false);
  });

  it('refuses malformed or hostile hashes with a coded error only', () => {
    expect(() => parsePasswordHash('scrypt$1073741824$8$1$AAAA$AAAAAAAAAAAAAAAAAAAAAA==')).toThrow(/SG_PASSWORD_HASH/);
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          parsePasswordHash(text);
        } catch (error) {
          expect((error as SwarmgateError).code).toBe('SG_PASSWORD_HASH');
        }
      }),
    );
  });
});
