/**
 * One line of `swarmgate echo`: an MQTT message of the topic tree as a JSON object. A payload
 * that decodes as an Envelope becomes its fields, named as in the .proto (snake_case), enums by
 * name, bytes as base64, 64-bit numbers as numbers; one that does not (or a topic outside the
 * tree) becomes a line with an `error` and the payload's size. Never throws.
 */
import { BODY_KINDS, decodeEnvelope, parseTopic, type BodyKind, type TopicKind } from '@swarmgate/protocols';
import { messageType } from '../record/recordingSchemas.js';

export interface EchoLine {
  readonly topic: string;
  /** The robot the topic names (`$gateway` for the gateway's state), null outside the tree. */
  readonly robot: string | null;
  /** The topic's kind (birth, telemetry, cmd, downlink, ...), null outside the tree. */
  readonly kind: string | null;
  /** The Envelope's body kind (birth, state, command, motorCommand, ...), absent when it did not decode. */
  readonly body?: BodyKind;
  readonly error?: string;
  readonly bytes?: number;
  readonly [field: string]: unknown;
}

const TO_OBJECT = { defaults: true, enums: String, longs: Number, bytes: String } as const;

export function echoLine(topic: string, payload: Uint8Array): EchoLine {
  let robot: string | null = null;
  let kind: string | null = null;
  try {
    const parsed = parseTopic(topic);
    robot = parsed.scope === 'gateway' ? '$gateway' : parsed.robotId;
    kind = parsed.kind;
    // Checks size, protobuf validity, version and body (the errors a receiver would give).
    const envelope = decodeEnvelope(payload);
    const type = messageType('swarmgate.v1.Envelope');
    const fields = type.toObject(type.decode(payload), TO_OBJECT);
    return { topic, robot, kind, body: envelope.body, ...fields };
  } catch (error) {
    return { topic, robot, kind, error: (error as Error).message, bytes: payload.length };
  }
}

/** Whether a line passes `--kind` (topic kinds and body kinds alike; none given: every line). */
export function kindMatches(line: EchoLine, kinds: ReadonlySet<string>): boolean {
  return kinds.size === 0 || (line.kind !== null && kinds.has(line.kind)) || (line.body !== undefined && kinds.has(line.body));
}

/** A --kind value: a topic kind or a body kind. */
export function isEchoKind(kind: string, topicKinds: readonly TopicKind[]): boolean {
  return (topicKinds as readonly string[]).includes(kind) || (BODY_KINDS as readonly string[]).includes(kind);
}
