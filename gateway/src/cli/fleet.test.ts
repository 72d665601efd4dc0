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

  it('exits 2 naming a missing flag and 1 naming a bad field', async () => {
    const usage = await runSwarmgate('fleet', 'mosquitto-config', '--fleet', fleetPath);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('-o DIR is required');
    writeFileSync(join(dir, 'bad.yaml'), 'fleet: lab\ngateway: { username: gw, pasword: p }\n');
    const bad = await runSwarmgate('fleet', 'check', '--fleet', join(dir, 'bad.yaml'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('bad.yaml:2: gateway.pasword: unknown field');
  });
});
