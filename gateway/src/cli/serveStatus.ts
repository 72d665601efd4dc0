import type { LiveTrialStatus } from '../trial/LiveTrial.js';

/** One short status line of a live trial, e.g. `tick 1200 | robots 8 virtual, 2/3 physical online | explored 41.5% | overruns 0`. */
export function formatServeStatus(status: LiveTrialStatus): string {
  const physical = status.physicalRobots > 0 ? `, ${status.physicalOnline}/${status.physicalRobots} physical online` : '';
  const stopped = status.emergencyStopped.length > 0 ? ` | E-STOP ${status.emergencyStopped.length}` : '';
  return `tick ${status.tick} | robots ${status.virtualRobots} virtual${physical} | explored ${(status.exploredFraction * 100).toFixed(1)}% | overruns ${status.overruns}${stopped}`;
}
