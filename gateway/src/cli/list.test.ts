import { mapGenerators } from '@swarmgate/maps';
import { algorithms } from '@swarmgate/sdk';
import { describe, expect, it } from 'vitest';
import { LINK_KINDS, VIRTUAL_LINK } from '../hil/linkKinds.js';
import { RADIO_MODELS } from '../sim/radio/index.js';
import { SENSORS } from '../sim/sensors.js';
import { runMain, runSwarmgate } from './testing/runSwarmgate.js';

/** Every registered name of each kind, read from the registries themselves. */
const REGISTERED: Record<string, readonly string[]> = {
  algorithms: algorithms.map((a) => a.name),
  generators: mapGenerators.map((g) => g.name),
  radio: RADIO_MODELS.map((m) => m.name),
  sensors: SENSORS.map((s) => s.name),
  links: [...LINK_KINDS, VIRTUAL_LINK].map((l) => l.name),
};

describe('swarmgate list (main, in this process; `list radio` below through the real binary)', () => {
  it.each(Object.entries(REGISTERED))(
    'list %s prints every registered entry, in registry order',
    async (kind, names) => {
      expect(names.length).toBeGreaterThan(0);
      const json = await runMain('list', kind, '--json');
      expect(json.code).toBe(0);
      const items = JSON.parse(json.stdout) as { name: string; doc: string; params: { unit: string }[] }[];
      expect(items.map((i) => i.name)).toEqual(names);
      for (const item of items) {
        expect(item.doc.length, item.name).toBeGreaterThan(0);
        for (const p of item.params) expect(p.unit.length, item.name).toBeGreaterThan(0);
      }
      const text = await runMain('list', kind);
      expect(text.code).toBe(0);
      // Each entry starts a line of its own in the text form.
      expect(text.stdout.split('\n').filter((line) => /^\S/.test(line))).toEqual(names);
    },
    60_000,
  );

  it('refuses no kind or an unknown one (exit 2), naming what it got', async () => {
    for (const [args, got] of [
      [[], 'nothing'],
      [['robots'], "'robots'"],
      [['radio', 'extra'], "'radio extra'"],
    ] as const) {
      const r = await runMain('list', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(`swarmgate list: expected one of algorithms, generators, radio, sensors, links, got ${got}`);
    }
  }, 60_000);

  it('list radio gives every model selectable by --comm its spellings, and a model built in code none', async () => {
    const text = await runSwarmgate('list', 'radio');
    expect(text.code).toBe(0);
    const usage = text.stdout.split('\n').filter((line) => line.trimStart().startsWith('--comm'));
    expect(usage).toHaveLength(RADIO_MODELS.filter((m) => m.specs.length > 0).length);
    for (const line of usage) expect(line).toMatch(/^ {2}--comm \S/);
  }, 60_000);
});
