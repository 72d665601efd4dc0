/**
 * Coded errors of @swarmgate/protocols. Every code is declared once below with the sentence
 * a user reads to fix the problem; `errors.test.ts` checks that each code used in src/ is
 * declared and documented.
 */
import { SwarmgateError } from './common/SwarmgateError.js';

export { SwarmgateError, errorCode } from './common/SwarmgateError.js';

export const ERROR_CODES = {
  // Envelope (Envelope.ts)
  SG_PROTO_DECODE: 'The bytes are not a valid swarmgate.v1.Envelope (truncated, corrupted, or another protocol); the message gives the protobuf reader error.',
  SG_PROTO_VERSION: 'The Envelope speaks a protocol major version this side does not (or carries no version); upgrade the older side.',
  SG_PROTO_NO_BODY: 'The Envelope decoded but carries no body (Birth, Telemetry, Command, ...); the sender is broken or newer.',
  SG_PROTO_OVERSIZE: 'An Envelope or frame is larger than MAX_ENVELOPE_BYTES / MAX_FRAME_BYTES and was refused.',
  // Commands (validateCommand.ts)
  SG_PROTO_COMMAND_INVALID: 'A Command or MotorCommand has no action or a non-finite number; the message names the field.',
  // MQTT topics (topics.ts)
  SG_TOPIC_ID: 'A fleet or robot id is empty, contains an MQTT wildcard or separator (+ # /), or starts with $.',
  SG_TOPIC_PARSE: 'A topic is not of the form swarmgate/v1/<fleet>/<robot>/<kind> with a known kind.',
  // MQTT over TLS (mqttTls.ts)
  SG_MQTT_TLS: 'A CA file or pinned certificate was given for a broker URL that is not mqtts:// (or wss://), where it would protect nothing.',
  // Broker addresses (mqtt/brokerUrls.ts)
  SG_MQTT_URL:
    'A broker address is not a URL with a host and an MQTT scheme (mqtt://, mqtts://, ws://, wss://, tcp://, ssl://), or a comma-separated list of them has an empty or repeated entry; the message names the entry.',
  // The reconnecting MQTT client (mqtt/ReconnectingMqttClient.ts)
  SG_MQTT_CONNECT:
    'An MQTT client could not connect or subscribe on its first attempt (broker not reachable, wrong credentials, or the ACL refuses a topic), or was stopped first; the message names the URL and the cause.',
  // Shared link helpers (common/)
  SG_BACKOFF_CONFIG: 'A reconnect backoff option is out of range: it needs 0 < initialMs <= maxMs, factor >= 1 and jitter in [0, 1].',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The coded errors of this package: the shared base, narrowed to its codes. */
export class ProtocolsError extends SwarmgateError<ErrorCode> {}

/** A wire-level error: a decode, version, size or topic problem. */
export class ProtocolError extends ProtocolsError {
  override readonly name = 'ProtocolError';
}
