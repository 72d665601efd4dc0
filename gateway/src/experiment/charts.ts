/**
 * The report's plots as Vega-Lite specs (pure data in, spec out; renderChart.ts draws them):
 * ticks against robot count per algorithm with the spread, the explored fraction over time,
 * and a cactus plot per configuration.
 */
import type { TopLevelSpec } from 'vega-lite';
import { isFailed, type FinishedRunLine } from './resultsLine.js';
import { configurationLabel, type ConfigurationSummary, type ExperimentSummary } from './summarize.js';

/** The family of the font renderChart.ts bundles, so text measures and renders the same on every machine. */
export const CHART_FONT = 'Noto Sans';

export interface Chart {
  /** File name without extension: `<name>.svg`, `<name>.png`. */
  readonly name: string;
  readonly title: string;
  readonly spec: TopLevelSpec;
}

/** Points of one explored-over-time curve at most, so a day-long trial still draws quickly. */
const MAX_CURVE_POINTS = 200;

// Legend labels are configuration labels: long, and cut at Vega's default 160 px they would be indistinguishable.
const COMMON = { width: 480, height: 300, background: 'white', config: { font: CHART_FONT, legend: { labelLimit: 480 } } } as const;

/** The colour channel of a per-configuration chart: every configuration in the legend, in report order, one colour in every chart. */
function configurationColor(summary: ExperimentSummary) {
  return { field: 'configuration', type: 'nominal', scale: { domain: summary.configurations.map((c) => c.label) } } as const;
}

export function reportCharts(summary: ExperimentSummary): Chart[] {
  return [ticksAgainstRobots(summary), exploredOverTime(summary), cactus(summary)];
}

function finishedRuns(c: ConfigurationSummary): FinishedRunLine[] {
  return c.runs.flatMap(({ run }) => (isFailed(run) ? [] : [run]));
}

/** Ticks to finish of each successful run against its robot count, one line per configuration less its robot count. */
function ticksAgainstRobots(summary: ExperimentSummary): Chart {
  const others = summary.parameters.filter((p) => p !== 'robots');
  const values = summary.configurations.flatMap((c) =>
    finishedRuns(c)
      .filter((run) => run.result.success)
      .map((run) => ({ series: configurationLabel(run.vector, others), robots: run.result.robots, ticks: run.result.ticks })),
  );
  const x = { field: 'robots', type: 'quantitative', title: 'robots', axis: { tickMinStep: 1 } } as const;
  const series = [...new Set(summary.configurations.map((c) => configurationLabel(c.vector, others)))];
  const color = { field: 'series', type: 'nominal', title: others.join(', ') || 'runs', scale: { domain: series } } as const;
  return {
    name: 'ticks-vs-robots',
    title: 'Ticks to finish against robot count: mean of the successful runs, error bars one standard deviation',
    spec: {
      ...COMMON,
      data: { values },
      layer: [
        {
          mark: { type: 'errorbar', extent: 'stdev', ticks: true },
          encoding: { x, y: { field: 'ticks', type: 'quantitative', title: 'ticks to finish' }, color },
        },
        { mark: { type: 'line', point: true }, encoding: { x, y: { field: 'ticks', type: 'quantitative', aggregate: 'mean' }, color } },
      ],
    },
  };
}

function exploredOverTime(summary: ExperimentSummary): Chart {
  const values = summary.configurations.flatMap((c) => meanCurve(finishedRuns(c)).map((p) => ({ configuration: c.label, ...p })));
  return {
    name: 'explored-over-time',
    title: 'Explored fraction over time, mean over the finished runs of each configuration',
    spec: {
      ...COMMON,
      data: { values },
      mark: 'line',
      encoding: {
        x: { field: 'tick', type: 'quantitative', title: 'tick' },
        y: { field: 'explored', type: 'quantitative', title: 'explored fraction', axis: { format: '%' }, scale: { domain: [0, 1] } },
        color: configurationColor(summary),
      },
    },
  };
}

/** Each configuration's successful runs sorted by ticks to finish: the k-th point is the k-th fastest run. */
function cactus(summary: ExperimentSummary): Chart {
  const values = summary.configurations.flatMap((c) =>
    finishedRuns(c)
      .filter((run) => run.result.success)
      .map((run) => run.result.ticks)
      .sort((a, b) => a - b)
      .map((ticks, i) => ({ configuration: c.label, solved: i + 1, ticks })),
  );
  return {
    name: 'cactus',
    title: 'Cactus plot: runs finished (x) within a number of ticks (y), per configuration',
    spec: {
      ...COMMON,
      data: { values },
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'solved', type: 'quantitative', title: 'runs finished', axis: { tickMinStep: 1 } },
        y: { field: 'ticks', type: 'quantitative', title: 'ticks to finish' },
        color: configurationColor(summary),
      },
    },
  };
}

/**
 * The mean explored fraction of some runs at each sampled tick. A run that has ended keeps its
 * last value (what it explored stays explored), so the mean does not drop when fast runs stop.
 */
export function meanCurve(runs: readonly FinishedRunLine[]): { tick: number; explored: number }[] {
  const ticks = [...new Set(runs.flatMap((run) => run.series.tick))].sort((a, b) => a - b);
  const stride = Math.max(1, Math.ceil(ticks.length / MAX_CURVE_POINTS));
  const kept = ticks.filter((_, i) => i % stride === 0 || i === ticks.length - 1);
  return kept.flatMap((tick) => {
    const values = runs.flatMap((run) => {
      const at = lastIndexAtOrBefore(run.series.tick, tick);
      return at < 0 ? [] : [run.series.explored[at]];
    });
    return values.length === 0 ? [] : [{ tick, explored: values.reduce((a, b) => a + b, 0) / values.length }];
  });
}

/** The index of the last entry <= tick in ascending ticks, or -1. */
function lastIndexAtOrBefore(ticks: readonly number[], tick: number): number {
  let lo = 0;
  let hi = ticks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ticks[mid] <= tick) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
