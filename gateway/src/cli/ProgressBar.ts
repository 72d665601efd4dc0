/**
 * A one-line progress bar for a terminal (carriage return, no library): ticks, explored
 * fraction and simulation speed over real time for a trial, or runs done and the time left for
 * an experiment. Redraws at most every `intervalMs` of wall time.
 */
export interface ProgressStream {
  write(text: string): unknown;
  readonly columns?: number;
}

export class ProgressBar {
  private lastDrawMs = -Infinity;

  constructor(
    private readonly stream: ProgressStream,
    /** The trial's tick limit (update draws against it; draw does not use it). */
    private readonly totalTicks: number,
    private readonly intervalMs = 100,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  update(tick: number, exploredFraction: number, simSeconds: number, wallSeconds: number, force = false): void {
    this.draw((columns) => formatProgress(tick, this.totalTicks, exploredFraction, simSeconds, wallSeconds, columns), force);
  }

  /** Redraws the line with `text(columns)`, unless the last draw is under `intervalMs` old. */
  draw(text: (columns: number) => string, force = false): void {
    const now = this.nowMs();
    if (!force && now - this.lastDrawMs < this.intervalMs) return;
    this.lastDrawMs = now;
    this.stream.write('\r' + text(this.stream.columns ?? 80));
  }

  /** Ends the bar's line so later output starts on a fresh one. */
  finish(): void {
    this.stream.write('\n');
  }
}

export function formatProgress(tick: number, totalTicks: number, exploredFraction: number, simSeconds: number, wallSeconds: number, columns: number): string {
  const speed = wallSeconds > 0 ? simSeconds / wallSeconds : 0;
  const text = ` tick ${tick}/${totalTicks}  explored ${(exploredFraction * 100).toFixed(1)}%  ${speed.toFixed(1)}x real time`;
  const barWidth = Math.max(10, Math.min(40, columns - text.length - 3));
  const filled = Math.round(Math.min(1, exploredFraction) * barWidth);
  return `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}]${text}`;
}

/**
 * An experiment's line: runs done of all, failures, and the time left at the pace so far
 * (`doneHere` of the done runs ran in `wallSeconds`; the others were recorded before).
 */
export function formatExperimentProgress(done: number, total: number, failed: number, wallSeconds: number, columns: number, doneHere = done): string {
  const left = doneHere > 0 ? ((total - done) * wallSeconds) / doneHere : null;
  const text = ` ${done}/${total} runs${failed > 0 ? `, ${failed} failed` : ''}  ${formatDuration(wallSeconds)} elapsed, ETA ${left === null ? '?' : formatDuration(left)}`;
  const barWidth = Math.max(10, Math.min(40, columns - text.length - 3));
  const filled = total > 0 ? Math.round((done / total) * barWidth) : barWidth;
  return `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}]${text}`;
}

/** Seconds as `1h02m`, `3m07s` or `12s`. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s >= 3600) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}
