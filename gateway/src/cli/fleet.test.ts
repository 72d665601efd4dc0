import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSwarmgate } from './testing/runSwarmgate.js';

const dir = mkdtempSync(join(tmpdir(), 'fleet-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('swarmgate fleet', () => {
  const fleetPath = join(dir, 'fleet.yaml');
  writeFileSync(fleetPath, 'fleet: lab\ngateway: { username: gw, password: p }\nrobots: [{ id: r1, password: q }]\n');

  it('writes the mosquitto files', async () => {
    const result = await runSwarmgate('fleet', 'mosquitto-config', '--fleet', fleetPath, '-o', join(dir, 'mosq'));
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, 'mosq', 'acl'), 'utf8')).toContain('user r1');
    expect(readFileSync(join(dir, 'mosq', 'passwd'), 'utf8')).toMatch(/^gw:\$7\$101\$/);
  });

  it("lists virtual robots and writes their controller's ACL", async () => {
    const path = join(dir, 'virtual.yaml');
    writeFileSync(path, 'fleet: lab\ngateway: { username: gw, password: p }\nvirtualRobots: [r0]\ncontrollers: [{ id: c1, password: c, robots: [r0] }]\n');
    const check = await runSwarmgate('fleet', 'check', '--fleet', path);
    expect(check.stdout).toBe('fleet lab: 0 robots, 1 virtual robots, 1 controllers\n  robot r0 (virtual)\n  controller c1 -> r0\n');
    expect((await runSwarmgate('fleet', 'mosquitto-config', '--fleet', path, '-o', join(dir, 'virtual'))).code).toBe(0);
    expect(readFileSync(join(dir, 'virtual', 'acl'), 'utf8')).toContain('user c1\ntopic write swarmgate/v1/lab/r0/cmd\n');
    expect(readFileSync(join(dir, 'virtual', 'passwd'), 'utf8')).not.toMatch(/^r0:/m);
  });

  it('exits 2 naming a missing flag and 1 naming a bad field', async () => {
    const usage = await runSwarmgate('fleet', 'mosquitto-config', '--fleet', fleetPath);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('-o DIR is required');
    writeFileSync(join(dir, 'bad.yaml'), 'fleet: lab\ngateway: { username: gw, pasword: p }\n');
    const bad = await runSwarmgate('fleet', 'check', '--fleet', join(dir, 'bad.yaml'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('bad.yaml:2: gateway.pasword: unknown field');
  });

  it("refuses a fleet whose physical robots take the virtual robots' names, for the --robots N given", async () => {
    const path = join(dir, 'clash.yaml');
    writeFileSync(path, 'fleet: lab\ngateway: { username: gw, password: p }\nrobots: [{ id: r1, password: q }, { id: mona-01, password: m }]\n');
    const clash = await runSwarmgate('fleet', 'check', '--fleet', path, '--robots', '2');
    expect(clash.code).toBe(1);
    expect(clash.stderr).toBe(
      'swarmgate fleet: physical robot r1 in the fleet file has the id of virtual robots (r0 .. r1): rename it (virtual robots are named r0, r1, ...) or run fewer virtual robots\n',
    );
    expect(clash.stdout).toBe('');
    // One virtual robot (serve's default) is r0 alone: no clash.
    expect((await runSwarmgate('fleet', 'check', '--fleet', path)).code).toBe(0);
  });
});
