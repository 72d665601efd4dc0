import { describe, expect, it } from 'vitest';
import type { MetricsSample } from '../sim/TrialMetrics.js';
import { parseResultsLine } from './resultsLine.js';
import { failedRunLine, finishedRunLine } from './runLine.js';

const RUN = {
  designHash: 'ab12'.repeat(16),
  vectorIndex: 3,
  iteration: 2,
  vector: { robots: 5 },
  config: { map: 'cave:30x30:seed=1', robots: 5, seed: 7 },
  seed: 7,
  swarmgateVersion: '0.1.0',
};
const ORIGIN = { file: 'results.jsonl', line: 1 };

describe('run lines', () => {
  it('writes a finished run as a line the report reads back, its run key from the design hash, vector and iteration', () => {
    const samples = [10, 20].map((tick) => ({
      tick,
      exploredFraction: tick / 100,
      coveredFraction: tick / 200,
      distanceTotalM: 0,
      collisions: 0,
      messagesSent: 0,
      commGroups: 1,
      largestGroupFraction: 1,
    }));
    const result = { ticks: 20, success: false, speedOverRealTime: Infinity, note: undefined };
    const line = finishedRunLine(RUN, result, samples, 1.5);
    expect(line.runKey).toBe('ab12ab12ab12:3:2');
    expect(line.series).toEqual({ tick: [10, 20], explored: [0.1, 0.2], covered: [0.05, 0.1] });
    // As JSON writes it: no undefined field, a non-finite number as null.
    expect(line.result).toEqual({ ticks: 20, success: false, speedOverRealTime: null });
    expect(parseResultsLine(JSON.stringify(line), ORIGIN)).toEqual(line);
  });

  it('writes a run that threw with its message', () => {
    expect(parseResultsLine(JSON.stringify(failedRunLine(RUN, new Error('no such algorithm'), 0.1)), ORIGIN)).toMatchObject({
      error: 'no such algorithm',
      runKey: 'ab12ab12ab12:3:2',
    });
    expect(failedRunLine(RUN, 'a string', 0).error).toBe('a string');
  });

  it('keeps the samples at the sampling interval as parallel series', () => {
    const samples = [10, 20, 30, 40].map((tick) => ({ tick, exploredFraction: tick / 100, coveredFraction: tick / 200 }) as MetricsSample);
    const result = { ticks: 40, success: true };
    expect(finishedRunLine(RUN, result, samples, 0, 20).series).toEqual({ tick: [20, 40], explored: [0.2, 0.4], covered: [0.1, 0.2] });
    expect(finishedRunLine(RUN, result, samples, 0, 10).series.tick).toEqual([10, 20, 30, 40]);
  });
});
