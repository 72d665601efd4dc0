/**
 * The report thread (reportThread.ts): writes one report, writeReport(workerData), and answers
 * with what it wrote or with the message and code of what it threw. Loaded through tsx's loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { errorCode } from '@swarmgate/protocols';
import type { ReportReply } from './reportThread.js';
import { writeReport } from './writeReport.js';

async function answer(dir: string): Promise<ReportReply> {
  try {
    return { report: await writeReport(dir) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), code: errorCode(error) };
  }
}

parentPort?.postMessage(await answer(workerData as string));
