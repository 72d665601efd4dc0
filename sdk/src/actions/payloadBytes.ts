import { MAX_BROADCAST_PAYLOAD_BYTES, MAX_TAG_PAYLOAD_BYTES } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';

const utf8 = new TextEncoder();

/** Which budget a payload is held to (docs/limits.md). */
export type PayloadKind = 'broadcast' | 'tag';

const BUDGETS: Readonly<Record<PayloadKind, { readonly name: string; readonly bytes: number }>> = {
  broadcast: { name: 'MAX_BROADCAST_PAYLOAD_BYTES', bytes: MAX_BROADCAST_PAYLOAD_BYTES },
  tag: { name: 'MAX_TAG_PAYLOAD_BYTES', bytes: MAX_TAG_PAYLOAD_BYTES },
};

/**
 * The bytes a broadcast or tag payload travels as, the same on every backend: a Uint8Array is
 * copied (the sender may reuse its buffer), anything else is sent as UTF-8 JSON. A payload over
 * its kind's budget is refused with SG_BUDGET naming it, on every backend alike.
 */
export function payloadBytes(payload: Uint8Array | unknown, kind: PayloadKind): Uint8Array {
  const bytes = encodePayload(payload);
  const budget = BUDGETS[kind];
  if (bytes.length > budget.bytes) {
    throw new SwarmgateError('SG_BUDGET', `${kind} payload is ${bytes.length} bytes, over ${budget.name} (${budget.bytes})`);
  }
  return bytes;
}

function encodePayload(payload: Uint8Array | unknown): Uint8Array {
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
