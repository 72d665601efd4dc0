import { decodeEnvelope, encodeEnvelope, makeEnvelope, MONA_SPEC, type EnvelopeBodyInit } from '@swarmgate/protocols';

/** A body as the wire decodes it (all fields present), e.g. a Birth or Telemetry from robot m1. */
export function wireDecoded<K extends 'birth' | 'telemetry'>(kind: K, body: EnvelopeBodyInit) {
  return decodeEnvelope(encodeEnvelope(makeEnvelope('m1', body, 1, 0)))[kind]!;
}

/** Robot m1's Birth as a MONA announces it (MONA_SPEC's limits), as the wire decodes it. */
export function monaBirth(firmwareVersion = '1') {
  const { maxWheelSpeedMps, wheelBaseM, bodyDiameterM } = MONA_SPEC;
  return wireDecoded('birth', {
    birth: {
      model: 'mona',
      firmwareVersion,
      protocolVersion: { major: 1, minor: 0 },
      session: 1,
      capabilities: { maxWheelSpeedMps, wheelBaseM, bodyDiameterM },
    },
  });
}
