import { decodeEnvelope, encodeEnvelope, makeEnvelope, type EnvelopeBodyInit } from '@swarmgate/protocols';

/** A body as the wire decodes it (all fields present), e.g. a Birth or Telemetry from robot m1. */
export function wireDecoded<K extends 'birth' | 'telemetry'>(kind: K, body: EnvelopeBodyInit) {
  return decodeEnvelope(encodeEnvelope(makeEnvelope('m1', body, 1, 0)))[kind]!;
}
