/**
 * MQTT topic tree:
 *
 *   swarmgate/v1/<fleet>/<robot>/<kind>     per-robot traffic, payload: an Envelope
 *   swarmgate/v1/<fleet>/$gateway/state     the gateway's retained online/offline state
 *
 * Ids (robot ids and the fleet name) have one grammar wherever they come from (an MQTT topic,
 * a serial Birth, a fleet file, the command line): ID_PATTERN, a letter or digit then up to 63
 * letters, digits, `_`, `.` or `-`. So an id is always a valid topic level (no `+`, `#`, `/`,
 * U+0000, no leading `$`, which is reserved: `$gateway`, and brokers treat leading-$ topics
 * specially), a valid Mosquitto password/ACL file token, and safe in a log line or a web page.
 */
import type { BodyKind } from './Envelope.js';
import { ProtocolError } from './errors.js';

export const TOPIC_ROOT = 'swarmgate/v1';
export const GATEWAY_ID = '$gateway';
export const MAX_ID_LENGTH = 64;
/** The one id grammar (see above); a fleet file's usernames follow it too. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * Who sends what:
 * - `cmd`: controller -> gateway only. High-level Commands (move, rotate, velocity, ...) that the
 *   gateway latches into the robot's command slot; a robot never reads it.
 * - `downlink`: gateway -> robot only. Everything the firmware is sent: MotorCommands and the
 *   gateway's stop / emergency-stop Commands. Only the gateway writes it, so nothing reaches a
 *   physical robot around the gateway's safety filter.
 */
export const TOPIC_KINDS = ['birth', 'death', 'telemetry', 'pose', 'state', 'cmd', 'downlink', 'ack', 'error'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];

/**
 * QoS to subscribe with, per kind: the highest QoS of any body sent on it (MQTT delivers at
 * the smaller of the publish and subscribe QoS). 1 where a loss changes what the other side
 * believes (session start and end, commands, their acks and errors); 0 for periodic streams
 * where the next sample supersedes a lost one. `downlink`, which only a robot reads, is 0 though
 * the gateway publishes its stop Commands on it at 1: every session is clean (the
 * ReconnectingMqttClient's), so QoS 1 on the robot's side redelivers nothing across a dropped
 * connection, and within one connection TCP already delivers every message in order; what
 * stops a robot is its MotorCommand deadline and the firmware's latch, not a redelivery
 * (docs/safety.md). On a NATS cluster a QoS 1 subscription is a replicated JetStream consumer,
 * created anew on every connect: after a node loss those creations held robots back for tens
 * of seconds (docs/scale-out.md).
 */
export const TOPIC_QOS: Readonly<Record<TopicKind, 0 | 1>> = Object.freeze({
  birth: 1,
  death: 1,
  telemetry: 0,
  pose: 0,
  state: 0,
  cmd: 1,
  downlink: 0,
  ack: 1,
  error: 1,
});

/** QoS a robot subscribes to the gateway's retained state with: 0, as its downlink (TOPIC_QOS). */
export const GATEWAY_STATE_SUBSCRIBE_QOS = 0;

/** QoS 1 and retained, so a late subscriber learns at once whether the gateway is up. */
export const GATEWAY_STATE_QOS = 1;

/**
 * QoS to publish each body with. Motor set-points are QoS 0 on purpose: a redelivered
 * set-point arrives late, the next one follows within 100 ms, and the firmware's deadline
 * watchdog covers a loss. Commands (a controller's, or the gateway's stops) are QoS 1.
 */
export const BODY_QOS: Readonly<Record<BodyKind, 0 | 1>> = Object.freeze({
  birth: 1,
  death: 1,
  telemetry: 0,
  trackerPose: 0,
  state: 0,
  command: 1,
  motorCommand: 0,
  ack: 1,
  error: 1,
});

/**
 * Which topic kind carries each Envelope body from its usual sender. A Command here is a
 * controller's (`cmd`); the gateway sends every body for a robot (MotorCommands and its
 * stop Commands) on that robot's `downlink`.
 */
export const TOPIC_KIND_OF_BODY: Readonly<Record<BodyKind, TopicKind>> = Object.freeze({
  birth: 'birth',
  death: 'death',
  telemetry: 'telemetry',
  trackerPose: 'pose',
  state: 'state',
  command: 'cmd',
  motorCommand: 'downlink',
  ack: 'ack',
  error: 'error',
});

export type ParsedTopic =
  | { readonly scope: 'robot'; readonly fleet: string; readonly robotId: string; readonly kind: TopicKind }
  | { readonly scope: 'gateway'; readonly fleet: string; readonly kind: 'state' };

