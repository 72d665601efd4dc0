import { SwarmgateError } from '../errors.js';

const utf8 = new TextEncoder();

/**
 * The bytes a broadcast or tag payload travels as, the same on every backend: a Uint8Array is
 * copied (the sender may reuse its buffer), anything else is sent as UTF-8 JSON.
 */
export function payloadBytes(payload: Uint8Array | unknown): Uint8Array {
  if (payload instanceof Uint8Array) return payload.slice();
  let json: string | undefined;
  try {
    json = JSON.stringify(payload);
  } catch (cause) {
    throw new SwarmgateError('SG_BAD_ARGUMENT', `payload is neither bytes nor JSON-serialisable: ${(cause as Error).message}`, { cause });
  }
  if (json === undefined) {
    throw new SwarmgateError('SG_BAD_ARGUMENT', `payload of type ${typeof payload} has no JSON form; send a Uint8Array or a JSON value`);
  }
  return utf8.encode(json);
}
