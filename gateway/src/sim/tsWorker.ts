/**
 * Starts a worker thread on a TypeScript module. The engine runs from its TypeScript sources
 * through tsx (the CLI registers tsx's loader, vitest its own), and a worker thread inherits
 * neither: so the worker first registers tsx's ESM loader itself, then imports the module.
 */
import { Worker, type TransferListItem } from 'node:worker_threads';

export function startTsWorker(module: URL, workerData: unknown, transferList: readonly TransferListItem[] = []): Worker {
  const loader = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(code, { eval: true, workerData, transferList: [...transferList] });
}
