/**
 * What `swarmgate fleet mosquitto-config` writes works with Mosquitto as Debian's service runs
 * it: started as root, dropping to user `mosquitto` (`user mosquitto`), which opens the password
 * and ACL files only after the drop. The control: the same files with the password file owned
 * by root (as a non-root `fleet mosquitto-config` leaves it, 0600) stop Mosquitto at start.
 */
import { chmodSync, chownSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeEnvelope, makeEnvelope, robotTopic, robotTopicFilter } from '@swarmgate/protocols';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '@swarmgate/firmware-sim/testing';
import { startMosquitto } from '../harness/mosquitto.js';

const SWARMGATE_BIN = join(import.meta.dirname, '..', '..', '..', 'gateway', 'bin', 'swarmgate.js');
const FLEET_YAML = `
fleet: lab
gateway: { username: gw, password: gw-pw }
robots:
  - { id: mona-01, password: m1-pw }
  - { id: mona-02, password: m2-pw }
`;

const dir = mkdtempSync(join(tmpdir(), 'sg-mosquitto-root-'));
// A lab's /etc/mosquitto/conf.d is traversable by everyone; mkdtemp's 0700 would not be.
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const asRoot = process.getuid?.() === 0;

describe.runIf(asRoot)('fleet mosquitto-config with Mosquitto started as root, running as user mosquitto', () => {
  it('lets a fleet robot log in, holds the ACL, and refuses a bad password', async () => {
    const fleetPath = join(dir, 'fleet.yaml');
    writeFileSync(fleetPath, FLEET_YAML);
    const out = join(dir, 'conf');
    const written = await promisify(execFile)(process.execPath, [SWARMGATE_BIN, 'fleet', 'mosquitto-config', '--fleet', fleetPath, '-o', out]);
    expect(written.stdout).not.toContain('chown'); // run as root: nothing left for the lab to do
    const passwd = statSync(join(out, 'passwd'));
    expect(passwd.mode & 0o777).toBe(0o600);
    expect(statSync(out).mode & 0o777).toBe(0o755);

    // Control: a root-owned 0600 password file is what Mosquitto cannot open after the drop.
    chownSync(join(out, 'passwd'), 0, 0);
    await expect(startMosquitto({ includeDir: out, user: 'mosquitto', startTimeoutMs: 5000 })).rejects.toThrow(/Unable to open pwfile/);
    chownSync(join(out, 'passwd'), passwd.uid, passwd.gid);

    const broker = await startMosquitto({ includeDir: out, user: 'mosquitto' });
    const clients: mqtt.MqttClient[] = [];
    try {
      const connect = async (username: string, password: string) => {
        const client = await mqtt.connectAsync(broker.url, { username, password, clientId: `${username}:probe`, reconnectPeriod: 0 });
        clients.push(client);
        return client;
      };
      await expect(connect('mona-01', 'wrong')).rejects.toThrow();
      const robot = await connect('mona-01', 'm1-pw');
      const gateway = await connect('gw', 'gw-pw');
      const received: string[] = [];
      robot.on('message', (topic) => received.push(topic));
      // Mosquitto grants the wide subscription and filters every delivery by the ACL.
      await robot.subscribeAsync(robotTopicFilter('lab', undefined, 'downlink'), { qos: 1 });
      const stop = (id: string) => Buffer.from(encodeEnvelope(makeEnvelope(id, { command: { commandId: 1, stop: {} } }, 1, Date.now())));
      await gateway.publishAsync(robotTopic('lab', 'mona-02', 'downlink'), stop('mona-02'), { qos: 1 });
      await gateway.publishAsync(robotTopic('lab', 'mona-01', 'downlink'), stop('mona-01'), { qos: 1 });
      await until(() => received.length > 0, 'a downlink for mona-01');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toEqual([robotTopic('lab', 'mona-01', 'downlink')]);
      expect(broker.log()).not.toMatch(/Error/);
    } finally {
      await Promise.all(clients.map((client) => client.endAsync()));
      await broker.stop();
    }
  }, 60_000);
});
