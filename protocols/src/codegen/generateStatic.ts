/**
 * Generates the static protobufjs code (src/generated/swarmgate.js + .d.ts) from the .proto.
 *
 * Why static code and not reflection (loadSync): the generated .d.ts gives every consumer
 * real types derived from the one schema, so no hand-written interface restates it; encode
 * and decode are plain functions (no runtime parse of the .proto, no fs access at import).
 * The output is committed and a test regenerates it into a temp dir and requires no diff.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROTO_FILE, PROTO_INCLUDE_DIR } from '../protoFile.js';

export const PROTOCOLS_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export { PROTO_FILE, PROTO_INCLUDE_DIR } from '../protoFile.js';
export const GENERATED_DIR = join(PROTOCOLS_ROOT, 'src', 'generated');
export const GENERATED_BASENAME = 'swarmgate';

const PBJS_FLAGS = [
  '--target',
  'static-module',
  '--wrap',
  'esm',
  // Our wrapper of protobufjs/minimal.js that switches Long off (see protobufMinimal.ts).
  '--dependency',
  './protobufMinimal.js',
  // uint64 timestamps as number: exact up to 2^53 ms, and no Long objects at the API.
  '--force-number',
  // Only encode/decode are used; the rest is dead code.
  '--no-verify',
  '--no-convert',
  '--no-delimited',
  '--no-typeurl',
  '--no-service',
];

/** Writes <outDir>/swarmgate.js and swarmgate.d.ts; returns their paths. */
export function generateStaticCode(outDir: string = GENERATED_DIR): { jsPath: string; dtsPath: string } {
  mkdirSync(outDir, { recursive: true });
  const require = createRequire(import.meta.url);
  const cliDir = dirname(require.resolve('protobufjs-cli/package.json'));
  const jsPath = join(outDir, `${GENERATED_BASENAME}.js`);
  const dtsPath = join(outDir, `${GENERATED_BASENAME}.d.ts`);
  execFileSync(process.execPath, [join(cliDir, 'bin', 'pbjs'), ...PBJS_FLAGS, '--path', PROTO_INCLUDE_DIR, '--out', jsPath, PROTO_FILE], { stdio: 'pipe' });
  execFileSync(process.execPath, [join(cliDir, 'bin', 'pbts'), '--out', dtsPath, jsPath], { stdio: 'pipe' });
  return { jsPath, dtsPath };
}
