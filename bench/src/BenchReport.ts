/** What one benchmark returns to the runner: a markdown section for BENCHMARKS.md. */
export interface BenchReport {
  /** Name to select it on the command line: `npm run bench -- map-generation`. */
  readonly name: string;
  readonly title: string;
  /** Results as a markdown table (or a few lines), without the heading. */
  readonly markdown: string;
}

/** Options from the command line, for the benchmarks that take them. */
export interface BenchOptions {
  /** How long a soak runs (`npm run bench -- soak --minutes 30`). */
  readonly minutes?: number;
  /** A git revision to measure beside this tree (`npm run bench -- live-map --base HEAD`), for the benchmarks that compare. */
  readonly base?: string;
}
