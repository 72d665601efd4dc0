// The import rules the build enforces (docs/ARCHITECTURE.md, "Layers and boundaries").
// Run by `npm run depcheck`, which `npm run lint` and the test suite (test/src/deps) include.
//
// Packages: protocols <- maps; protocols, maps <- sdk <- gateway; firmware-sim -> protocols only; test and bench
// sit on top. Inside gateway/src the layers, lowest first:
//   gateway/src/errors.ts  <-  sim (engine, with sim/radio), hil (transports, with listenError.ts)
//   <-  record (MCAP recordings of the engine and of wire messages)  <-  web (HTTP plugins over a
//   read-only LiveView)  <-  trial (live trials, the composition root)  <-  cli. Beside web and
//   trial, experiment (results files in, tables and plots out) may use the engine and nothing
//   above it; the cli composes it into a command.
// Tests (*.test.ts) may import a layer above their own within their package: web's tests drive
// a real LiveTrial rather than a stand-in. No module imports a test.

import { readFileSync } from 'node:fs';

const PACKAGES = ['protocols', 'maps', 'sdk', 'gateway', 'firmware-sim', 'test', 'bench'];
const TEST = '\\.test\\.ts$';
const SRC = 'gateway/src';
/** The files each package's package.json `exports` name: the only ones another package may import. */
const ENTRIES = PACKAGES.flatMap((pkg) =>
  Object.values(JSON.parse(readFileSync(new URL(`./${pkg}/package.json`, import.meta.url), 'utf8')).exports).map(
    (file) => `^${pkg}/${file.replace(/^\.\//, '').replaceAll('.', '\\.')}$`,
  ),
);

/** The gateway's layers as paths. listenError.ts words a failed listen with hil's address helpers: it is a transport module. */
const LAYERS = {
  sim: `${SRC}/sim/`,
  hil: `${SRC}/(hil/|listenError\\.ts$)`,
  record: `${SRC}/record/`,
  web: `${SRC}/web/`,
  trial: `${SRC}/trial/`,
  experiment: `${SRC}/experiment/`,
  cli: `${SRC}/cli/`,
};

/** A gateway layer may not import the layers named. Tests are exempt (see above). */
function layer(name, from, forbidden, comment) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: `^${LAYERS[from]}`, pathNot: TEST },
    to: { path: forbidden.map((f) => `^${LAYERS[f]}`) },
  };
}

/** A package may import only the packages named (its own files always). */
function packageAllows(pkg, allowed) {
  const others = PACKAGES.filter((p) => p !== pkg && !allowed.includes(p));
  return {
    name: `package-${pkg}`,
    comment: `${pkg} may import ${allowed.length === 0 ? 'no other workspace package' : allowed.join(', ')} only.`,
    severity: 'error',
    from: { path: `^${pkg}/` },
    to: { path: `^(${others.join('|')})/` },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No module cycle at run time: such a cycle makes load order matter. A type-only back-reference (SimRobot naming its World) is not one; between folders scripts/depcheck.mjs forbids those too.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    layer('engine-is-self-contained', 'sim', ['hil', 'record', 'trial', 'web', 'cli'], 'The engine (sim, sim/radio) knows no transport and no layer above it.'),
    layer('transports-are-self-contained', 'hil', ['sim', 'record', 'trial', 'web', 'cli'], 'The transports (hil) know no engine and no layer above them.'),
    layer(
      'recordings-above-engine',
      'record',
      ['hil', 'trial', 'web', 'experiment', 'cli'],
      'Recordings (record) read the engine and encode wire messages; a live trial hands them what its links received.',
    ),
    layer('web-below-trial', 'web', ['trial', 'cli'], 'web reads a live trial through its LiveView interface; trial composes web, never the reverse.'),
    layer('trial-below-cli', 'trial', ['cli'], 'Only the cli composes commands; trial does not reach up into it.'),
    layer(
      'experiment-below-cli',
      'experiment',
      ['hil', 'web', 'trial', 'cli'],
      'Experiments work on results files and headless trials: no transport, live trial or web UI, and the cli composes them, never the reverse.',
    ),
    {
      name: 'gateway-base-is-lowest',
      comment: "gateway/src/*.ts (errors.ts) are shared by every layer and import none; index.ts is the package's face, listenError.ts is hil's.",
      severity: 'error',
      from: { path: `^${SRC}/[^/]+\\.ts$`, pathNot: [`^${SRC}/(index|listenError)\\.ts$`, TEST] },
      to: { path: Object.values(LAYERS).map((l) => `^${l}`) },
    },
    packageAllows('protocols', []),
    packageAllows('maps', ['protocols']),
    packageAllows('sdk', ['protocols', 'maps']),
    packageAllows('firmware-sim', ['protocols']),
    packageAllows('gateway', ['protocols', 'maps', 'sdk']),
    {
      name: 'no-deep-import',
      comment:
        "Another package is reached only through an entry of its package.json exports ('@swarmgate/gateway', '@swarmgate/maps/testing'), never by a path into its files.",
      severity: 'error',
      from: { path: `^(${PACKAGES.join('|')})/` },
      to: { path: `^(${PACKAGES.join('|')})/`, pathNot: [`^$1/`, ...ENTRIES] },
    },
    {
      name: 'no-test-imports',
      comment: 'No module imports a test file.',
      severity: 'error',
      from: {},
      to: { path: TEST },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|out)/|^protocols/src/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    combinedDependencies: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
