/**
 * `swarmgate list <algorithms|generators|radio|sensors|links>`: what is registered, with metadata,
 * straight from the explicit registries (nothing registers itself on import).
 */
import { mapGenerators } from '@swarmgate/maps';
import { algorithms } from '@swarmgate/sdk';
import { RADIO_MODELS } from '../sim/radio/index.js';
import { SENSORS } from '../sim/sensors.js';
import { LINK_KINDS, VIRTUAL_LINK } from '../hil/linkKinds.js';
import { CliUsageError, type CommandRun } from './Command.js';
import { parseCommandArgs } from './args.js';

const KINDS = ['algorithms', 'generators', 'radio', 'sensors', 'links'] as const;
type Kind = (typeof KINDS)[number];

const HELP = `Usage: swarmgate list <${KINDS.join('|')}> [--json]

Prints the registered algorithms, map generators, radio models, sensors or robot link kinds
with their parameters.`;

interface Param {
  name: string;
  unit: string;
  default: unknown;
  range?: string;
  doc: string;
}

interface Item {
  name: string;
  doc: string;
  extra?: string;
  params: Param[];
}

function items(kind: Kind): Item[] {
  switch (kind) {
    case 'algorithms':
      return algorithms.map((a) => ({
        name: a.name,
        doc: a.summary,
        params: a.parameters.map((p) => ({ name: p.name, unit: p.unit, default: p.default, range: `[${p.min}, ${p.max}]`, doc: p.doc })),
      }));
    case 'generators':
      return mapGenerators.map((g) => ({
        name: g.name,
        doc: g.doc,
        extra: `default size ${g.defaultWidth}x${g.defaultHeight}`,
        params: g.parameters.map((p) => ({ name: p.name, unit: p.unit, default: p.default, range: `[${p.min}, ${p.max}]`, doc: p.doc })),
      }));
    case 'radio':
      return RADIO_MODELS.map((m) => ({
        name: m.name,
        doc: m.doc,
        // A model built in code (`user`) has no --comm spelling: no usage line rather than an empty one.
        extra: m.specs.length > 0 ? `--comm ${m.specs.join(' | ')}` : undefined,
        params: m.params.map((p) => ({ name: p.name, unit: p.unit, default: p.default, doc: p.doc })),
      }));
    case 'sensors':
      return SENSORS.map((s) => ({
        name: s.name,
        doc: s.doc,
        extra: `RobotState.${s.field}; noise: ${s.noise}`,
        params: s.params.map((p) => ({ name: p.name, unit: p.unit, default: p.default, doc: p.doc })),
      }));
    case 'links':
      return [...LINK_KINDS, VIRTUAL_LINK].map((l) => ({ name: l.name, doc: l.doc, extra: `serve ${l.flags}`, params: [] }));
  }
}

function format(list: Item[]): string {
  const lines: string[] = [];
  for (const item of list) {
    lines.push(`${item.name}`, `  ${item.doc}`);
    if (item.extra) lines.push(`  ${item.extra}`);
    for (const p of item.params) {
      const range = p.range ? ` ${p.range}` : '';
      lines.push(`    ${p.name} (${p.unit}, default ${String(p.default)}${range}): ${p.doc}`);
    }
  }
  return lines.join('\n');
}

export const listCommand: CommandRun = async (argv) => {
  const parsed = parseCommandArgs(argv, { json: { type: 'boolean' } }, HELP);
  if (!parsed) return 0;
  const [kind, ...rest] = parsed.positionals;
  if (kind === undefined || !(KINDS as readonly string[]).includes(kind) || rest.length > 0) {
    const got = parsed.positionals.length === 0 ? 'nothing' : `'${parsed.positionals.join(' ')}'`;
    throw new CliUsageError(`expected one of ${KINDS.join(', ')}, got ${got}\n\n${HELP}`);
  }
  const list = items(kind as Kind);
  process.stdout.write((parsed.values.json ? JSON.stringify(list, null, 2) : format(list)) + '\n');
  return 0;
};
