/**
 * The protocols package's live codec (`@swarmgate/protocols/live`) as one browser ES module,
 * bundled by esbuild from the package's exports when the gateway starts (in memory, no
 * network, no build step for a clean clone): the page decodes with the code the gateway
 * encodes with.
 */
import { build } from 'esbuild';

const ENTRY = '@swarmgate/protocols/live';

let bundled: Promise<Buffer> | null = null;

export function protocolBundle(): Promise<Buffer> {
  bundled ??= build({
    stdin: { contents: `export * from '${ENTRY}';`, resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => Buffer.from(`// ${ENTRY}, bundled by the gateway at start (esbuild)\n${result.outputFiles[0].text}`));
  return bundled;
}
