/**
 * Writes the drawn and generated bundled maps into maps/data (run after changing a drawing or a
 * generator: `npx tsx maps/scripts/writeBundledMaps.ts`). The Yan 2017 maps are copied files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { BUNDLED_MAPS, bundledMapPath } from '../src/bundledMaps.js';
import { drawMaesTestMap, MAES_TEST_MAPS } from '../src/maesTestMaps.js';
import { generateMap } from '../src/generators/mapGenerators.js';
import { encodeMapImage } from '../src/io/mapFiles.js';

function write(name: string, bytes: Buffer): void {
  const entry = BUNDLED_MAPS.find((m) => m.name === name);
  if (!entry) throw new Error(`${name} is not in BUNDLED_MAPS`);
  const file = bundledMapPath(entry.file);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  process.stdout.write(`wrote ${file}\n`);
}

// P2 like the MAES originals.
for (const name of MAES_TEST_MAPS) write(name, encodeMapImage(drawMaesTestMap(name), 'pgm-ascii'));
write('cave-example', encodeMapImage(generateMap({ generator: 'cave', width: 75, height: 75, seed: 1, params: {} }), 'pgm'));
write('building-example', encodeMapImage(generateMap({ generator: 'building', width: 100, height: 100, seed: 1, params: {} }), 'pgm'));
