import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { auctionWinners } from './minotaurAuction.js';

describe('doorway auction', () => {
  it('sends the nearer half (rounded up) through, the requester bidding too', () => {
    const bids = [
      { robotId: 'r0', lengthM: 1 },
      { robotId: 'r1', lengthM: 9 },
      { robotId: 'r2', lengthM: 4 },
      { robotId: 'r3', lengthM: 2.5 },
      { robotId: 'r4', lengthM: 20 },
    ];
    expect(auctionWinners(bids)).toEqual(['r0', 'r3', 'r2']);
    expect(auctionWinners(bids.slice(0, 4))).toEqual(['r0', 'r3']);
    expect(auctionWinners(bids.slice(0, 3))).toEqual(['r0', 'r2']);
  });

  it('leaves a robot alone in its room: nobody goes', () => {
    expect(auctionWinners([{ robotId: 'r0', lengthM: 0 }])).toEqual([]);
    expect(auctionWinners([])).toEqual([]);
  });

  it('with two, the nearer one goes', () => {
    expect(
      auctionWinners([
        { robotId: 'b', lengthM: 3 },
        { robotId: 'a', lengthM: 5 },
      ]),
    ).toEqual(['b']);
  });

  it('breaks ties by robot id, whatever order the bids arrived in (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ robotId: fc.string({ minLength: 1, maxLength: 4 }), lengthM: fc.constantFrom(1, 2, 3) }), {
          selector: (b) => b.robotId,
          maxLength: 12,
        }),
        fc.integer(),
        (bids, seed) => {
          const shuffled = [...bids].sort((a, b) => ((a.robotId.charCodeAt(0) * 31 + seed) % 7) - ((b.robotId.charCodeAt(0) * 31 + seed) % 7));
          const winners = auctionWinners(bids);
          expect(auctionWinners(shuffled)).toEqual(winners);
          expect(winners).toHaveLength(bids.length < 2 ? 0 : Math.ceil(bids.length / 2));
          // No loser bid lower than a winner, nor the same with a lower id.
          const won = new Set(winners);
          for (const w of bids.filter((b) => won.has(b.robotId))) {
            for (const l of bids.filter((b) => !won.has(b.robotId))) {
              expect(l.lengthM > w.lengthM || (l.lengthM === w.lengthM && l.robotId > w.robotId)).toBe(true);
            }
          }
        },
      ),
      { seed: 3 },
    );
  });
});
