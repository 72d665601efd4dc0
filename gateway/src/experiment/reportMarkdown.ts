/**
 * report.md: the Minotaur table per configuration (Schmidt, Sørensen and Beregaard, "The Minotaur Exploration Algorithm", 2024), the mean and standard
 * deviation of the design's metrics (every metric without a design), the failed runs, the warnings, and the plots.
 */
import { isFailed } from './resultsLine.js';
import type { ExperimentSummary } from './summarize.js';
import type { Spread } from './stats.js';
import type { Chart } from './charts.js';
import { count } from './count.js';

export interface MarkdownInputs {
  readonly summary: ExperimentSummary;
  /** The results file as the user named it. */
  readonly source: string;
  readonly warnings: readonly string[];
  readonly charts: readonly Chart[];
  /** The metrics the design lists, in its order (every numeric metric when undefined); the CSVs keep them all. */
  readonly shown?: readonly string[];
}

export function reportMarkdown({ summary, source, warnings, charts, shown }: MarkdownInputs): string {
  const configurations = summary.configurations;
  const metrics = shown === undefined ? summary.metrics : shown.filter((m) => summary.metrics.includes(m));
  const others = summary.metrics.filter((m) => !metrics.includes(m));
  // Listed by the design, a number in no run (explorationTicks when every run timed out): named,
  // not dropped. `success` is no number but the table's success rate.
  const unreported = shown?.filter((m) => m !== 'success' && !summary.metrics.includes(m)) ?? [];
  const runs = configurations.reduce((n, c) => n + c.runs.length, 0);
  const out: string[] = [
    '# Experiment report',
    '',
    `${count(runs, 'run')} in ${count(configurations.length, 'configuration')}, from \`${source}\`.`,
    ...(warnings.length > 0 ? ['', '## Warnings', '', ...warnings.map((w) => `- ${escapeCell(w)}`)] : []),
    '',
    '## Runs per configuration',
    '',
    '| configuration | average ticks [^ticks] | successes | timeouts | errors | success rate | fastest | slowest |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...configurations.map((c) =>
      row([
        c.label,
        c.ticks ? formatNumber(c.ticks.mean) : '–',
        String(c.successes),
        String(c.timeouts),
        String(c.errors),
        `${(c.successRate * 100).toFixed(1)} %`,
        c.ticks ? String(c.ticks.min) : '–',
        c.ticks ? String(c.ticks.max) : '–',
      ]),
    ),
    '',
    '[^ticks]: Average, fastest and slowest are over the successful runs only (the target explored fraction reached). ' +
      'A timeout is a run that reached its tick limit first; an error is a run that threw (listed below). Both count as failed in the success rate.',
    '',
    '## Metrics (mean ± standard deviation)',
    '',
    'Over the runs of each configuration that report the metric as a number (a run with an error reports none, a timeout no explorationTicks); the sample standard deviation, – with one run.',
    '',
    ...(metrics.length === 0
      ? [summary.metrics.length === 0 ? 'No run finished: there is no metric to show.' : 'No run reports a metric the design lists.']
      : [
          `| metric | ${configurations.map((c) => escapeCell(c.label)).join(' | ')} |`,
          `|---|${configurations.map(() => '--:').join('|')}|`,
          ...metrics.map((m) => row([m, ...configurations.map((c) => spreadText(c.metrics.get(m)))])),
        ]),
    ...(unreported.length > 0
      ? ['', `Listed by the design and reported as a number by no run, so not in the table: ${unreported.map(escapeCell).join(', ')}.`]
      : []),
    ...(shown !== undefined && others.length > 0
      ? ['', `The design's \`metrics\`; the runs' other numeric fields (${others.join(', ')}) are in \`summary.csv\` and \`runs.csv\`.`]
      : []),
  ];
  const failed = configurations.flatMap((c) => c.runs.flatMap(({ line, run }) => (isFailed(run) ? [{ line, run, label: c.label }] : [])));
  if (failed.length > 0) {
    out.push('', '## Runs with an error', '', '| line | run | configuration | error |', '|--:|---|---|---|');
    out.push(...failed.map(({ line, run, label }) => row([String(line), run.runKey, label, run.error])));
  }
  out.push('', '## Plots', '');
  for (const chart of charts) out.push(`![${chart.title}](${chart.name}.svg)`, '', `${chart.title} ([PNG](${chart.name}.png)).`, '');
  out.push('Also here: `summary.csv` (one row per configuration) and `runs.csv` (one row per run).', '');
  return out.join('\n');
}

function row(cells: readonly string[]): string {
  return `| ${cells.map(escapeCell).join(' | ')} |`;
}

/** A table cell's text: a pipe would end the cell and a line break the row. */
function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|').replace(/\r?\n/g, ' ');
}

function spreadText(spread: Spread | undefined): string {
  if (!spread) return '–';
  return `${formatNumber(spread.mean)} ± ${spread.sd === null ? '–' : formatNumber(spread.sd)}`;
}

/** Four significant digits for fractions, one decimal for large values, integers as they are. */
export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  if (Math.abs(value) >= 1000) return value.toFixed(1);
  return String(Number(value.toPrecision(4)));
}
