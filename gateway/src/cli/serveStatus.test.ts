import { describe, expect, it } from 'vitest';
import type { LiveTrialStatus } from '../trial/LiveTrial.js';
import { formatServeStatus } from './serveStatus.js';

const running: LiveTrialStatus = {
  state: 'running',
  speed: 1,
  tick: 1200,
  simSeconds: 120,
  virtualRobots: 8,
  physicalRobots: 3,
  physicalOnline: 2,
  exploredFraction: 0.415,
  paced: true,
  overruns: 0,
  maxLatenessMs: 3,
  emergencyStopped: [],
  faults: {
    controller: 0,
    tick: 0,
    stateEncode: 0,
    stateDrops: 0,
    commandRefused: 0,
    badCommand: 0,
    uplink: 0,
    robotError: 0,
    twin: 0,
    pose: 0,
    http: 0,
    broker: 0,
    total: 0,
  },
};

describe('formatServeStatus', () => {
  it('says nothing of emergency stops while none is latched', () => {
    expect(formatServeStatus(running)).toBe('tick 1200 | robots 8 virtual, 2/3 physical online | explored 41.5% | overruns 0');
  });

  it('names the stopped robots and how to release them, and drops that once they are released', () => {
    expect(formatServeStatus({ ...running, emergencyStopped: ['r0', 'mona-01'] })).toBe(
      'tick 1200 | robots 8 virtual, 2/3 physical online | explored 41.5% | overruns 0 | E-STOP 2 (r0, mona-01); release: POST /api/estop/release',
    );
    expect(formatServeStatus({ ...running, emergencyStopped: ['r0', 'r1', 'r2', 'r3', 'r4'] })).toMatch(/ \| E-STOP 5 \(r0, r1, r2, \+2\); release: /);
  });

  it('counts contained faults once there are any', () => {
    const faults = { ...running.faults, commandRefused: 2, robotError: 1, total: 3 };
    expect(formatServeStatus({ ...running, faults })).toBe(
      'tick 1200 | robots 8 virtual, 2/3 physical online | explored 41.5% | overruns 0 | faults 3 (GET /api/trial)',
    );
  });

  it('without the HTTP API (no --port) points at the log and says a stop cannot be released', () => {
    const faults = { ...running.faults, twin: 1, total: 1 };
    expect(formatServeStatus({ ...running, faults, emergencyStopped: ['mona-01'] }, false)).toBe(
      'tick 1200 | robots 8 virtual, 2/3 physical online | explored 41.5% | overruns 0 | faults 1 (the log) | E-STOP 1 (mona-01); release: only the HTTP API releases (serve --port)',
    );
  });
});
