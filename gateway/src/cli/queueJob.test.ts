import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { runKeyOf } from '../experiment/runLine.js';
import { parseQueueJob, refusalOf } from './queueJob.js';

const HASH = 'ab'.repeat(32);
const job = (identity: Record<string, unknown> = {}) => ({
  identity: {
    designHash: HASH,
    vectorIndex: 1,
    iteration: 2,
    vector: { robots: 3 },
    config: { robots: 3, seed: 7 },
    seed: 7,
    swarmgateVersion: '0.1.0',
    ...identity,
  },
  config: { robots: 3, seed: 7 },
  sampleEveryTicks: 10,
});
const ID = runKeyOf(HASH, 1, 2);

describe('parseQueueJob', () => {
  it('keeps a well-formed job whole', () => {
    expect(parseQueueJob(job(), ID)).toEqual(job());
  });

  it('refuses a job whose id is not its run key, naming both', () => {
    expect(() => parseQueueJob(job(), runKeyOf(HASH, 0, 0))).toThrow(`job ${runKeyOf(HASH, 0, 0)}: its id is not its run key ${ID}`);
  });

  it.each([
    ['identity.designHash', { designHash: 'not-hex' }],
    ['identity.vectorIndex', { vectorIndex: -1 }],
    ['identity.iteration', { iteration: 1.5 }],
    ['identity.seed', { seed: 'x' }],
    ['identity.swarmgateVersion', { swarmgateVersion: 1 }],
    ['identity.vector', { vector: [] }],
  ])('names a wrong %s', (field, identity) => {
    expect(() => parseQueueJob(job(identity), ID)).toThrow(`"${field}"`);
  });

  it('names a missing config and a zero sampling', () => {
    expect(() => parseQueueJob({ ...job(), config: null }, ID)).toThrow('"config" must be an object');
    expect(() => parseQueueJob({ ...job(), sampleEveryTicks: 0 }, ID)).toThrow('"sampleEveryTicks"');
  });

  it('never crashes on any JSON: a job or an SG_QUEUE_JOB error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ identity: fc.jsonValue(), config: fc.jsonValue(), sampleEveryTicks: fc.jsonValue() })), (data) => {
        try {
          parseQueueJob(data, ID);
        } catch (error) {
          expect(error).toBeInstanceOf(SwarmgateError);
          expect((error as SwarmgateError).code).toBe('SG_QUEUE_JOB');
        }
      }),
    );
  });

  it('accepts every well-formed identity and returns it unchanged', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), fc.integer(), (vectorIndex, iteration, seed) => {
        const data = job({ vectorIndex, iteration, seed });
        expect(parseQueueJob(data, runKeyOf(HASH, vectorIndex, iteration))).toEqual(data);
      }),
    );
  });
});

describe('refusalOf', () => {
  const parsed = parseQueueJob(job(), ID);

  it('takes a job of its own version, and of its design when pinned', () => {
    expect(refusalOf(parsed, '0.1.0', undefined)).toBeUndefined();
    expect(refusalOf(parsed, '0.1.0', HASH)).toBeUndefined();
  });

  it('refuses another version and another design, saying which', () => {
    expect(refusalOf(parsed, '0.2.0', undefined)).toBe('it was enqueued by swarmgate 0.1.0, this worker is swarmgate 0.2.0');
    expect(refusalOf(parsed, '0.1.0', 'cd'.repeat(32))).toBe(
      `it is a run of design ${HASH.slice(0, 12)}, this worker runs only design ${'cd'.repeat(6)} (--design)`,
    );
  });
});
