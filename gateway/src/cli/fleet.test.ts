import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain, runSwarmgate } from './testing/runSwarmgate.js';

const dir = mkdtempSync(join(tmpdir(), 'fleet-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What each action writes or prints is the same from `main` in this process, which spares each
// case a child's second of start-up; 'exits 2 naming a missing flag and 1 naming a bad field'
// keeps the real binary, exit codes and all.
describe('swarmgate fleet', () => {
  const fleetPath = join(dir, 'fleet.yaml');
  writeFileSync(fleetPath, 'fleet: lab\ngateway: { username: gw, password: p }\nrobots: [{ id: r1, password: q }]\n');

  it('writes the mosquitto files (main, in this process)', async () => {
    const result = await runMain('fleet', 'mosquitto-config', '--fleet', fleetPath, '-o', join(dir, 'mosq'));
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, 'mosq', 'acl'), 'utf8')).toContain('user r1');
    expect(readFileSync(join(dir, 'mosq', 'passwd'), 'utf8')).toMatch(/^gw:\$7\$101\$/);
  });

  it('writes a NATS cluster: users.conf (0600) and one config per --hosts node at the base ports + k (main, in this process)', async () => {
    const out = join(dir, 'nats');
    const result = await runMain(
      'fleet',
      'nats-config',
      '--fleet',
      fleetPath,
      '-o',
      out,
      '--hosts',
      'a.lab,b.lab',
      '--mqtt-port',
      '2883',
      '--store',
      '/var/lib/sg',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`clients: --mqtt mqtt://a.lab:2883,mqtt://b.lab:2884\n`);
    expect(statSync(join(out, 'users.conf')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(out, 'users.conf'), 'utf8')).toMatch(/user: "r1"\n\s+password: "\$2b\$10\$/);
    const n2 = readFileSync(join(out, 'n2.conf'), 'utf8');
    expect(n2).toContain('server_name: "n2"\nlisten: "b.lab:4223"');
    expect(n2).toContain('listen: "b.lab:6223"\n  routes: ["nats-route://a.lab:6222"]');
    expect(n2).toContain('store_dir: "/var/lib/sg/n2"');
    expect(n2).toContain('mqtt {\n  listen: "b.lab:2884"\n  stream_replicas: 2\n}');
    const clash = await runMain('fleet', 'nats-config', '--fleet', fleetPath, '-o', out, '--mqtt-port', '4221');
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain('SG_NATS_LAYOUT: two listeners of the cluster would share 127.0.0.1:4222');
    const badHosts = await runMain('fleet', 'nats-config', '--fleet', fleetPath, '-o', out, '--hosts', 'a,,b');
    expect(badHosts.code).toBe(2);
    expect(badHosts.stderr).toContain("--hosts must be host names or addresses separated by commas, got 'a,,b'");
  });

  it("lists virtual robots and writes their controller's ACL (main, in this process)", async () => {
    const path = join(dir, 'virtual.yaml');
    writeFileSync(path, 'fleet: lab\ngateway: { username: gw, password: p }\nvirtualRobots: [r0]\ncontrollers: [{ id: c1, password: c, robots: [r0] }]\n');
    const check = await runMain('fleet', 'check', '--fleet', path);
    expect(check.stdout).toBe('fleet lab: 0 robots, 1 virtual robots, 1 controllers\n  robot r0 (virtual)\n  controller c1 -> r0\n');
    expect((await runMain('fleet', 'mosquitto-config', '--fleet', path, '-o', join(dir, 'virtual'))).code).toBe(0);
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

  it.each([
    [['check', '--hosts', 'a,b,c'], '--hosts is a flag of `fleet nats-config`, not of `fleet check`'],
    [['check', '-o', join(dir, 'unused')], '-o is a flag of `fleet mosquitto-config` and `fleet nats-config`, not of `fleet check`'],
    [['mosquitto-config', '-o', join(dir, 'unused'), '--mqtt-port', '1884'], '--mqtt-port is a flag of `fleet nats-config`, not of `fleet mosquitto-config`'],
    [['nats-config', '-o', join(dir, 'unused'), '--robots', '2'], '--robots is a flag of `fleet check`, not of `fleet nats-config`'],
  ])('fleet %j: exit 2 naming a flag the action does not read, and the action that does (main, in this process)', async (args, message) => {
    const r = await runMain('fleet', ...args, '--fleet', fleetPath);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`swarmgate fleet: ${message}`);
    expect(r.stdout).toBe('');
  });

  it("refuses a fleet whose physical robots take the virtual robots' names, for the --robots N given (main, in this process)", async () => {
    const path = join(dir, 'clash.yaml');
    writeFileSync(path, 'fleet: lab\ngateway: { username: gw, password: p }\nrobots: [{ id: r1, password: q }, { id: mona-01, password: m }]\n');
    const clash = await runMain('fleet', 'check', '--fleet', path, '--robots', '2');
    expect(clash.code).toBe(1);
    expect(clash.stderr).toBe(
      'swarmgate fleet: physical robot r1 in the fleet file has the id of virtual robots (r0 .. r1): rename it (virtual robots are named r0, r1, ...) or run fewer virtual robots\n',
    );
    expect(clash.stdout).toBe('');
    // One virtual robot (serve's default) is r0 alone: no clash.
    expect((await runMain('fleet', 'check', '--fleet', path)).code).toBe(0);
  });
});
