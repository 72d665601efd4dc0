import { describe, expect, it } from 'vitest';
import { parseFleetFile } from '../hil/FleetFile.js';
import { fleetTrialWarnings, fleetVirtualIdProblem, remoteRobotIds } from './fleetTrialWarnings.js';

const fleet = parseFleetFile(`
fleet: lab
gateway: { username: gw, password: p }
robots: [{ id: mona-01, password: q }]
virtualRobots: [r0, r1, r5]
controllers: [{ id: c1, password: c, robots: [r0, mona-01] }]
`);

describe('fleetTrialWarnings', () => {
  it('names listed virtual robots the trial lacks and remote robots nobody may command', () => {
    expect(fleetTrialWarnings(fleet, ['r0', 'r1', 'r2'], ['r0', 'mona-01', 'r1', 'r2'])).toEqual([
      'serve: --fleet lists virtual robot r5, which is not in this trial (3 robots): its Commands are refused',
      'serve: --remote r1: no controller in the fleet file is assigned r1, so nobody may command it',
      'serve: --remote r2: no controller in the fleet file is assigned r2, so nobody may command it',
    ]);
  });

  it('has nothing to say in bench mode or when the two agree', () => {
    expect(fleetTrialWarnings(null, ['r0'], ['r0'])).toEqual([]);
    expect(fleetTrialWarnings(fleet, ['r0', 'r1', 'r5'], ['r0'])).toEqual([]);
  });

  it('counts every robot the fleet assigns to a controller as remote, besides --remote', () => {
    expect(remoteRobotIds(fleet, ['r1', 'r0'])).toEqual(['r1', 'r0', 'mona-01']);
    expect(remoteRobotIds(null, ['r1'])).toEqual(['r1']);
  });

  it("names physical robots that take virtual robots' ids (r0 .. r{N-1}), and nothing else", () => {
    const clash = parseFleetFile(
      'fleet: lab\ngateway: { username: gw, password: p }\nrobots: [{ id: r0, password: a }, { id: r3, password: b }, { id: r10, password: c }]\n',
    );
    expect(fleetVirtualIdProblem(clash, 4)).toBe(
      'physical robot r0, r3 in the fleet file have the ids of virtual robots (r0 .. r3): rename them (virtual robots are named r0, r1, ...) or run fewer virtual robots',
    );
    expect(fleetVirtualIdProblem(clash, 1)).toMatch(/^physical robot r0 in the fleet file has the id of the virtual robot:/);
    expect(fleetVirtualIdProblem(clash, 0)).toBeNull();
    expect(fleetVirtualIdProblem(fleet, 6)).toBeNull(); // virtualRobots entries are the trial's own
    expect(fleetVirtualIdProblem(null, 6)).toBeNull();
  });
});
