/**
 * Starts a worker thread on a TypeScript module. The engine runs from its TypeScript sources
 * (through tsx's loader, or vitest's), which a worker thread does not inherit. Registering tsx's
 * loader in the worker cost 160 ms and a loader thread of its own before the first import: about
 * 0.3 s and 0.4 CPU s until a lidar worker was ready, spent beside the first ticks of the trial
 * it was to speed up. Instead the worker bundles the module's static import graph with esbuild
 * (in memory, in esbuild's own process, stopped once done) and runs the bundle: no loader, one
 * module to compile. The worker does it, not the main thread, because a trial steps without
 * returning to its event loop, where the build's result would arrive. What the module imports
 * by a computed specifier is not in the bundle (lidarThread.ts loads its controllers that way).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type TransferListItem } from 'node:worker_threads';
import type { BuildOptions } from 'esbuild';

/** How a worker bundles `module` (lidarThread.test.ts checks what goes in). */
export function workerBundleOptions(module: URL): BuildOptions {
  return { entryPoints: [fileURLToPath(module)], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent' };
}

/** A worker thread running `module`; a module that cannot be bundled ends it with an 'error' event naming what failed. */
export function startTsWorker(module: URL, workerData: unknown, transferList: readonly TransferListItem[] = []): Worker {
  const esbuild = createRequire(import.meta.url).resolve('esbuild');
  const options = workerBundleOptions(module);
  // An eval'd worker is CommonJS: require and import() are both there.
  const code = `const esbuild = require(${JSON.stringify(esbuild)});
esbuild.build(${JSON.stringify(options)}).then((result) => {
  esbuild.stop();
  return import('data:text/javascript;base64,' + Buffer.from(result.outputFiles[0].contents).toString('base64'));
});`;
  return new Worker(code, { eval: true, workerData, transferList: [...transferList] });
}

/**
 * A worker thread running `module` through tsx's loader, registered in the thread first (about
 * 0.5 s), for a module a bundle cannot hold: one that finds its files from import.meta.url, which
 * in a bundle is the bundle's data: URL (the report thread's chart font, the map thread's bundled maps).
 */
export function startTsxWorker(module: URL, workerData: unknown): Worker {
  const code = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => tsx.register())
  .then(() => import(${JSON.stringify(module.href)}));`;
  return new Worker(code, { eval: true, workerData });
}
