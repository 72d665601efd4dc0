import type { Fleet } from '../hil/FleetFile.js';
import { virtualRobotId } from '../sim/virtualRobotId.js';

/**
 * Why a fleet cannot run beside `virtualRobots` virtual robots (r0 .. r{N-1}), or null: a
 * physical robot listed under the id of a virtual one would be refused whenever it connects,
 * so the fleet is refused before anything starts.
 */
export function fleetVirtualIdProblem(fleet: Fleet | null, virtualRobots: number): string | null {
  if (!fleet) return null;
  const names = new Set(Array.from({ length: virtualRobots }, (_, i) => virtualRobotId(i)));
  const taken = fleet.robots.filter((robot) => names.has(robot.id)).map((robot) => robot.id);
  if (taken.length === 0) return null;
  return (
    `physical robot ${taken.join(', ')} in the fleet file ${taken.length === 1 ? 'has the id' : 'have the ids'} of ` +
    `${virtualRobots === 1 ? 'the virtual robot' : `virtual robots (r0 .. r${virtualRobots - 1})`}: rename ${taken.length === 1 ? 'it' : 'them'} ` +
    `(virtual robots are named r0, r1, ...) or run fewer virtual robots`
  );
}

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
