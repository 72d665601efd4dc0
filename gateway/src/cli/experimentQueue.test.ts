import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { queueConnection, reachQueue, withoutPassword } from './experimentQueue.js';
import { runSwarmgate } from './testing/runSwarmgate.js';

const DESIGN = fileURLToPath(new URL('../../../experiments/yan-2017-small.yaml', import.meta.url));

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

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

describe('withoutPassword', () => {
  it("masks the password of a Redis URL (the worker's start line goes to service logs), and leaves the rest", () => {
    expect(withoutPassword('redis://:hunter2@10.0.0.5:6379')).toBe('redis://:***@10.0.0.5:6379');
    expect(withoutPassword('rediss://lab:hunter2@queue.lab:6380/2')).toBe('rediss://lab:***@queue.lab:6380/2');
    expect(withoutPassword('redis://10.0.0.5:6379')).toBe('redis://10.0.0.5:6379');
  });
});

describe('a --queue whose Redis server does not answer', () => {
  it('reachQueue rejects once with SG_QUEUE_CONNECT naming the URL and the socket error', async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    await expect(reachQueue(url)).rejects.toMatchObject({ code: 'SG_QUEUE_CONNECT', message: expect.stringContaining(`--queue ${url}: connect ECONNREFUSED`) });
  });

  it("does not print the URL's password", async () => {
    const port = await closedPort();
    const error = await reachQueue(`redis://:hunter2@127.0.0.1:${port}`).catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'SG_QUEUE_CONNECT', message: expect.stringContaining(`--queue redis://:***@127.0.0.1:${port}`) });
    expect((error as Error).message).not.toContain('hunter2');
  });

  it.each([['worker'], ['experiment', 'status', DESIGN], ['experiment', 'run', DESIGN]])(
    'swarmgate %s ... exits 1 with one line, not a reconnect loop',
    async (...args) => {
      const url = `redis://127.0.0.1:${await closedPort()}`;
      const r = await runSwarmgate(...args, '--queue', url);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^swarmgate (worker|experiment): SG_QUEUE_CONNECT: .*ECONNREFUSED/)]);
    },
    60_000,
  );
});
