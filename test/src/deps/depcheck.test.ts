/**
 * The import rules of docs/ARCHITECTURE.md ("Layers and boundaries"), checked by
 * scripts/depcheck.mjs (dependency-cruiser with .dependency-cruiser.mjs, plus folder cycles):
 * this checkout breaks none, and a made-up checkout breaking each rule once is refused, rule
 * by rule, while the imports the layering allows pass.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** dependency-cruiser parses the whole tree: the process gets this long, and so does the test. */
const CHECK_TIMEOUT_MS = 120_000;
const SCRIPT = join(ROOT, 'scripts', 'depcheck.mjs');

interface Violation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

function check(dir?: string) {
  const r = spawnSync(process.execPath, [SCRIPT, '--json', ...(dir ? [dir] : [])], { encoding: 'utf8', timeout: CHECK_TIMEOUT_MS });
  if (!r.stdout.startsWith('{')) throw new Error(`depcheck printed no report: ${r.stderr}`);
  return { code: r.status, violations: (JSON.parse(r.stdout) as { violations: Violation[] }).violations, stderr: r.stderr };
}

/** A checkout with the repository's package names, made of the files given (path -> source). */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'depcheck-'));
  const all: Record<string, string> = {
    'package.json': JSON.stringify({ workspaces: ['protocols', 'maps', 'sdk', 'gateway', 'firmware-sim', 'test', 'bench'] }),
    'tsconfig.base.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
    ...files,
  };
  for (const [path, source] of Object.entries(all)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

describe('depcheck', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'this checkout keeps every import rule',
    () => {
      const { code, violations, stderr } = check();
      expect(violations).toEqual([]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    },
    CHECK_TIMEOUT_MS,
  );

  it(
    'reports each broken rule with the import that breaks it, and passes the imports the layers allow',
    () => {
      const dir = fixture({
        'protocols/src/index.ts': 'export const wire = 1;\n',
        'sdk/src/index.ts': "export { wire } from '../../protocols/src/index.js';\n",
        // sdk above gateway: an import the package direction forbids.
        'sdk/src/Upward.ts': "export { live } from '../../gateway/src/index.js';\n",
        'gateway/src/errors.ts': 'export class SwarmgateError extends Error {}\n',
        'gateway/src/index.ts': "export { World } from './sim/World.js';\nexport { live } from './trial/Live.js';\n",
        // The engine reaching into a transport, and a transport into the engine.
        'gateway/src/sim/World.ts':
          "import { SwarmgateError } from '../errors.js';\nimport { link } from '../hil/Link.js';\nexport class World { e = SwarmgateError; l = link; }\n",
        'gateway/src/hil/Link.ts': "import type { World } from '../sim/World.js';\nexport const link = (w: World | null) => w;\n",
        // web naming the trial (forbidden); trial composing web, a web test driving trial (allowed).
        'gateway/src/web/Feed.ts': "import { live } from '../trial/Live.js';\nexport const feed = live;\n",
        'gateway/src/web/Ui.ts': 'export const ui = 1;\n',
        'gateway/src/web/Ui.test.ts': "import { live } from '../trial/Live.js';\nexport const t = live;\n",
        'gateway/src/trial/Live.ts': "import { ui } from '../web/Ui.js';\nexport const live = ui;\n",
        // A recorder reading the engine (allowed) and reaching up into a live trial (forbidden).
        'gateway/src/record/Rec.ts': "import { World } from '../sim/World.js';\nimport { live } from '../trial/Live.js';\nexport const rec = [World, live];\n",
        // An experiment reaching into a live trial.
        'gateway/src/experiment/Report.ts': "import { live } from '../trial/Live.js';\nexport const report = live;\n",
        // A runtime cycle between two modules.
        'gateway/src/trial/A.ts': "import { b } from './B.js';\nexport const a = () => b;\n",
        'gateway/src/trial/B.ts': "import { a } from './A.js';\nexport const b = () => a;\n",
        // A type-only back-reference is no runtime cycle, but it still ties two folders in a knot.
        'sdk/src/links/Link.ts': "import type { Slam } from '../slam/Slam.js';\nexport interface Link { slam: Slam }\n",
        'sdk/src/slam/Slam.ts': "import type { Link } from '../links/Link.js';\nexport interface Slam { link: Link }\n",
        // bench past gateway's exports.
        'bench/src/engine.ts':
          "import { World } from '../../gateway/src/sim/World.js';\nimport { live } from '../../gateway/src/index.js';\nexport const w = [World, live];\n",
      });
      dirs.push(dir);
      const { code, violations } = check(dir);
      const found = violations.map((v) => `${v.rule}: ${v.from} -> ${v.to}`).sort();
      expect(found).toEqual(
        [
          'engine-is-self-contained: gateway/src/sim/World.ts -> gateway/src/hil/Link.ts',
          'transports-are-self-contained: gateway/src/hil/Link.ts -> gateway/src/sim/World.ts',
          'web-below-trial: gateway/src/web/Feed.ts -> gateway/src/trial/Live.ts',
          'recordings-above-engine: gateway/src/record/Rec.ts -> gateway/src/trial/Live.ts',
          'experiment-below-cli: gateway/src/experiment/Report.ts -> gateway/src/trial/Live.ts',
          'package-sdk: sdk/src/Upward.ts -> gateway/src/index.ts',
          'no-deep-import: bench/src/engine.ts -> gateway/src/sim/World.ts',
          'no-circular: gateway/src/trial/A.ts -> gateway/src/trial/B.ts -> gateway/src/trial/A.ts',
          'no-folder-cycle: gateway/src/hil, gateway/src/sim -> gateway/src/hil/Link.ts -> gateway/src/sim/World.ts; gateway/src/sim/World.ts -> gateway/src/hil/Link.ts',
          'no-folder-cycle: gateway/src/trial, gateway/src/web -> gateway/src/trial/Live.ts -> gateway/src/web/Ui.ts; gateway/src/web/Feed.ts -> gateway/src/trial/Live.ts',
          'no-folder-cycle: sdk/src/links, sdk/src/slam -> sdk/src/links/Link.ts -> sdk/src/slam/Slam.ts; sdk/src/slam/Slam.ts -> sdk/src/links/Link.ts',
        ].sort(),
      );
      expect(code).toBe(1);
    },
    CHECK_TIMEOUT_MS,
  );
});
