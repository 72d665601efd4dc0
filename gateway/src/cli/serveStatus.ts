import type { LiveTrialStatus } from '../trial/LiveTrial.js';

/** Stopped robots named in the status line; more are counted, not listed (one terminal line). */
const LISTED_STOPS = 3;

/**
 * One short status line of a live trial, e.g. `tick 1200 | robots 8 virtual, 2/3 physical
 * online | explored 41.5% | overruns 0`; while robots are emergency-stopped it names them and
 * how to release them, e.g. `| E-STOP 2 (r0, mona-01); release: POST /api/estop/release`, and
 * once faults were contained, how many (`| faults 3 (GET /api/trial)`: the kinds are there; in the
 * log when serve has no HTTP API, `httpApi` false).
 */
export function formatServeStatus(status: LiveTrialStatus, httpApi = true): string {
  const physical = status.physicalRobots > 0 ? `, ${status.physicalOnline}/${status.physicalRobots} physical online` : '';
  return `tick ${status.tick} | robots ${status.virtualRobots} virtual${physical} | explored ${(status.exploredFraction * 100).toFixed(1)}% | overruns ${status.overruns}${faults(status, httpApi)}${stops(status.emergencyStopped, httpApi)}`;
}

/** Without the HTTP API (no --port) nothing releases a stop: the operator's only way is a restart with it. */
function stops(ids: readonly string[], httpApi: boolean): string {
  if (ids.length === 0) return '';
  const more = ids.length > LISTED_STOPS ? `, +${ids.length - LISTED_STOPS}` : '';
  const release = httpApi ? 'POST /api/estop/release' : 'only the HTTP API releases (serve --port)';
  return ` | E-STOP ${ids.length} (${ids.slice(0, LISTED_STOPS).join(', ')}${more}); release: ${release}`;
}

function faults(status: LiveTrialStatus, httpApi: boolean): string {
  return status.faults.total > 0 ? ` | faults ${status.faults.total} (${httpApi ? 'GET /api/trial' : 'the log'})` : '';
}
