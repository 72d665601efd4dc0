import { describe, expect, it } from 'vitest';
import { parseFleetFile } from '../hil/FleetFile.js';
import { fleetTrialWarnings, remoteRobotIds } from './fleetTrialWarnings.js';

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
});
