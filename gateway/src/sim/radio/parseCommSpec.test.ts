import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../../errors.js';
import { parseCommSpec } from './parseCommSpec.js';
import { globalModel } from './globalModel.js';
import { RADIO_MODELS } from './radioModels.js';
import type { RadioModelPlugin } from './RadioModel.js';

describe('parseCommSpec', () => {
  it.each([
    ['global', 'global', Infinity],
    ['range:20', 'range:20', 20],
    ['range:7.5', 'range:7.5', 7.5],
    ['los', 'los', Infinity],
    ['los:15', 'los:15', 15],
    ['material', 'material', Infinity],
    ['material:2.4GHz', 'material', Infinity],
    ['material:5.2ghz', 'material:5.2GHz', Infinity],
    ['material:1300MHz', 'material:1.3GHz', Infinity],
    ['pathloss', 'pathloss', 20],
    ['pathloss:30', 'pathloss:30', 30],
    ['permetre', 'permetre', Infinity],
    ['permetre:1.3GHz', 'permetre:1.3GHz', Infinity],
    ['maes', 'maes', Infinity],
    ['maes:5200MHz', 'maes:5.2GHz', Infinity],
    [' RANGE : 3 ', 'range:3', 3],
  ])('parses %s', (spec, canonical, maxRangeM) => {
    const model = parseCommSpec(spec);
    expect(model.spec).toBe(canonical);
    expect(model.maxRangeM).toBeCloseTo(maxRangeM, 9);
    // The canonical spec parses back to the same model.
    expect(parseCommSpec(model.spec).spec).toBe(canonical);
  });

  it.each([
    ['', /unknown radio model ''/],
    ['wifi', new RegExp(`unknown radio model 'wifi' \\(registered: ${RADIO_MODELS.map((m) => m.name).join(', ')}\\)`)],
    ['user', /built in code, not selected by --comm/],
    ['range', /range needs a distance/],
    ['range:', /range must be a positive finite number of metres, got ''/],
    ['range:-3', /range must be a positive finite number of metres, got '-3'/],
    ['range:0', /positive finite/],
    ['range:0x10', /positive finite number of metres, got '0x10'/],
    ['range:1e999', /positive finite/],
    ['los:abc', /positive finite number of metres, got 'abc'/],
    ['global:5', /global takes no argument/],
    ['material:2.4', /with a unit/],
    ['material:3GHz', /no attenuation table for 3GHz/],
  ])('rejects %j with SG_COMM_SPEC', (spec, reason) => {
    let caught: unknown;
    try {
      parseCommSpec(spec);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SwarmgateError);
    expect((caught as SwarmgateError).code).toBe('SG_COMM_SPEC');
    expect((caught as Error).message).toMatch(reason);
    expect((caught as Error).message).toContain('expected global | range:R');
  });

  it('never throws anything but SG_COMM_SPEC, on any string', () => {
    const alphabet = fc.constantFrom(...'globarnemtipsh:0123456789.-+eExGHzM '.split(''));
    const specs = fc.oneof(
      fc.string(),
      fc.string({ unit: alphabet }),
      fc
        .tuple(fc.constantFrom('global', 'range', 'los', 'material', 'pathloss', 'multiwall', 'permetre', 'maes'), fc.string({ unit: alphabet }))
        .map(([k, a]) => `${k}:${a}`),
    );
    fc.assert(
      fc.property(specs, (spec) => {
        try {
          const model = parseCommSpec(spec);
          expect(model.maxRangeM).toBeGreaterThan(0);
        } catch (error) {
          expect(error).toBeInstanceOf(SwarmgateError);
          expect((error as SwarmgateError).code).toBe('SG_COMM_SPEC');
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('every --comm spelling in the registry parses', () => {
    for (const info of RADIO_MODELS) {
      for (const spec of info.specs) {
        const concrete = spec.replace(':R', ':12');
        expect(parseCommSpec(concrete).spec.startsWith(info.name), spec).toBe(true);
      }
      for (const param of info.params) expect(param.unit.length, `${info.name}.${param.name}`).toBeGreaterThan(0);
    }
  });

  it('selects from the registry it is given: a test-local model parses, the default registry is not consulted', () => {
    const seen: (string | undefined)[] = [];
    const echo: RadioModelPlugin = {
      name: 'echo',
      specs: ['echo[:X]'],
      doc: 'test model',
      params: [],
      parse(arg, fail) {
        seen.push(arg);
        if (arg === 'bad') fail('echo rejects bad');
        return { ...globalModel(), spec: `echo:${arg ?? ''}` };
      },
    };
    const registry = [echo];
    expect(parseCommSpec('Echo:42', registry).spec).toBe('echo:42');
    expect(seen).toEqual(['42']);
    expect(() => parseCommSpec('echo:bad', registry)).toThrow(/--comm 'echo:bad': echo rejects bad; expected echo\[:X\] \(R in metres\)/);
    // The names in the message come from the registry passed, not the built-in one.
    expect(() => parseCommSpec('global', registry)).toThrow(/unknown radio model 'global' \(registered: echo\)/);
  });
});
