import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CliUsageError } from './Command.js';
import { parseSpawnFlag } from './spawnFlag.js';
import { wrapAngle } from '@swarmgate/protocols';

describe('parseSpawnFlag', () => {
  it('takes strategy names and given poses (heading in degrees, default 0)', () => {
    expect(parseSpawnFlag(undefined, 3)).toEqual({ kind: 'together' });
    expect(parseSpawnFlag('apart', 3)).toEqual({ kind: 'apart' });
    expect(parseSpawnFlag('at:1.5,2;-3,4e0,180', 2)).toEqual({
      kind: 'positions',
      poses: [
        { xM: 1.5, yM: 2, headingRad: 0 },
        { xM: -3, yM: 4, headingRad: Math.PI },
      ],
    });
    // Normalised at the edge: -180 and 540 are 180, 370 is 10.
    const wound = parseSpawnFlag('at:0,0,-180;0,0,540;0,0,370', 3);
    expect(wound.kind === 'positions' && wound.poses.map((p) => p.headingRad)).toEqual([Math.PI, Math.PI, wrapAngle((370 * Math.PI) / 180)]);
    expect(wrapAngle((370 * Math.PI) / 180)).toBeCloseTo((10 * Math.PI) / 180, 12);
  });

  it.each([
    ['scattered', 1, /--spawn must be one of together, apart, biggest-room or at:/],
    ['at:', 1, /--spawn: position 1 '' must be X,Y/],
    ['at:1,2;', 2, /--spawn: position 2 '' must be X,Y/],
    ['at:1,2,3,4', 1, /--spawn: position 1 '1,2,3,4'/],
    ['at:1, ,3', 1, /--spawn: position 1 '1, ,3'/],
    ['at:Infinity,2', 1, /--spawn: position 1 'Infinity,2'/],
    ['at:1,2;3,4', 3, /--spawn: 2 positions given for --robots 3/],
  ])('%s for %i robots is a usage error naming the flag and item', (raw, robots, message) => {
    expect(() => parseSpawnFlag(raw, robots)).toThrow(CliUsageError);
    expect(() => parseSpawnFlag(raw, robots)).toThrow(message);
  });

  it('round-trips any finite poses with headings normalised to (-180, 180], and any other input is a usage error or a strategy, never a crash', () => {
    // `${-0}` is '0', so -0 cannot round-trip through text; + 0 turns it into 0.
    const metres = fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => v + 0);
    const pose = fc.tuple(
      metres,
      metres,
      fc.oneof(
        fc.integer({ min: -360, max: 360 }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }).map((v) => v + 0),
      ),
    );
    fc.assert(
      fc.property(fc.array(pose, { minLength: 1, maxLength: 8 }), (poses) => {
        const raw = 'at:' + poses.map(([x, y, h]) => `${x},${y},${h}`).join(';');
        const parsed = parseSpawnFlag(raw, poses.length);
        expect(parsed).toEqual({ kind: 'positions', poses: poses.map(([x, y, h]) => ({ xM: x, yM: y, headingRad: wrapAngle((h * Math.PI) / 180) })) });
        if (parsed.kind !== 'positions') return;
        for (const p of parsed.poses) {
          expect(p.headingRad).toBeGreaterThan(-Math.PI);
          expect(p.headingRad).toBeLessThanOrEqual(Math.PI);
        }
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 4 }), (raw, robots) => {
        try {
          const parsed = parseSpawnFlag(raw, robots);
          if (parsed.kind === 'positions') expect(parsed.poses).toHaveLength(robots);
        } catch (error) {
          expect(error).toBeInstanceOf(CliUsageError);
        }
      }),
    );
  });
});
