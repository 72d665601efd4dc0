/**
 * `experiment report`: reads DIR/results.jsonl and writes DIR/report/ (report.md, summary.csv,
 * runs.csv, and each plot as SVG and PNG). Returns what it wrote and the warnings to show.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportCharts } from './charts.js';
import { readResults } from './readResults.js';
import { renderSvg, svgToPng } from './renderChart.js';
import { reportMarkdown } from './reportMarkdown.js';
import { summarize } from './summarize.js';
import { runsCsv, summaryCsv } from './tables.js';

const REPORT_FOLDER = 'report';

export interface WrittenReport {
  readonly folder: string;
  readonly files: readonly string[];
  readonly warnings: readonly string[];
  readonly configurations: number;
  readonly runs: number;
}

/** `shown`: the metrics report.md shows (the design's), every numeric metric when undefined. */
export async function writeReport(dir: string, shown?: readonly string[]): Promise<WrittenReport> {
  const { file, runs, warnings } = readResults(dir);
  const summary = summarize(runs);
  const charts = reportCharts(summary);
  const folder = join(dir, REPORT_FOLDER);
  mkdirSync(folder, { recursive: true });
  const files: string[] = [];
  const write = (name: string, content: string | Buffer): void => {
    writeFileSync(join(folder, name), content);
    files.push(name);
  };
  write('report.md', reportMarkdown({ summary, source: file, warnings, charts, shown }));
  write('summary.csv', summaryCsv(summary));
  write('runs.csv', runsCsv(summary));
  for (const chart of charts) {
    const svg = await renderSvg(chart.spec);
    write(`${chart.name}.svg`, svg);
    write(`${chart.name}.png`, svgToPng(svg));
  }
  return { folder, files, warnings, configurations: summary.configurations.length, runs: runs.length };
}
