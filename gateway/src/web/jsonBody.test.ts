import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_ITEMS, installJsonBody, jsonShapeProblem } from './jsonBody.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  installJsonBody(app);
  // The map upload's body limit: the largest body a route takes.
  app.post('/echo', { bodyLimit: 8 * 1024 * 1024 }, async (request) => ({ got: request.body }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

const post = (payload: string) => app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });
const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('installJsonBody: nesting', () => {
  it('refuses a body nested deeper than MAX_JSON_DEPTH with a 400 naming the limit, before parsing it', async () => {
    for (const body of [nested(MAX_JSON_DEPTH + 1), `{"map":${'{"a":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}}`]) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`body: arrays and objects nested more than ${MAX_JSON_DEPTH} deep are refused`);
    }
    // 4 million arrays deep in 8 MB: JSON.parse took 3.6 s of the event loop; refused at once.
    const started = performance.now();
    expect((await post(nested(4_000_000))).statusCode).toBe(400);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('parses a body nested up to the limit, and brackets inside strings do not count', async () => {
    expect((await post(nested(MAX_JSON_DEPTH))).statusCode).toBe(200);
    const text = { name: `${'['.repeat(100)}\\"{{{`, quote: '"', slash: '\\', more: [{ a: '[[[' }] };
    const response = await post(JSON.stringify(text));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ got: text });
  });

  it('refuses a body of more than MAX_JSON_ITEMS arrays, objects and items with a 400 naming the limit', async () => {
    // 2.6 million empty objects in 8 MB: JSON.parse took 1.6 s of the event loop.
    for (const body of [`{"map":[${Array(MAX_JSON_ITEMS).fill('{}').join(',')}]}`, `[${Array(2_600_000).fill('{}').join(',')}]`]) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`body: more than ${MAX_JSON_ITEMS} arrays, objects, items and members are refused`);
    }
    expect(
      (
        await post(
          `[${Array(MAX_JSON_ITEMS - 1)
            .fill('0')
            .join(',')}]`,
        )
      ).statusCode,
    ).toBe(200);
    // A large string is one item: the map upload's base64.
    expect((await post(JSON.stringify({ name: 'x', dataBase64: 'A,['.repeat(2_000_000) }))).statusCode).toBe(200);
  });

  it('counts outside strings only, escaped quotes included', () => {
    const deep = (depth: number) => `body: arrays and objects nested more than ${depth} deep are refused`;
    expect(jsonShapeProblem('{"a":[1]}', 2)).toBeNull();
    expect(jsonShapeProblem('{"a":[[1]]}', 2)).toBe(deep(2));
    expect(jsonShapeProblem(JSON.stringify({ a: '\\"[[[[' }), 1)).toBeNull();
    expect(jsonShapeProblem(JSON.stringify({ a: '\\', b: [[1]] }), 2)).toBe(deep(2));
    expect(jsonShapeProblem('[1,2,3,4]', 8, 3)).toBe('body: more than 3 arrays, objects, items and members are refused');
    expect(jsonShapeProblem('["1,2,3,4"]', 8, 3)).toBeNull();
    // Not JSON (an unclosed string): left to the parser.
    expect(jsonShapeProblem('{"a', 0)).toBe(deep(0));
    expect(jsonShapeProblem('"[[[[', 0)).toBeNull();
  });
});

/** Nesting depth and containers plus separators of a JSON value, counted on the value itself. */
function shapeOf(value: unknown): { depth: number; items: number } {
  if (value === null || typeof value !== 'object') return { depth: 0, items: 0 };
  const children = Array.isArray(value) ? value : Object.values(value);
  const inner = children.map(shapeOf);
  return {
    depth: 1 + Math.max(0, ...inner.map((c) => c.depth)),
    items: 1 + Math.max(0, children.length - 1) + inner.reduce((n, c) => n + c.items, 0),
  };
}

describe('jsonShapeProblem (property)', () => {
  it('refuses exactly the JSON values deeper or larger than asked, whatever their strings hold', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 40 }), (value, maxDepth, maxItems) => {
        const { depth, items } = shapeOf(value);
        expect(jsonShapeProblem(JSON.stringify(value), maxDepth, maxItems) === null).toBe(depth <= maxDepth && items <= maxItems);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => void jsonShapeProblem(text, 3, 10)));
  });
});
