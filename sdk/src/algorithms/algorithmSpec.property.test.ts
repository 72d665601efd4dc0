/**
 * parseAlgorithmSpec reads what a user types after --algorithm (and a trial file's or a POST
 * /api/trial's `algorithm`): any text either parses to a name and finite numbers or is refused
 * with SG_BAD_ARGUMENT naming the spec, never another exception; what it parses, resolving
 * against a registered algorithm accepts or refuses with a coded error too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { algorithms, parseAlgorithmSpec, resolveAlgorithmParams } from './algorithms.js';

const specText = fc.oneof(
  fc.string({ maxLength: 80 }),
  // Near the grammar: a name, a colon, name=value parts with odd values and separators.
  fc
    .tuple(
      fc.constantFrom(...algorithms.map((a) => a.name), 'nope', ''),
      fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...algorithms.flatMap((a) => a.parameters.map((p) => p.name))), fc.string({ maxLength: 8 })),
          fc.oneof(fc.double().map(String), fc.constantFrom('1e400', '-0', '.', '1.2.3', 'NaN', 'Infinity', '', '1e-', '--1')),
        ),
        { maxLength: 4 },
      ),
      fc.constantFrom(',', ', ', ',,', ';'),
    )
    .map(([name, parts, separator]) => (parts.length === 0 ? name : `${name}:${parts.map(([k, v]) => `${k}=${v}`).join(separator)}`)),
);

describe('parseAlgorithmSpec on any text (property)', () => {
  it('parses to a name and finite numbers, or refuses with SG_BAD_ARGUMENT naming the spec', () => {
    fc.assert(
      fc.property(specText, (spec) => {
        let parsed: ReturnType<typeof parseAlgorithmSpec>;
        try {
          parsed = parseAlgorithmSpec(spec);
        } catch (error) {
          expect(error).toBeInstanceOf(SwarmgateError);
          expect((error as SwarmgateError).code).toBe('SG_BAD_ARGUMENT');
          expect((error as Error).message).toContain(`'${spec}'`);
          return;
        }
        expect(spec.startsWith(parsed.name)).toBe(true);
        for (const value of Object.values(parsed.params)) expect(Number.isFinite(value)).toBe(true);
        const info = algorithms.find((a) => a.name === parsed.name);
        if (!info) return;
        try {
          const resolved = resolveAlgorithmParams(info, parsed.params);
          expect(Object.keys(resolved).sort()).toEqual(info.parameters.map((p) => p.name).sort());
        } catch (error) {
          expect(error).toBeInstanceOf(SwarmgateError);
          expect(['SG_BAD_ARGUMENT', 'SG_UNKNOWN_PARAMETER']).toContain((error as SwarmgateError).code);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back every declared parameter it is given, at its value', () => {
    const declared = algorithms.flatMap((a) => a.parameters.map((p) => ({ algorithm: a.name, name: p.name })));
    // -0 prints as 0.
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => (Object.is(v, -0) ? 0 : v));
    fc.assert(
      fc.property(fc.constantFrom(...declared), finite, ({ algorithm, name }, value) => {
        expect(parseAlgorithmSpec(`${algorithm}:${name}=${value}`)).toEqual({ name: algorithm, params: { [name]: value } });
      }),
    );
  });
});
