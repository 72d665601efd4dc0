/**
 * Who may publish and subscribe to what, derived from the fleet file. One list of rules per
 * user feeds both the embedded broker's checks and the Mosquitto ACL file, so the two brokers
 * cannot drift apart.
 *
 * - robot R:      writes its own birth, death, telemetry, ack, error; reads its own downlink
 *                 (MotorCommands and the gateway's stops) and error (the gateway answers bad
 *                 payloads there). Never `cmd`: controllers' Commands are for the gateway.
 * - controller C: writes cmd of each assigned robot, physical or virtual (the fleet file's
 *                 virtualRobots); reads their state, ack, error, birth, death. Never a
 *                 downlink: motion reaches a robot only through the safety filter. A robot
 *                 assigned to nobody, virtual or physical, takes Commands from nobody.
 * - gateway:      reads and writes the whole fleet tree (reads cmd, writes downlinks, relays
 *                 tracker poses).
 * - everyone:     reads the gateway's retained online/offline state.
 */
import { TOPIC_ROOT, gatewayStateTopic, robotTopic, type TopicKind } from '@swarmgate/protocols';
import type { Fleet } from './FleetFile.js';

export type Access = 'read' | 'write' | 'readwrite';

export interface AclRule {
  readonly access: Access;
  readonly filter: string;
}

export interface UserAcl {
  readonly username: string;
  readonly rules: readonly AclRule[];
}

const ROBOT_WRITES: readonly TopicKind[] = ['birth', 'death', 'telemetry', 'ack'];
const ROBOT_READS: readonly TopicKind[] = ['downlink'];
const ROBOT_READWRITES: readonly TopicKind[] = ['error'];
const CONTROLLER_READS: readonly TopicKind[] = ['state', 'ack', 'error', 'birth', 'death'];

function rulesFor(fleet: string, robotId: string, access: Access, kinds: readonly TopicKind[]): AclRule[] {
  return kinds.map((kind) => ({ access, filter: robotTopic(fleet, robotId, kind) }));
}

/** The ACL of every user of the fleet, gateway first. */
export function fleetAcl(fleet: Fleet): UserAcl[] {
  const gatewayState: AclRule = { access: 'read', filter: gatewayStateTopic(fleet.name) };
  return [
    { username: fleet.gateway.username, rules: [{ access: 'readwrite', filter: `${TOPIC_ROOT}/${fleet.name}/#` }] },
    ...fleet.robots.map((robot) => ({
      username: robot.credentials.username,
      rules: [
        ...rulesFor(fleet.name, robot.id, 'write', ROBOT_WRITES),
        ...rulesFor(fleet.name, robot.id, 'read', ROBOT_READS),
        ...rulesFor(fleet.name, robot.id, 'readwrite', ROBOT_READWRITES),
        gatewayState,
      ],
    })),
    ...fleet.controllers.map((controller) => ({
      username: controller.credentials.username,
      rules: [
        ...controller.robotIds.flatMap((robotId) => [
          ...rulesFor(fleet.name, robotId, 'write', ['cmd']),
          ...rulesFor(fleet.name, robotId, 'read', CONTROLLER_READS),
        ]),
        gatewayState,
      ],
    })),
  ];
}

/** MQTT topic matching: does `topic` (no wildcards) match `filter`? */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return t.length >= i; // 'a/#' also matches the parent 'a'
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/**
 * Is every topic that subscription filter `sub` can match also matched by `acl`? A `+` or
 * `#` in the subscription is only covered by a wildcard at that level of the ACL filter,
 * as Mosquitto checks subscriptions.
 */
export function filterWithin(sub: string, acl: string): boolean {
  const s = sub.split('/');
  const a = acl.split('/');
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '#') return true;
    if (i >= s.length) return false;
    if (s[i] === '#') return false;
    if (a[i] !== '+' && a[i] !== s[i]) return false;
  }
  return s.length === a.length;
}

const canRead = (access: Access) => access !== 'write';
const canWrite = (access: Access) => access !== 'read';

/** Answers the broker's questions for one fleet; `null` fleet = bench mode, all allowed. */
export class TopicAuthorizer {
  readonly bench: boolean;
  private readonly byUser: ReadonlyMap<string, readonly AclRule[]>;

  constructor(fleet: Fleet | null) {
    this.bench = fleet === null;
    this.byUser = new Map(fleet ? fleetAcl(fleet).map((user) => [user.username, user.rules]) : []);
  }

  mayPublish(username: string | undefined, topic: string): boolean {
    if (this.bench) return true;
    const rules = username === undefined ? undefined : this.byUser.get(username);
    return rules?.some((rule) => canWrite(rule.access) && topicMatches(rule.filter, topic)) ?? false;
  }

  maySubscribe(username: string | undefined, filter: string): boolean {
    if (this.bench) return true;
    const rules = username === undefined ? undefined : this.byUser.get(username);
    return rules?.some((rule) => canRead(rule.access) && filterWithin(filter, rule.filter)) ?? false;
  }

  /** Delivery-time check (as Mosquitto re-checks read access on every message). */
  mayReceive(username: string | undefined, topic: string): boolean {
    if (this.bench) return true;
    const rules = username === undefined ? undefined : this.byUser.get(username);
    return rules?.some((rule) => canRead(rule.access) && topicMatches(rule.filter, topic)) ?? false;
  }
}
