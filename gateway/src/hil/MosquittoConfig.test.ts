import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFleetFile } from './FleetFile.js';
import { mosquittoAclFile, writeMosquittoConfig } from './MosquittoConfig.js';
import { hashPasswordScrypt, parsePasswordHash, verifyPasswordHash } from './PasswordHash.js';

const YAML = `
fleet: lab
gateway: { username: gw, password: gw-pw }
robots: [{ id: r1, password: r1-pw }]
controllers: [{ id: c1, password: c1-pw, robots: [r1] }]
`;

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mosq-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('MosquittoConfig', () => {
  it('writes verifiable $7$ hashes (0600) and per-user topic lines', async () => {
    const dir = join(tempDir(), 'out');
    const files = await writeMosquittoConfig(parseFleetFile(YAML), dir);
    const lines = readFileSync(files.passwordFile, 'utf8').trim().split('\n');
    expect(lines.map((l) => l.split(':')[0])).toEqual(['gw', 'r1', 'c1']);
    const r1Hash = parsePasswordHash(lines[1].slice('r1:'.length));
    expect(await verifyPasswordHash(r1Hash, Buffer.from('r1-pw'))).toBe(true);
    expect(statSync(files.passwordFile).mode & 0o777).toBe(0o600);
    // As root (Debian's service starts Mosquitto so), the password file is handed to the
    // account Mosquitto drops to; otherwise the CLI prints the chown to run.
    expect(files.passwordOwner).toBe(process.getuid?.() === 0 ? 'mosquitto' : null);
    if (files.passwordOwner) expect(statSync(files.passwordFile).uid).not.toBe(0);
    const acl = readFileSync(files.aclFile, 'utf8');
    expect(acl).toContain('user gw\ntopic readwrite swarmgate/v1/lab/#');
    expect(acl).toContain('user r1\ntopic write swarmgate/v1/lab/r1/birth');
    expect(acl).toContain('topic read swarmgate/v1/lab/r1/downlink');
    expect(acl).not.toContain('topic read swarmgate/v1/lab/r1/cmd');
    expect(acl).toContain('user c1\ntopic write swarmgate/v1/lab/r1/cmd');
    expect(acl).not.toContain('topic write swarmgate/v1/lab/r1/downlink');
    expect(files.pluginProblem).toBeNull();
    expect(files.clientIdPlugin).toBe(join(dirname(files.configFile), 'swarmgate_clientid.so'));
    expect(
      readFileSync(files.configFile, 'utf8')
        .split('\n')
        .filter((line) => !line.startsWith('#')),
    ).toEqual([
      'allow_anonymous false',
      `password_file ${files.passwordFile}`,
      `acl_file ${files.aclFile}`,
      `plugin ${files.clientIdPlugin}`,
      'plugin_opt_users gw,r1,c1',
      'set_tcp_nodelay true',
      'max_packet_size 393221',
      '',
    ]);
  });

  it('refuses a scrypt hash it cannot convert, naming the user', async () => {
    const hash = await hashPasswordScrypt('x');
    const fleet = parseFleetFile(YAML.replace('{ id: r1, password: r1-pw }', `{ id: r1, passwordHash: "${hash}" }`));
    expect(mosquittoAclFile(fleet)).toContain('user r1');
    await expect(writeMosquittoConfig(fleet, tempDir())).rejects.toMatchObject({
      code: 'SG_MOSQUITTO_NEEDS_PASSWORD',
      message: expect.stringContaining("user 'r1'"),
    });
  });
});
