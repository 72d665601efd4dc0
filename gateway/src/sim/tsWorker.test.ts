import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startTsWorker } from './tsWorker.js';

describe('startTsWorker', () => {
  it('runs a TypeScript module and its TypeScript imports as one bundle, without a loader', async () => {
    const worker = startTsWorker(new URL('./testing/workerEcho.ts', import.meta.url), 3 * Math.PI);
    try {
      const [answer] = (await once(worker, 'message')) as [{ url: string; wrapped: number }];
      expect(answer.url).toBe('data:');
      expect(answer.wrapped).toBeCloseTo(Math.PI, 12);
    } finally {
      await worker.terminate();
    }
  });

  it('ends a worker whose module cannot be bundled with an error naming it', async () => {
    const worker = startTsWorker(new URL('./testing/noSuchModule.ts', import.meta.url), null);
    const [error] = (await once(worker, 'error')) as [Error];
    expect(error.message).toMatch(/noSuchModule\.ts/);
  });
});
