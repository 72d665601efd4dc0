import type { Fleet } from '../hil/FleetFile.js';

/**
 * What a fleet file and the trial disagree on, as warnings: a listed virtual robot the trial
 * does not have, and a --remote robot no controller is assigned to (the ACL lets nobody
 * command it).
 */
export function fleetTrialWarnings(fleet: Fleet | null, trialRobotIds: readonly string[], remote: readonly string[]): string[] {
  if (!fleet) return [];
  const assigned = new Set(fleet.controllers.flatMap((c) => c.robotIds));
  return [
    ...fleet.virtualRobotIds
      .filter((id) => !trialRobotIds.includes(id))
      .map((id) => `serve: --fleet lists virtual robot ${id}, which is not in this trial (${trialRobotIds.length} robots): its Commands are refused`),
    ...remote
      .filter((id) => !assigned.has(id))
      .map((id) => `serve: --remote ${id}: no controller in the fleet file is assigned ${id}, so nobody may command it`),
  ];
}

/**
 * The robots remote controllers drive: the --remote ones, and every robot the fleet file
 * assigns to a controller (the lab said who drives it; running the host-side algorithm too
 * would have two controllers fighting over one robot).
 */
export function remoteRobotIds(fleet: Fleet | null, remote: readonly string[]): string[] {
  const assigned = fleet?.controllers.flatMap((c) => c.robotIds) ?? [];
  return [...new Set([...remote, ...assigned])];
}
