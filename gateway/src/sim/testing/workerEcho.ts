/** A worker module for tsWorker.test.ts: answers with where it runs from and a TypeScript import's result. */
import { parentPort, workerData } from 'node:worker_threads';
import { wrapAngle } from '@swarmgate/protocols/common';

parentPort?.postMessage({ url: import.meta.url.slice(0, 'data:'.length), wrapped: wrapAngle(workerData as number) });
