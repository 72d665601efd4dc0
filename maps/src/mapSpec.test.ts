import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MapSpecError } from './errors.js';
import { loadMap, parseMapSpec } from './mapSpec.js';

describe('parseMapSpec', () => {
  it('parses generator specs with size and parameters', () => {
    expect(parseMapSpec('cave:75x75:seed=3')).toEqual({ kind: 'generator', generator: 'cave', width: 75, height: 75, seed: 3, params: {} });
    expect(parseMapSpec('building:100x90:seed=7,door=2')).toEqual({
      kind: 'generator',
      generator: 'building',
      width: 100,
      height: 90,
      seed: 7,
      params: { door: 2 },
    });
    expect(parseMapSpec('maze')).toEqual({ kind: 'generator', generator: 'maze', width: 80, height: 80, seed: 0, params: {} });
  });

  it('recognises bundled maps and file paths', () => {
    expect(parseMapSpec('doorway')).toEqual({ kind: 'bundled', name: 'doorway' });
    expect(parseMapSpec('maps/x.yaml')).toEqual({ kind: 'file', path: 'maps/x.yaml' });
    expect(parseMapSpec('room.pgm')).toEqual({ kind: 'file', path: 'room.pgm' });
  });

  it.each([
    ['', /empty map spec/],
    ['volcano:10x10', /unknown map 'volcano:10x10'/],
    ['cave:75x', /'75x' is neither a size/],
    ['cave:75x75:seed=x', /'seed=x' is not key=integer/],
    ['cave:seed=1,seed=2', /'seed' given twice/],
    ['doorway:10x10', /unknown map/],
  ])('refuses %j', (text, message) => {
    expect(() => parseMapSpec(text)).toThrow(MapSpecError);
    expect(() => parseMapSpec(text)).toThrow(message);
  });

  it('never throws anything but MapSpecError on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          parseMapSpec(text);
        } catch (error) {
          expect(error).toBeInstanceOf(MapSpecError);
        }
      }),
    );
  });

  it('loadMap generates from a spec string', () => {
    const grid = loadMap('building:60x40:seed=2');
    expect([grid.width, grid.height, grid.cellSizeM]).toEqual([60, 40, 1]);
  });
});
