import { build, type BuildOptions } from 'esbuild';

/** What a module's import graph holds, as esbuild resolves it (computed `import()` specifiers are never in it). */
export interface ImportGraph {
  /** The graph's files, the entry first. */
  readonly files: readonly string[];
  /** The specifiers it leaves external (with `packages: 'external'`, every package it imports). */
  readonly external: readonly string[];
}

/**
 * The import graph from `options`' one entry point (a bundle built in memory for its metafile):
 * what the bundle holds with `withLiteralImports` (esbuild bundles `import('./x.js')` too), what
 * loading the module loads before it runs without.
 */
export async function importGraph(options: BuildOptions, entrySuffix: string, withLiteralImports: boolean): Promise<ImportGraph> {
  const result = await build({ ...options, write: false, metafile: true, logLevel: 'silent' });
  const graph = result.metafile.inputs;
  const entry = Object.keys(graph).find((path) => path.endsWith(entrySuffix));
  if (entry === undefined) throw new Error(`no input ends with ${entrySuffix}`);
  const files: string[] = [];
  const external = new Set<string>();
  const seen = new Set<string>();
  for (const next = [entry]; next.length > 0;) {
    const path = next.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    files.push(path);
    for (const i of graph[path]?.imports ?? []) {
      if (i.kind === 'dynamic-import' && !withLiteralImports) continue;
      if (i.external) external.add(i.path);
      else next.push(i.path);
    }
  }
  return { files, external: [...external].sort() };
}
