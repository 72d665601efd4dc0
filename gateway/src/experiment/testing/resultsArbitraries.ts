/** fast-check arbitraries of results.jsonl run lines (format swarmgate-results/1), for the experiment tests. */
import fc from 'fast-check';
import { RESULTS_FORMAT } from '../resultsLine.js';

const count = fc.nat({ max: 1_000_000 });
// JSON writes -0 as 0: a line holds no -0 to read back.
const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }).map((v) => v + 0);
const paramValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));

const base = fc.record({
  format: fc.constant(RESULTS_FORMAT),
  designHash: fc.stringMatching(/^[0-9a-f]{64}$/),
  runKey: fc.string({ minLength: 1 }),
  vectorIndex: count,
  iteration: count,
  vector: fc.dictionary(fc.string({ minLength: 1 }), paramValue),
  config: fc.dictionary(fc.string({ minLength: 1 }), paramValue),
  seed: fc.integer(),
  swarmgateVersion: fc.constant('0.1.0'),
});

const series = fc.array(fc.tuple(count, finite, finite), { maxLength: 20 }).map((rows) => ({
  tick: rows.map((r) => r[0]),
  explored: rows.map((r) => r[1]),
  covered: rows.map((r) => r[2]),
}));

export const finishedLine = fc
  .tuple(
    base,
    count,
    fc.boolean(),
    fc.dictionary(fc.string({ minLength: 1 }), fc.oneof(finite, fc.constant(null))),
    series,
    fc.double({ min: 0, max: 1e6, noNaN: true }).map((v) => v + 0),
  )
  .map(([b, ticks, success, extra, s, wallSeconds]) => ({ ...b, result: { ...extra, ticks, success }, series: s, wallSeconds }));

export const failedLine = fc.tuple(base, fc.string()).map(([b, error]) => ({ ...b, error }));

export const validLine = fc.oneof(finishedLine, failedLine);
