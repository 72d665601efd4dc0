import fc from 'fast-check';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { parseFleetFile } from './FleetFile.js';
import { hashPasswordScrypt } from './PasswordHash.js';
import { natsClusterLayout, natsNodeConf, natsSubjectsOfFilter, natsUsersConf, writeNatsConfig } from './NatsConfig.js';
import { systemAccount } from './systemAccount.js';
import { topicMatches } from './TopicAcl.js';

/** NATS subject matching (`*` one token, `>` one or more trailing tokens), to check the mapping against TopicAcl's MQTT matching. */
function natsMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

const level = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,5}$/);
const topic = fc.array(level, { minLength: 1, maxLength: 5 }).map((levels) => levels.join('/'));
/** A filter drawn near a topic: some levels replaced by +, maybe cut short by #. */
const topicAndFilter = fc
  .tuple(fc.array(level, { minLength: 1, maxLength: 5 }), fc.array(fc.constantFrom('keep', '+', 'other'), { maxLength: 5 }), fc.option(fc.nat(5)), level)
  .map(([levels, edits, hashAt, other]) => {
    let filter = levels.map((l, i) => (edits[i] === '+' ? '+' : edits[i] === 'other' ? other : l));
    if (hashAt !== null) filter = [...filter.slice(0, Math.min(hashAt, filter.length)), '#'];
    return { topic: levels.join('/'), filter: filter.join('/') };
  });

const FLEET = parseFleetFile(`
fleet: lab
gateway: { username: gw, password: gw-pw }
robots:
  - { id: r1, password: r1-pw }
  - { id: mona-7, password: m-pw }
controllers:
  - { id: c1, password: c1-pw, robots: [mona-7] }
`);

describe('NATS config from the fleet file', () => {
  it('maps an MQTT filter to the NATS subjects that match exactly the same topics (as NATS MQTT names them)', () => {
    fc.assert(
      fc.property(topicAndFilter, ({ topic: t, filter }) => {
        const [subject] = natsSubjectsOfFilter(t);
        const nats = natsSubjectsOfFilter(filter).some((pattern) => natsMatches(pattern, subject!));
        expect(nats).toBe(topicMatches(filter, t));
      }),
    );
    fc.assert(
      fc.property(topic, (t) => {
        expect(natsSubjectsOfFilter(t)).toHaveLength(1);
      }),
    );
    expect(natsSubjectsOfFilter('swarmgate/v1/lab/#')).toEqual(['swarmgate.v1.lab', 'swarmgate.v1.lab.>']);
    expect(natsSubjectsOfFilter('swarmgate/v1/lab/mona-7/+')).toEqual(['swarmgate.v1.lab.mona-7.*']);
    // nats-server 2.9 refuses '.' in MQTT topics, which the id grammar allows.
    expect(() => natsSubjectsOfFilter('swarmgate/v1/lab/mona.7/cmd')).toThrow(/SG_NATS_TOPIC: topic swarmgate\/v1\/lab\/mona.7\/cmd: level 'mona.7'/);
  });

  it('gives each user its TopicAcl rules: a robot publishes only its own birth, death, telemetry, ack and error; a controller commands only its robots', async () => {
    const conf = await natsUsersConf(FLEET);
    const block = (user: string) => conf.slice(conf.indexOf(`user: "${user}"`)).split('\n    }')[0]!;
    expect(block('r1')).toContain(
      'publish: { allow: ["swarmgate.v1.lab.r1.birth", "swarmgate.v1.lab.r1.death", "swarmgate.v1.lab.r1.telemetry", "swarmgate.v1.lab.r1.ack", "swarmgate.v1.lab.r1.error"] }',
    );
    expect(block('r1')).toContain(
      'subscribe: { allow: ["swarmgate.v1.lab.r1.downlink", "swarmgate.v1.lab.r1.error", "swarmgate.v1.lab.$gateway.state", "$MQTT.sub.>"] }',
    );
    expect(block('c1')).toContain('publish: { allow: ["swarmgate.v1.lab.mona-7.cmd"] }');
    expect(block('gw')).toContain('publish: { allow: ["swarmgate.v1.lab", "swarmgate.v1.lab.>"] }');
    for (const user of ['gw', 'r1', 'mona-7', 'c1']) expect(block(user)).toContain('allowed_connection_types: ["MQTT"]');
    expect(conf).not.toContain('-pw');
  });

  it('refuses a hashed password, naming the user', async () => {
    const hashed = parseFleetFile(`
fleet: lab
gateway: { username: gw, passwordHash: "${await hashPasswordScrypt('gw-pw')}" }
`);
    const error = await natsUsersConf(hashed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SwarmgateError);
    expect((error as SwarmgateError).code).toBe('SG_NATS_NEEDS_PASSWORD');
    expect((error as Error).message).toContain("user 'gw' has a scrypt hash");
  });

  it('lays nodes out at the base ports + k, with routes to the others and JetStream replicas up to 3', () => {
    const layout = natsClusterLayout('c', ['h1', 'h2', 'h3', 'h4'], { clientPort: 100, mqttPort: 200, clusterPort: 300 });
    expect(layout.nodes[3]).toEqual({ name: 'n4', host: 'h4', clientPort: 103, mqttPort: 203, clusterPort: 303 });
    const conf = natsNodeConf(FLEET, layout, layout.nodes[0]!, { storeDir: '/s', usersFile: '/d/users.conf' });
    expect(conf).toContain('routes: ["nats-route://h2:301", "nats-route://h3:302", "nats-route://h4:303"]');
    expect(conf).toContain('stream_replicas: 3');
    expect(conf).toContain('include "users.conf"');
    expect(conf).not.toContain('http:');
    const monitored = natsNodeConf(FLEET, layout, { ...layout.nodes[0]!, monitorPort: 8222 }, { storeDir: '/s', usersFile: '/d/users.conf' });
    expect(monitored).toContain('http: "h1:8222"');
    expect(() => natsClusterLayout('c', [])).toThrow(/SG_NATS_LAYOUT/);
    expect(() => natsClusterLayout('c', ['h', 'h'], { clientPort: 65535, mqttPort: 1, clusterPort: 2 })).toThrow(/node n2's client port would be 65536/);
  });

  it('writes users.conf 0600 and the store, given to the service account when run as root and it exists', async () => {
    const layout = natsClusterLayout('c', ['127.0.0.1']);
    const dir = mkdtempSync(join(tmpdir(), 'nats-config-'));
    try {
      const nobody = await writeNatsConfig(FLEET, join(dir, 'a'), layout, undefined, 'no-such-account-xyz');
      expect(nobody.owner).toBeNull();
      expect(statSync(nobody.usersFile).mode & 0o777).toBe(0o600);
      expect(statSync(nobody.usersFile).uid).toBe(process.getuid!());
      expect(statSync(nobody.storeDir).isDirectory()).toBe(true);
      const account = await systemAccount('nats');
      const given = await writeNatsConfig(FLEET, join(dir, 'b'), layout, join(dir, 'store'), 'nats');
      if (process.getuid!() === 0 && account) {
        expect(given.owner).toBe('nats');
        expect([statSync(given.usersFile).uid, statSync(given.storeDir).uid]).toEqual([account.uid, account.uid]);
      } else {
        expect(given.owner).toBeNull();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
