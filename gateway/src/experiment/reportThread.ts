/**
 * writeReport on a worker thread (reportThreadWorker.ts), for the gateway's POST
 * /api/experiments/{name}/report: drawing a report's charts (vega, resvg: renderChart.ts) holds
 * the thread that draws them 0.5 s or more even for a small experiment, and on the event loop
 * the live trial's ticks, the broker and every client waited as long. One thread a report,
 * started for it (tsx's loader: about 0.5 s) and ended once it answers, so the charts' heap is
 * not held between reports. The CLI (`experiment report`) writes in-process: it has no event
 * loop to keep turning.
 */
import { SwarmgateError } from '@swarmgate/protocols/common';
import { startTsxWorker } from '../sim/tsWorker.js';
import type { WrittenReport } from './writeReport.js';

/** What the thread answers: the report written, or the message and code of what writeReport threw. */
export type ReportReply = { readonly report: WrittenReport } | { readonly error: string; readonly code: string | undefined };

/** The error the thread answered, its code kept (a SwarmgateError's message already starts with it). */
function threadError(error: string, code: string | undefined): Error {
  if (code === undefined) return new Error(error);
  const prefix = `${code}: `;
  return new SwarmgateError(code, error.startsWith(prefix) ? error.slice(prefix.length) : error);
}

/** writeReport(dir) on a thread of its own; rejects as writeReport would (its code kept), or when the thread dies. */
export function writeReportOnThread(dir: string): Promise<WrittenReport> {
  const worker = startTsxWorker(new URL('./reportThreadWorker.ts', import.meta.url), dir);
  return new Promise<WrittenReport>((resolve, reject) => {
    worker.on('message', (reply: ReportReply) => ('report' in reply ? resolve(reply.report) : reject(threadError(reply.error, reply.code))));
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the report thread ended before the report was written (exit code ${code})`)));
  }).finally(() => void worker.terminate());
}