/** Why an id is not usable in a topic, or null when it is. */
export function idProblem(id: string): string | null {
  if (id.length === 0) return 'is empty';
  if (id.length > MAX_ID_LENGTH) return `is longer than ${MAX_ID_LENGTH} characters`;
  if (id.startsWith('$')) return 'starts with $ (reserved)';
  if (ID_PATTERN.test(id)) return null;
  const bad = /[^A-Za-z0-9_.-]/.exec(id);
  if (bad) return `contains ${JSON.stringify(bad[0])} (allowed: letters, digits, _ . -)`;
  return 'must start with a letter or a digit';
}

/**
 * An MQTT client id bound to the login that uses it: `<username>:<name>`, or `name` without a
 * username (bench mode). The gateway's embedded broker refuses a client id that names another
 * user, so no fleet user can take over (disconnect) another's connection by its client id.
 */
export function boundClientId(username: string | undefined, name: string): string {
  return username ? `${username}:${name}` : name;
}

/** Throws SG_TOPIC_ID naming the id and the problem. `what` is e.g. "fleet" or "robot id". */
export function assertValidId(what: string, id: string): void {
  const problem = idProblem(id);
  if (problem !== null) throw new ProtocolError('SG_TOPIC_ID', `${what} ${JSON.stringify(id)} ${problem}`);
}

/** `swarmgate/v1/<fleet>/<robot>/<kind>`. Throws SG_TOPIC_ID. */
export function robotTopic(fleet: string, robotId: string, kind: TopicKind): string {
  assertValidId('fleet', fleet);
  assertValidId('robot id', robotId);
  return `${TOPIC_ROOT}/${fleet}/${robotId}/${kind}`;
}

/** `swarmgate/v1/<fleet>/$gateway/state`. Throws SG_TOPIC_ID. */
export function gatewayStateTopic(fleet: string): string {
  assertValidId('fleet', fleet);
  return `${TOPIC_ROOT}/${fleet}/${GATEWAY_ID}/state`;
}

/**
 * A subscription filter for robot topics; an omitted robot or kind becomes `+`.
 * E.g. robotTopicFilter('lab', undefined, 'birth') = 'swarmgate/v1/lab/+/birth'.
 */
export function robotTopicFilter(fleet: string, robotId?: string, kind?: TopicKind): string {
  assertValidId('fleet', fleet);
  if (robotId !== undefined) assertValidId('robot id', robotId);
  return `${TOPIC_ROOT}/${fleet}/${robotId ?? '+'}/${kind ?? '+'}`;
}

/** Parses a topic of this tree. Throws SG_TOPIC_PARSE or SG_TOPIC_ID naming the topic. */
export function parseTopic(topic: string): ParsedTopic {
  const levels = topic.split('/');
  if (levels.length !== 5 || `${levels[0]}/${levels[1]}` !== TOPIC_ROOT) {
    throw new ProtocolError('SG_TOPIC_PARSE', `topic ${JSON.stringify(topic)} is not ${TOPIC_ROOT}/<fleet>/<robot>/<kind>`);
  }
  const [, , fleet, robotId, kind] = levels;
  assertValidId(`fleet in topic ${JSON.stringify(topic)}:`, fleet);
  if (robotId === GATEWAY_ID) {
    if (kind !== 'state') {
      throw new ProtocolError('SG_TOPIC_PARSE', `topic ${JSON.stringify(topic)}: the gateway publishes only "state"`);
    }
    return { scope: 'gateway', fleet, kind };
  }
  assertValidId(`robot id in topic ${JSON.stringify(topic)}:`, robotId);
  if (!isTopicKind(kind)) {
    throw new ProtocolError('SG_TOPIC_PARSE', `topic ${JSON.stringify(topic)}: unknown kind ${JSON.stringify(kind)} (one of ${TOPIC_KINDS.join(', ')})`);
  }
  return { scope: 'robot', fleet, robotId, kind };
}

export type RobotTopic = Extract<ParsedTopic, { scope: 'robot' }>;

/**
 * A robot topic of this tree, or null for anything else (the gateway's state, a foreign or
 * malformed topic): what a subscriber to robot topics needs, since its filters admit nothing
 * else worth an error.
 */
export function parseRobotTopic(topic: string): RobotTopic | null {
  try {
    const parsed = parseTopic(topic);
    return parsed.scope === 'robot' ? parsed : null;
  } catch {
    return null;
  }
}

export function isTopicKind(kind: string): kind is TopicKind {
  return (TOPIC_KINDS as readonly string[]).includes(kind);
}
