/**
 * The experiments resource of the HTTP API: result folders (each holding the results.jsonl an
 * experiment run appends to) under the experiments folder, and their reports
 * (experiment/writeReport.ts, docs/experiments.md).
 *
 *   GET  /api/experiments                     [{name, hasReport}]: folders with a results.jsonl
 *   GET  /api/experiments/{name}/report       the report's Markdown (report/report.md)
 *   POST /api/experiments/{name}/report       (re)writes the report from results.jsonl -> what it wrote
 *
 * A report is written on a thread of its own (experiment/reportThread.ts), not on the event loop
 * the live trial and the broker turn on; one at a time (MAX_REPORTS_WRITTEN), a POST while one is
 * being written is a 503: a report's thread holds vega's and resvg's heap, and two writes of one
 * folder would overwrite each other's files. Refused rather than queued, so no request waits
 * unseen behind another's charts; the client tries again in a moment.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { errorCode } from '@swarmgate/protocols';
import { writeReportOnThread } from '../experiment/reportThread.js';
import { errorSchema } from '../web/apiSchemas.js';
import { FILE_NAME_PATTERN, isPlainName, listFolder } from '../web/apiFiles.js';

export interface ExperimentsApiOptions {
  readonly folder: string;
}

const reportFile = (dir: string): string => join(dir, 'report', 'report.md');

/** Reports written at once (each on its own thread); one more POST is a 503. */
export const MAX_REPORTS_WRITTEN = 1;

export async function experimentsApi(app: FastifyInstance, options: ExperimentsApiOptions): Promise<void> {
  const { folder } = options;
  const tags = ['experiments'];
  const params = { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: FILE_NAME_PATTERN } } } as const;
  /** The folder of experiment `name`, or null when there is no such experiment. */
  const experimentDir = (name: string): string | null => {
    const dir = join(folder, name);
    return isPlainName(name) && existsSync(join(dir, 'results.jsonl')) ? dir : null;
  };
  const notFound = (name: string) => ({ error: `no experiment '${name}' (GET /api/experiments lists them)` });
  let writing = 0;

  app.get(
    '/api/experiments',
    {
      schema: {
        tags,
        summary: 'Experiment result folders',
        response: {
          200: {
            type: 'array',
            items: { type: 'object', required: ['name', 'hasReport'], properties: { name: { type: 'string' }, hasReport: { type: 'boolean' } } },
          },
        },
      },
    },
    async () =>
      listFolder(folder)
        .filter((entry) => entry.isDirectory() && experimentDir(entry.name) !== null)
        .map((entry) => ({ name: entry.name, hasReport: existsSync(reportFile(join(folder, entry.name))) })),
  );

  app.get<{ Params: { name: string } }>(
    '/api/experiments/:name/report',
    {
      schema: {
        tags,
        summary: "An experiment's report (Markdown)",
        params,
        response: { 200: { description: 'report.md', content: { 'text/markdown': { schema: { type: 'string' } } } }, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const dir = experimentDir(request.params.name);
      if (!dir) return reply.code(404).send(notFound(request.params.name));
      if (!existsSync(reportFile(dir))) {
        return reply
          .code(404)
          .send({ error: `experiment '${request.params.name}' has no report yet: POST /api/experiments/${request.params.name}/report writes it` });
      }
      return reply.type('text/markdown; charset=utf-8').send(readFileSync(reportFile(dir), 'utf8'));
    },
  );

  app.post<{ Params: { name: string } }>(
    '/api/experiments/:name/report',
    {
      schema: {
        tags,
        summary: "Write an experiment's report from its results (tables, plots)",
        params,
        response: {
          200: {
            type: 'object',
            properties: {
              files: { type: 'array', items: { type: 'string' } },
              warnings: { type: 'array', items: { type: 'string' } },
              configurations: { type: 'integer' },
              runs: { type: 'integer' },
            },
          },
          404: errorSchema,
          422: errorSchema,
          503: { description: `${MAX_REPORTS_WRITTEN} report is being written already (MAX_REPORTS_WRITTEN): try again once it is done`, ...errorSchema },
        },
      },
    },
    async (request, reply) => {
      const dir = experimentDir(request.params.name);
      if (!dir) return reply.code(404).send(notFound(request.params.name));
      if (writing >= MAX_REPORTS_WRITTEN) {
        return reply.code(503).send({
          error: `a report is being written already (this gateway writes at most ${MAX_REPORTS_WRITTEN} at once): try again once it is done`,
        });
      }
      writing++;
      try {
        const { files, warnings, configurations, runs } = await writeReportOnThread(dir);
        return { files, warnings, configurations, runs };
      } catch (error) {
        // Results that cannot be reported (an empty or malformed results.jsonl) are the folder's fault, not ours.
        const code = errorCode(error);
        if (code !== 'SG_RESULTS_EMPTY' && code !== 'SG_RESULTS_LINE') throw error;
        return reply.code(422).send({ error: (error as Error).message });
      } finally {
        writing--;
      }
    },
  );
}
