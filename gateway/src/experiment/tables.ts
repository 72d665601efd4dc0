/**
 * The report's tables as rows: summary.csv (one row per configuration), runs.csv (one row per
 * run). Numbers are written in full; the Markdown report rounds them for reading.
 */
import { toCsv, type CsvField } from './csv.js';
import { isFailed } from './resultsLine.js';
import { configurationLabel, statusOf, valueText, type ExperimentSummary } from './summarize.js';

export function summaryCsv(summary: ExperimentSummary): string {
  const header = [
    'configuration',
    ...summary.parameters,
    'runs',
    'successes',
    'timeouts',
    'errors',
    'successRate',
    'averageTicks',
    'fastestTicks',
    'slowestTicks',
    ...summary.metrics.flatMap((m) => [`${m}Mean`, `${m}Sd`]),
  ];
  const rows = summary.configurations.map((c) => [
    c.label,
    ...summary.parameters.map((p): CsvField => (c.vector[p] === undefined ? null : valueText(c.vector[p]))),
    c.runs.length,
    c.successes,
    c.timeouts,
    c.errors,
    c.successRate,
    c.ticks?.mean ?? null,
    c.ticks?.min ?? null,
    c.ticks?.max ?? null,
    ...summary.metrics.flatMap((m): CsvField[] => [c.metrics.get(m)?.mean ?? null, c.metrics.get(m)?.sd ?? null]),
  ]);
  return toCsv(header, rows);
}

export function runsCsv(summary: ExperimentSummary): string {
  const header = [
    'line',
    'runKey',
    'vectorIndex',
    'iteration',
    'configuration',
    ...summary.parameters,
    'seed',
    'status',
    'error',
    // The run's whole time (map loading included); not `wallSeconds`, the trial's own, which is
    // among the metrics.
    'runWallSeconds',
    ...summary.metrics,
  ];
  const rows = summary.configurations.flatMap((c) =>
    c.runs.map(({ line, run }) => {
      const metric = (name: string): CsvField => {
        const value = isFailed(run) ? undefined : run.result[name];
        return typeof value === 'number' ? value : null;
      };
      return [
        line,
        run.runKey,
        run.vectorIndex,
        run.iteration,
        configurationLabel(run.vector, summary.parameters),
        ...summary.parameters.map((p): CsvField => (run.vector[p] === undefined ? null : valueText(run.vector[p]))),
        run.seed,
        statusOf(run),
        isFailed(run) ? run.error : null,
        run.wallSeconds ?? null,
        ...summary.metrics.map(metric),
      ];
    }),
  );
  return toCsv(header, rows);
}
