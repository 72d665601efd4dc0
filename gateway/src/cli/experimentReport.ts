/** `swarmgate experiment report DIR`: the report of an experiment's results.jsonl, written to DIR/report/. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from '../experiment/count.js';
import { CliUsageError, type CommandRun } from './Command.js';
import { parseCommandArgs } from './args.js';
import { DESIGN_FILE, designMetrics } from './experimentDesign.js';

const HELP = `Usage: swarmgate experiment report DIR

Reads DIR/results.jsonl (written by \`swarmgate experiment run\`, one line per run; format in
docs/experiments.md) and writes DIR/report/:
  report.md        per configuration (one distinct parameter vector): average ticks over the
                   successful runs, successes, timeouts, errors, success rate, fastest and
                   slowest run; the mean ± standard deviation of the metrics the design lists
                   (DIR/design.json's \`metrics\`; every numeric metric without one); the runs
                   that ended with an error; the plots
  summary.csv      the same, one row per configuration, with every numeric metric
  runs.csv         one row per run, with every numeric metric
  ticks-vs-robots.svg/.png     ticks to finish against robot count (mean, error bars 1 sd)
  explored-over-time.svg/.png  mean explored fraction over time per configuration
  cactus.svg/.png              each configuration's successful runs sorted by ticks

A run recorded with an "error" counts as failed and is listed. An unfinished last line (a run
cut off while it was written) is skipped with a warning; any other bad line is an error naming
the file and the line.`;

export const experimentReportCommand: CommandRun = async (argv) => {
  const parsed = parseCommandArgs(argv, {}, HELP);
  if (!parsed) return 0;
  const [dir, ...extra] = parsed.positionals;
  if (dir === undefined) throw new CliUsageError(`missing DIR\n\n${HELP}`);
  if (extra.length > 0) throw new CliUsageError(`unexpected argument '${extra[0]}'\n\n${HELP}`);
  // Loaded here, not at the top: vega, vega-lite and resvg are for this command only, and every other command would pay their load time.
  const { writeReport } = await import('../experiment/writeReport.js');
  const design = designMetricsIn(dir);
  const report = await writeReport(dir, design.metrics);
  for (const warning of [...design.warnings, ...report.warnings]) process.stderr.write(`swarmgate experiment report: warning: ${warning}\n`);
  process.stdout.write(
    `${count(report.runs, 'run')} in ${count(report.configurations, 'configuration')}: wrote ${report.files.join(', ')} in ${report.folder}\n`,
  );
  return 0;
};

/**
 * The metrics DIR/design.json's design lists. None (every metric) when DIR has no design.json,
 * as for results gathered by hand, or, with a warning, when it cannot be read as a design.
 */
function designMetricsIn(dir: string): { metrics?: readonly string[]; warnings: string[] } {
  const file = join(dir, DESIGN_FILE);
  if (!existsSync(file)) return { warnings: [] };
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as { design?: unknown } | null;
    return { metrics: designMetrics(record?.design, file), warnings: [] };
  } catch (error) {
    const message = error instanceof CliUsageError ? error.message : `${file}: ${(error as Error).message}`;
    return { warnings: [`${message}; the report shows every metric`] };
  }
}
