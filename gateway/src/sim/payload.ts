/** Payloads cross the radio and tags as bytes: a Uint8Array is copied, anything else is sent as UTF-8 JSON. */
import { SwarmgateError } from '@swarmgate/sdk';

const encoder = new TextEncoder();

export function encodePayload(payload: Uint8Array | unknown): Uint8Array {
  if (payload instanceof Uint8Array) return payload.slice();
  let json: string | undefined;
  try {
    json = JSON.stringify(payload);
  } catch (cause) {
    throw new SwarmgateError('SG_BAD_ARGUMENT', 'payload must be bytes or a JSON-serialisable value', { cause });
  }
  if (json === undefined) throw new SwarmgateError('SG_BAD_ARGUMENT', 'payload must be bytes or a JSON-serialisable value');
  return encoder.encode(json);
}
