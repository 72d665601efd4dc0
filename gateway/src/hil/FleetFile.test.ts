import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { loadFleetFile, parseFleetFile } from './FleetFile.js';

const GOOD = `
fleet: lab-a
gateway: { username: gateway, password: gw-secret }
robots:
  - id: mona-01
    password: one
    capabilities: { maxWheelSpeedMps: 0.1 }
  - id: mona-02
    username: m2
    passwordHash: "$7$101$IuEiCRCxmiytt/X2$nGXGgZlDgcJYUGDPLe/bRhVPoYbkUlbJseKmHWbAqavqV02b1CYUU/BdNwcNYt3+Q35mnuOuOpR3YS4tH5UyAQ=="
    link: serial
virtualRobots: [r0, r1]
controllers:
  - id: team-blue
    password: blue
    robots: [mona-01, r0]
`;

function errorOf(text: string): SwarmgateError {
  try {
    parseFleetFile(text, 'fleet.yaml');
  } catch (error) {
    if (error instanceof SwarmgateError) return error;
    throw error;
  }
  throw new Error('expected a SwarmgateError');
}

describe('parseFleetFile', () => {
  it('reads an optional HTTP token, at least 16 characters without spaces', () => {
    expect(parseFleetFile(GOOD).httpToken).toBeUndefined();
    expect(parseFleetFile(`${GOOD}http: { token: 0123456789abcdef-xyz }\n`).httpToken).toBe('0123456789abcdef-xyz');
    expect(errorOf(`${GOOD}http: { token: short }\n`).message).toMatch(/fleet\.yaml:\d+: http\.token: must be at least 16 characters/);
    expect(errorOf(`${GOOD}http: { token: "0123456789 abcdef" }\n`).message).toMatch(/http\.token: must be at least 16 characters without spaces/);
    expect(errorOf(`${GOOD}http: { tokens: 0123456789abcdef }\n`).message).toMatch(/http\.tokens: unknown field \(allowed: token\)/);
    expect(errorOf(`${GOOD}http: { token: 12345678901234567 }\n`).message).toMatch(/http\.token: must be a non-empty string/);
  });

  it('reads robots, controllers, credentials and defaults', () => {
    const fleet = parseFleetFile(GOOD);
    expect(fleet.name).toBe('lab-a');
    expect(fleet.gateway).toEqual({ username: 'gateway', secret: { kind: 'plain', password: 'gw-secret' } });
    expect(fleet.robots.map((r) => [r.id, r.credentials.username, r.link])).toEqual([
      ['mona-01', 'mona-01', 'mqtt'],
      ['mona-02', 'm2', 'serial'],
    ]);
    expect(fleet.robots[0].limits.maxWheelSpeedMps).toBe(0.1);
    expect(fleet.robots[1].credentials.secret.kind).toBe('hash');
    expect(fleet.virtualRobotIds).toEqual(['r0', 'r1']);
    expect(fleet.controllers[0].robotIds).toEqual(['mona-01', 'r0']);
    const physicalOnly = GOOD.replace('virtualRobots: [r0, r1]\n', '').replace('[mona-01, r0]', '[mona-01]');
    expect(parseFleetFile(physicalOnly).virtualRobotIds, 'optional').toEqual([]);
  });

  it.each([
    ['fleet: [unclosed', 'SG_FLEET_PARSE', /fleet\.yaml: .*line 1/],
    ['fleet: a\nfleet: b\ngateway: {username: g, password: p}', 'SG_FLEET_PARSE', /fleet\.yaml: .*[Uu]nique/],
    [GOOD.replace('link: serial', 'link: wifi'), 'SG_FLEET_INVALID', /fleet\.yaml:11: robots\[1\]\.link: must be one of mqtt, serial/],
    [GOOD.replace('password: one', 'pasword: one'), 'SG_FLEET_INVALID', /robots\[0\]\.pasword: unknown field/],
    [GOOD.replace('password: one', 'password: one\n    passwordHash: x'), 'SG_FLEET_INVALID', /robots\[0\]: needs exactly one/],
    [GOOD.replace('id: mona-02', 'id: mona-01'), 'SG_FLEET_INVALID', /robots\[1\]\.id: duplicate robot id 'mona-01'/],
    [GOOD.replace('username: m2', 'username: gateway'), 'SG_FLEET_INVALID', /robots\[1\]\.username: username 'gateway' is already used/],
    [
      GOOD.replace('robots: [mona-01, r0]', 'robots: [mona-09]'),
      'SG_FLEET_INVALID',
      /controllers\[0\]\.robots\[0\]: no robot with id 'mona-09' in robots or virtualRobots/,
    ],
    [GOOD.replace('robots: [mona-01, r0]', 'robots: [mona-01, r7]'), 'SG_FLEET_INVALID', /controllers\[0\]\.robots\[1\]: no robot with id 'r7'/],
    [GOOD.replace('[r0, r1]', '[r0, mona-02]'), 'SG_FLEET_INVALID', /fleet\.yaml:12: virtualRobots\[1\]: duplicate robot id 'mona-02'/],
    [GOOD.replace('[r0, r1]', '[r0, r0]'), 'SG_FLEET_INVALID', /virtualRobots\[1\]: duplicate robot id 'r0'/],
    [GOOD.replace('[r0, r1]', '[r0, "r/1"]'), 'SG_FLEET_INVALID', /virtualRobots\[1\]: 'r\/1' must match/],
    [GOOD.replace('[r0, r1]', '[r0, {id: r1}]'), 'SG_FLEET_INVALID', /virtualRobots\[1\]: must be a non-empty string/],
    [GOOD.replace('[r0, r1]', 'r0'), 'SG_FLEET_INVALID', /virtualRobots: must be a list/],
    [GOOD.replace('id: mona-01', 'id: "mona/01"'), 'SG_FLEET_INVALID', /fleet\.yaml:5: robots\[0\]\.id: 'mona\/01' must match/],
    [GOOD.replace('0.1 }', '-1 }'), 'SG_FLEET_INVALID', /capabilities\.maxWheelSpeedMps: must be a positive number/],
    [GOOD.replace('$7$101$', '$7$x$'), 'SG_FLEET_INVALID', /robots\[1\]\.passwordHash: SG_PASSWORD_HASH/],
    ['fleet: a', 'SG_FLEET_INVALID', /gateway: is required/],
    ['- 1\n- 2', 'SG_FLEET_INVALID', /\(top level\): must be a mapping/],
  ])('rejects %#: %s', (text, code, message) => {
    const error = errorOf(text);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('names a missing file', async () => {
    await expect(loadFleetFile('/nonexistent/fleet.yaml')).rejects.toMatchObject({ code: 'SG_FLEET_READ' });
    const dir = mkdtempSync(join(tmpdir(), 'fleet-'));
    writeFileSync(join(dir, 'f.yaml'), GOOD);
    expect((await loadFleetFile(join(dir, 'f.yaml'))).robots).toHaveLength(2);
  });

  it('never throws anything but a coded error, whatever the text', () => {
    const yamlish = fc.stringMatching(/^[a-z0-9:\-[\]{}\s"'$!&*|>#,.]*$/);
    const mutatedGood = fc.tuple(fc.nat(GOOD.length), fc.nat(40), fc.string()).map(([at, cut, insert]) => GOOD.slice(0, at) + insert + GOOD.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(fc.string(), yamlish, mutatedGood), (text) => {
        try {
          parseFleetFile(text);
        } catch (error) {
          expect(error).toBeInstanceOf(SwarmgateError);
          expect((error as SwarmgateError).code).toMatch(/^SG_(FLEET_PARSE|FLEET_INVALID)$/);
        }
      }),
      { numRuns: 500 },
    );
  });
});
