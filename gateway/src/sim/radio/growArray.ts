/**
 * Typed-array growth by doubling: the buffers here are allocated once and reused, and grow
 * only when a trial needs more than ever before, so the amortised cost per tick is zero.
 */
export function growArray<T extends Int32Array | Float64Array | Uint8Array>(array: T, minLength: number, fill = 0): T {
  if (array.length >= minLength) return array;
  let length = Math.max(1, array.length * 2);
  while (length < minLength) length *= 2;
  const grown = new (array.constructor as new (length: number) => T)(length);
  if (fill !== 0) grown.fill(fill);
  grown.set(array);
  return grown;
}
