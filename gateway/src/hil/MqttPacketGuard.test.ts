import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MqttPacketSizes } from './MqttPacketGuard.js';
import { remainingLength } from './testing/mqttWire.js';

const MAX = 300;

const packet = (type: number, bodyBytes: number): number[] => [type, ...remainingLength(bodyBytes), ...new Array<number>(bodyBytes).fill(0xff)];

/** `bytes` cut at the given fractions of its length, in order. */
function cut(bytes: number[], fractions: number[]): Uint8Array[] {
  const points = [...new Set(fractions.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(Uint8Array.from(bytes.slice(from, point)));
    from = point;
  }
  return chunks;
}

const packets = fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: MAX })), { maxLength: 12 });
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 });

describe('MqttPacketSizes', () => {
  it('passes any run of packets within the budget, however the stream is cut', () => {
    fc.assert(
      fc.property(packets, cuts, (list, fractions) => {
        const sizes = new MqttPacketSizes(MAX);
        for (const chunk of cut(
          list.flatMap(([type, n]) => packet(type, n)),
          fractions,
        ))
          expect(sizes.scan(chunk)).toBeNull();
      }),
    );
  });

  it('names the first packet over the budget, after passing the ones before it, however the stream is cut', () => {
    fc.assert(
      fc.property(packets, fc.integer({ min: MAX + 1, max: 268_435_455 }), cuts, (before, declared, fractions) => {
        const sizes = new MqttPacketSizes(MAX);
        // Only the oversize packet's header is sent: the guard must not need its body.
        const bytes = [...before.flatMap(([type, n]) => packet(type, n)), 0x30, ...remainingLength(declared)];
        const problems = cut(bytes, fractions).map((chunk) => sizes.scan(chunk));
        expect(problems.filter((p) => p !== null)).toEqual([
          { declaredBytes: declared, message: `an MQTT packet declares ${declared} bytes, over MAX_MQTT_PACKET_BYTES (${MAX})` },
        ]);
      }),
    );
  });

  it('refuses a Remaining Length running past 4 bytes, and never throws on arbitrary bytes', () => {
    expect(new MqttPacketSizes(Number.MAX_SAFE_INTEGER).scan(Uint8Array.from([0x10, 0xff, 0xff, 0xff, 0xff, 0x7f]))).toEqual({
      message: 'an MQTT Remaining Length runs past 4 bytes (malformed packet)',
    });
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 8 }), (chunks) => {
        const sizes = new MqttPacketSizes(MAX);
        for (const chunk of chunks) {
          const problem = sizes.scan(chunk);
          if (problem !== null) {
            expect(problem.message).toMatch(/MAX_MQTT_PACKET_BYTES|Remaining Length/);
            return;
          }
        }
      }),
    );
  });
});
