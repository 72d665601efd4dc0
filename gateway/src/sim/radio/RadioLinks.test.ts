import fc from 'fast-check';
import { Cell, createGrid } from '@swarmgate/maps';
import { describe, expect, it } from 'vitest';
import { CommunicationGroups } from './CommunicationGroups.js';
import { RadioLinks } from './RadioLinks.js';
import { losModel } from './losModel.js';
import { rangeModel } from './rangeModel.js';
import { sortIds } from './SpatialHash.js';

describe('RadioLinks', () => {
  const grid = createGrid(40, 40);
  for (let y = 5; y < 35; y++) grid.cells[y * 40 + 20] = Cell.Concrete;
  const position = fc.double({ min: -2, max: 42, noNaN: true });
  const swarm = fc.array(fc.tuple(position, position), { minLength: 1, maxLength: 50 });

  it('the spatially prefiltered graph equals the all-pairs graph, symmetric', () => {
    fc.assert(
      fc.property(swarm, fc.double({ min: 0.5, max: 30, noNaN: true }), (list, rangeM) => {
        const poses = new Float64Array(list.flat());
        const n = list.length;
        const hashed = new RadioLinks(grid, losModel(rangeM), n);
        hashed.update(poses);
        const brute = new RadioLinks(grid, losModel(rangeM), n);
        for (let i = 0; i < n; i++) {
          const expected: number[] = [];
          for (let j = 0; j < n; j++) if (j !== i && brute.canHear(poses, Math.min(i, j), Math.max(i, j))) expected.push(j);
          const got = [...hashed.neighbours.subarray(hashed.start[i], hashed.start[i + 1])];
          expect(got.sort((a, b) => a - b)).toEqual(expected);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('communication groups are the connected components', () => {
    fc.assert(
      fc.property(swarm, fc.double({ min: 0.5, max: 15, noNaN: true }), (list, rangeM) => {
        const poses = new Float64Array(list.flat());
        const n = list.length;
        const links = new RadioLinks(grid, rangeModel(rangeM), n);
        links.update(poses);
        const groups = new CommunicationGroups(n).compute(links);
        // Reference: flood fill over the same neighbour lists.
        const label = new Array<number>(n).fill(-1);
        let count = 0;
        for (let s = 0; s < n; s++) {
          if (label[s] >= 0) continue;
          const stack = [s];
          label[s] = count;
          while (stack.length > 0) {
            const i = stack.pop() as number;
            for (let k = links.start[i]; k < links.start[i + 1]; k++) {
              const j = links.neighbours[k];
              if (label[j] < 0) {
                label[j] = count;
                stack.push(j);
              }
            }
          }
          count++;
        }
        expect(groups.count).toBe(count);
        expect([...groups.groupOf]).toEqual(label);
        expect(groups.largestSize).toBe(Math.max(...Array.from({ length: count }, (_, g) => label.filter((l) => l === g).length)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('sortIds', () => {
  it('sorts like Array.prototype.sort', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e6 }), { maxLength: 3000 }), fc.nat(3000), (values, cut) => {
        const count = Math.min(cut, values.length);
        const ids = Int32Array.from(values);
        sortIds(ids, count);
        expect([...ids.subarray(0, count)]).toEqual(values.slice(0, count).sort((a, b) => a - b));
        expect([...ids.subarray(count)]).toEqual(values.slice(count));
      }),
      { numRuns: 200 },
    );
  });
});
