/**
 * Consistent Overhead Byte Stuffing (Cheshire & Baker 1999): removes every 0x00 from a
 * payload so 0x00 can delimit frames. Overhead is 1 byte per 254 plus 1.
 * Written here (about 20 lines) rather than taken from a package so the C side can mirror it
 * line by line; the test vectors pin both.
 */

/** Upper bound of cobsEncode's output length for an input of n bytes. */
export function cobsMaxEncodedLength(n: number): number {
  return n + Math.ceil(n / 254) + 1;
}

/** Stuffed bytes with no 0x00 (the caller appends the delimiter). */
export function cobsEncode(input: Uint8Array): Uint8Array {
  const out = new Uint8Array(cobsMaxEncodedLength(input.length));
  let codeIndex = 0; // where the current block's code byte goes
  let code = 1; // 1 + bytes in the current block
  let o = 1;
  for (const byte of input) {
    if (byte === 0) {
      out[codeIndex] = code;
      codeIndex = o++;
      code = 1;
      continue;
    }
    out[o++] = byte;
    code++;
    if (code === 0xff) {
      // A full block of 254 non-zero bytes carries no implied zero.
      out[codeIndex] = code;
      codeIndex = o++;
      code = 1;
    }
  }
  out[codeIndex] = code;
  return out.subarray(0, o);
}

/** The original bytes, or null when the input is not valid COBS (a 0x00, or a code past the end). */
export function cobsDecode(input: Uint8Array): Uint8Array | null {
  const out = new Uint8Array(input.length);
  let i = 0;
  let o = 0;
  while (i < input.length) {
    const code = input[i++];
    const end = i + code - 1;
    if (code === 0 || end > input.length) return null;
    while (i < end) {
      const byte = input[i++];
      if (byte === 0) return null;
      out[o++] = byte;
    }
    if (code !== 0xff && i < input.length) out[o++] = 0;
  }
  return out.subarray(0, o);
}
