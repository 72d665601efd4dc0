import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFleetFile } from './FleetFile.js';
import { TopicAuthorizer, filterWithin, fleetAcl, topicMatches } from './TopicAcl.js';

const ACL_FLEET_YAML = `
fleet: lab
gateway: { username: gw, password: gw-pw }
robots:
  - { id: r1, password: r1-pw }
  - { id: r2, password: r2-pw }
virtualRobots: [v0, v1, v2]
controllers:
  - { id: c1, password: c1-pw, robots: [r1, v0] }
  - { id: c2, password: c2-pw, robots: [v1] }
`;

describe('topic matching', () => {
  it('follows MQTT wildcard rules', () => {
    expect(topicMatches('a/+/c', 'a/b/c')).toBe(true);
    expect(topicMatches('a/+/c', 'a/b/c/d')).toBe(false);
    expect(topicMatches('a/#', 'a')).toBe(true);
    expect(topicMatches('a/#', 'a/b/c')).toBe(true);
    expect(topicMatches('a/b', 'a/b/c')).toBe(false);
    expect(filterWithin('a/b/+', 'a/b/c')).toBe(false);
    expect(filterWithin('a/b/+', 'a/#')).toBe(true);
    expect(filterWithin('a/#', 'a/+')).toBe(false);
  });

  it('a subscription within an ACL filter never matches a topic outside it', () => {
    const level = fc.constantFrom('a', 'b', '+');
    const filter = fc.tuple(fc.array(level, { minLength: 1, maxLength: 4 }), fc.boolean()).map(([ls, hash]) => [...ls, ...(hash ? ['#'] : [])].join('/'));
    const topic = fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 6 }).map((ls) => ls.join('/'));
    fc.assert(
      fc.property(filter, filter, topic, (sub, acl, t) => {
        if (filterWithin(sub, acl) && topicMatches(sub, t)) expect(topicMatches(acl, t)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('TopicAuthorizer', () => {
  const auth = new TopicAuthorizer(parseFleetFile(ACL_FLEET_YAML));
  const t = (robot: string, kind: string) => `swarmgate/v1/lab/${robot}/${kind}`;

  it('lets a robot publish only its own uplink and read only its own downlink', () => {
    for (const kind of ['birth', 'death', 'telemetry', 'ack', 'error']) expect(auth.mayPublish('r1', t('r1', kind))).toBe(true);
    for (const kind of ['cmd', 'downlink', 'state', 'pose']) expect(auth.mayPublish('r1', t('r1', kind))).toBe(false);
    expect(auth.mayPublish('r1', t('r2', 'telemetry'))).toBe(false);
    expect(auth.mayPublish('r1', t('r2', 'cmd'))).toBe(false);
    expect(auth.maySubscribe('r1', t('r1', 'downlink'))).toBe(true);
    expect(auth.maySubscribe('r1', t('r2', 'downlink'))).toBe(false);
    expect(auth.maySubscribe('r1', t('+', 'downlink'))).toBe(false);
    // cmd is controller -> gateway: a robot neither subscribes to nor receives it.
    expect(auth.maySubscribe('r1', t('r1', 'cmd'))).toBe(false);
    expect(auth.mayReceive('r1', t('r1', 'cmd'))).toBe(false);
    expect(auth.maySubscribe('r1', 'swarmgate/v1/lab/#')).toBe(false);
    expect(auth.maySubscribe('r1', 'swarmgate/v1/lab/$gateway/state')).toBe(true);
  });

  it('lets a controller command only its robots and read their state', () => {
    expect(auth.mayPublish('c1', t('r1', 'cmd'))).toBe(true);
    expect(auth.mayPublish('c1', t('r2', 'cmd'))).toBe(false);
    expect(auth.mayPublish('c1', t('r1', 'downlink'))).toBe(false);
    expect(auth.maySubscribe('c1', t('r1', 'state'))).toBe(true);
    expect(auth.maySubscribe('c1', t('r2', 'state'))).toBe(false);
    expect(auth.mayReceive('c1', t('r2', 'state'))).toBe(false);
  });

  it('lets a controller command only its virtual robots, as its physical ones; robots command none', () => {
    expect(auth.mayPublish('c1', t('v0', 'cmd'))).toBe(true);
    expect(auth.mayPublish('c2', t('v1', 'cmd'))).toBe(true);
    for (const [user, robot] of [
      ['c1', 'v1'],
      ['c1', 'v2'],
      ['c2', 'v0'],
      ['c2', 'r1'],
      ['r1', 'v0'],
      ['r1', 'r1'],
    ]) {
      expect(auth.mayPublish(user, t(robot, 'cmd')), `${user} -> ${robot}`).toBe(false);
    }
    expect(auth.maySubscribe('c1', t('v0', 'state'))).toBe(true);
    expect(auth.maySubscribe('c1', t('v1', 'state'))).toBe(false);
    expect(auth.mayReceive('c2', t('v0', 'ack'))).toBe(false);
    // Nobody logs in as a virtual robot.
    expect(fleetAcl(parseFleetFile(ACL_FLEET_YAML)).map((user) => user.username)).toEqual(['gw', 'r1', 'r2', 'c1', 'c2']);
  });

  it('lets the gateway do everything in its fleet, nothing elsewhere; strangers nothing', () => {
    expect(auth.mayPublish('gw', t('r2', 'downlink'))).toBe(true);
    expect(auth.maySubscribe('gw', t('+', 'cmd'))).toBe(true);
    expect(auth.maySubscribe('gw', t('+', '+'))).toBe(true);
    expect(auth.mayPublish('gw', 'swarmgate/v1/other/r1/cmd')).toBe(false);
    expect(auth.mayPublish(undefined, t('r1', 'birth'))).toBe(false);
    expect(auth.maySubscribe('nobody', t('r1', 'birth'))).toBe(false);
  });

  it('allows everything in bench mode', () => {
    const bench = new TopicAuthorizer(null);
    expect(bench.bench).toBe(true);
    expect(bench.mayPublish(undefined, t('r2', 'cmd'))).toBe(true);
  });

  it('lists the gateway first', () => {
    expect(fleetAcl(parseFleetFile(ACL_FLEET_YAML)).map((u) => u.username)).toEqual(['gw', 'r1', 'r2', 'c1', 'c2']);
  });
});
