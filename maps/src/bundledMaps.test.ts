import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLED_MAPS, bundledMap, bundledMapPath } from './bundledMaps.js';
import { connectedComponents } from './connectedComponents.js';
import { countCells } from './countCells.js';
import { MapSpecError } from './errors.js';
import { gridHash } from './gridHash.js';
import { drawMaesTestMap, MAES_TEST_MAPS } from './maesTestMaps.js';
import { encodeMapImage } from './io/mapFiles.js';
import { loadMap } from './mapSpec.js';

describe('bundled maps', () => {
  it.each(BUNDLED_MAPS.map((m) => m.name))('%s loads', (name) => {
    const grid = bundledMap(name);
    expect(countCells(grid).free).toBeGreaterThan(0);
    expect(gridHash(loadMap(name))).toBe(gridHash(grid));
  });

  it('the MAES test maps are one free region each, of the MAES sizes', () => {
    const sizes = Object.fromEntries(
      MAES_TEST_MAPS.map((n) => {
        const grid = bundledMap(n);
        expect(connectedComponents(grid).sizes.length).toBe(1);
        return [n, `${grid.width}x${grid.height}`];
      }),
    );
    expect(sizes).toEqual({ blank: '50x50', doorway: '100x100', doorway_corner: '100x100', hallway: '10x50' });
  });

  it('the files in maps/data are what the drawings produce (rerun scripts/writeBundledMaps.ts)', () => {
    for (const name of MAES_TEST_MAPS) {
      const entry = BUNDLED_MAPS.find((m) => m.name === name)!;
      expect(readFileSync(bundledMapPath(entry.file))).toEqual(encodeMapImage(drawMaesTestMap(name), 'pgm-ascii'));
    }
  });

  it('the generated examples are what the generators produce today', () => {
    for (const [name, spec] of [
      ['cave-example', 'cave:75x75:seed=1'],
      ['building-example', 'building:100x100:seed=1'],
    ] as const) {
      const entry = BUNDLED_MAPS.find((m) => m.name === name)!;
      expect(readFileSync(bundledMapPath(entry.file))).toEqual(encodeMapImage(loadMap(spec), 'pgm'));
    }
  });

  it('refuses an unknown name, listing the known ones', () => {
    expect(() => bundledMap('atlantis')).toThrow(MapSpecError);
    expect(() => bundledMap('atlantis')).toThrow(/bundled maps: blank, doorway/);
  });
});
