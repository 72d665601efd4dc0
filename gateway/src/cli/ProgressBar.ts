/**
 * A one-line progress bar for a terminal (carriage return, no library): ticks, explored
 * fraction and simulation speed over real time. Redraws at most every `intervalMs` of wall time.
 */
export interface ProgressStream {
  write(text: string): unknown;
  readonly columns?: number;
}

export class ProgressBar {
  private lastDrawMs = -Infinity;

  constructor(
    private readonly stream: ProgressStream,
    private readonly totalTicks: number,
    private readonly intervalMs = 100,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  update(tick: number, exploredFraction: number, simSeconds: number, wallSeconds: number, force = false): void {
    const now = this.nowMs();
    if (!force && now - this.lastDrawMs < this.intervalMs) return;
    this.lastDrawMs = now;
    this.stream.write('\r' + formatProgress(tick, this.totalTicks, exploredFraction, simSeconds, wallSeconds, this.stream.columns ?? 80));
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
