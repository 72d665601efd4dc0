import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePlanarPose, planarPosePrefix } from './planarPose.js';
import { messageType } from './recordingSchemas.js';

describe('encodePlanarPose', () => {
  it('decodes (protobufjs, the schema) to the timestamp, frame and pose it was given, and to what protobufjs would write', () => {
    const type = messageType('foxglove.PoseInFrame');
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    fc.assert(
      fc.property(fc.nat(2 ** 31 - 1), fc.nat(999_999_999), fc.string({ maxLength: 40 }), finite, finite, finite, (seconds, nanos, frame, x, y, heading) => {
        const timestamp = { seconds, nanos };
        const bytes = encodePlanarPose(planarPosePrefix(timestamp, frame), x, y, heading);
        const pose = { position: { x, y, z: 0 }, orientation: { x: 0, y: 0, z: Math.sin(heading / 2), w: Math.cos(heading / 2) } };
        const expected = { timestamp, frame_id: frame, pose };
        const options = { longs: Number, defaults: true };
        expect(type.toObject(type.decode(bytes), options)).toEqual(type.toObject(type.decode(type.encode(expected).finish()), options));
        expect(type.toObject(type.decode(bytes), options)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
