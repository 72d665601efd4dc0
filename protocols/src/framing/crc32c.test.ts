import { describe, expect, it } from 'vitest';
import { crc32c } from './crc32c.js';

describe('crc32c', () => {
  it('matches the CRC-32C check value and RFC 3720 test patterns', () => {
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
    expect(crc32c(new Uint8Array(32))).toBe(0x8a9136aa);
    expect(crc32c(new Uint8Array(32).fill(0xff))).toBe(0x62a8ab43);
    expect(crc32c(new Uint8Array())).toBe(0);
  });
});
