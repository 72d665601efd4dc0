import { describe, expect, it } from 'vitest';
import { queueConnection } from './experimentQueue.js';

describe('queueConnection', () => {
  it('takes redis:// and rediss:// URLs', () => {
    expect(queueConnection('redis://10.0.0.5:6379')).toEqual({ url: 'redis://10.0.0.5:6379', maxRetriesPerRequest: null });
    expect(queueConnection('rediss://queue.lab:6380').url).toBe('rediss://queue.lab:6380');
  });

  it('refuses what is not a Redis URL, saying what to give', () => {
    expect(() => queueConnection('localhost:6379')).toThrow(/redis:\/\/HOST:PORT/);
    expect(() => queueConnection('mqtt://localhost:1883')).toThrow('--queue mqtt://localhost:1883: the queue is a Redis server, give redis://HOST:PORT');
    expect(() => queueConnection('not a url')).toThrow('--queue not a url is not a URL');
  });
});
