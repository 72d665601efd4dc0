/**
 * What to change when an MQTT attempt fails: mqtt.js says what went wrong on the wire
 * ('Connection refused: Not authorized', 'read ECONNRESET', a SUBACK 0x80), not which flag is
 * wrong. Shared by the command-line clients (`swarmgate echo`, mona-sim), each in its own flags.
 *
 * Matched on what mqtt.js and node report against real brokers (the embedded aedes broker,
 * Mosquitto, with and without TLS), pinned by refusalHints.test.ts and the tools' tests:
 * - a plain URL on a TLS port: Node's TLS server (the embedded broker's) closes without a
 *   word (CLOSED_BEFORE_CONNACK), Mosquitto's resets ('read ECONNRESET');
 * - a TLS URL on a plain port: 'Client network socket disconnected before secure TLS
 *   connection was established' (aedes), 'read ECONNRESET' (Mosquitto), OpenSSL's 'wrong
 *   version number' (a server answering in plain text, e.g. HTTP);
 * - a wrong fleet: the embedded broker lets the login in and refuses its topics (SUBACK 0x80),
 *   the fleet's gateway state among them, which every user of a fleet may read. (Mosquitto
 *   grants an MQTT 3.1.1 subscription its ACL denies, and delivers nothing: no failure to explain.)
 */
import { parseTopic, type ParsedTopic } from '../topics.js';
import { CLOSED_BEFORE_CONNACK, type MqttAttemptFailure } from './ReconnectingMqttClient.js';

/** What a failed attempt says went wrong, as far as its reason tells. */
export type MqttFailureCause =
  /** CONNACK 4 or 5: no login, or a wrong one. */
  | { readonly kind: 'login' }
  /** The server answered with bytes that are not MQTT (an HTTP port). */
  | { readonly kind: 'not-mqtt' }
  /** A plain URL, and the server ended the connection before CONNACK: it may speak TLS. */
  | { readonly kind: 'wants-tls' }
  /** A TLS URL, and the handshake failed as with a server that does not speak TLS. */
  | { readonly kind: 'not-tls' }
  /**
   * Topics refused. `fleet`: the fleet's gateway state was refused, which every user of a
   * fleet may read, so the login is not in that fleet. `robotId`: else, the robot whose
   * topics were refused.
   */
  | { readonly kind: 'topics'; readonly fleet?: string; readonly robotId?: string };

/** Whose flags the advice names, and whether a login was given (then a refused one is wrong, not missing). */
export interface MqttHintContext {
  readonly tool: 'echo' | 'mona-sim';
  readonly loggedIn: boolean;
}

/** mqtt.js's CONNACK errors for return codes 4 and 5 (MQTT 5: reason codes 0x86 and 0x87). */
const LOGIN_REFUSED = /Connection refused: (Bad user ?name or password|Not authori[sz]ed)/i;
/** mqtt-packet's parser on bytes that are no MQTT packet (an HTTP response). */
const NOT_MQTT = /Invalid header flag bits|Packet too short|Invalid length|Unknown command/i;
/** A reset before CONNACK: Mosquitto's answer to the wrong one of TCP and TLS, either way. */
const RESET = /ECONNRESET/;
/** node:tls on a handshake with a server that does not speak TLS. */
const NOT_TLS = /before secure TLS connection was established|wrong version number/i;

const PLAIN_SCHEMES = new Set(['mqtt', 'tcp']);
const TLS_SCHEMES = new Set(['mqtts', 'ssl']);

/** The URL's scheme, lower case ('mqtt', 'mqtts', ...), or '' when it has none. */
function schemeOf(url: string): string {
  return /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase() ?? '';
}

/** What went wrong, or null when the reason tells nothing a flag could change (a broker down, a timeout). */
export function mqttFailureCause(failure: MqttAttemptFailure): MqttFailureCause | null {
  if (failure.refusedFilters.length > 0) return topicsCause(failure.refusedFilters);
  const { reason } = failure;
  if (LOGIN_REFUSED.test(reason)) return { kind: 'login' };
  if (NOT_MQTT.test(reason)) return { kind: 'not-mqtt' };
  const scheme = schemeOf(failure.url);
  if (PLAIN_SCHEMES.has(scheme) && (reason === CLOSED_BEFORE_CONNACK || RESET.test(reason))) return { kind: 'wants-tls' };
  if (TLS_SCHEMES.has(scheme) && (NOT_TLS.test(reason) || RESET.test(reason))) return { kind: 'not-tls' };
  return null;
}

function topicsCause(filters: readonly string[]): MqttFailureCause {
  let robotId: string | undefined;
  for (const filter of filters) {
    let topic: ParsedTopic;
    try {
      topic = parseTopic(filter);
    } catch {
      continue; // a wildcard filter (echo's) or a foreign topic: names no fleet or robot
    }
    if (topic.scope === 'gateway') return { kind: 'topics', fleet: topic.fleet };
    robotId ??= topic.robotId;
  }
  return robotId === undefined ? { kind: 'topics' } : { kind: 'topics', robotId };
}

/** Where a fleet's name is written. */
const FLEET_LINE = 'the "fleet:" line of its fleet file';

/** The tools' flags that fix each cause; the words around them are shared. */
const FLAGS = {
  echo: {
    login: '--fleet FILE (its gateway user) or --username U --password P',
    wrongLogin: 'check the login (with --fleet FILE, its gateway user is used)',
    ca: '--mqtt-ca FILE',
  },
  'mona-sim': {
    login: "--username U --password P, the robot's entry in the fleet file (the username is its id unless given)",
    wrongLogin: "check --username and --password against the robot's entry in the fleet file (the username is its id unless given)",
    ca: '--ca FILE',
  },
} as const;

function topicsHint(cause: Extract<MqttFailureCause, { kind: 'topics' }>, tool: MqttHintContext['tool']): string {
  if (tool === 'echo') {
    return (
      "this login may not read those topics: on a fleet's broker only the gateway user reads every robot's " +
      '(give --fleet FILE), a robot or controller its own (narrow with --robot ID, --kind KIND); ' +
      `--fleet-name must be the broker's fleet (${FLEET_LINE})`
    );
  }
  if (cause.fleet !== undefined) {
    return `the broker refuses fleet '${cause.fleet}' to this login: --fleet must be the broker's fleet (${FLEET_LINE}; serve prints it at start, "(fleet NAME)")`;
  }
  const robot = cause.robotId === undefined ? 'these' : `robot ${cause.robotId}'s`;
  return `this login may not use ${robot} topics: --id must be the robot --username logs in as`;
}

/** What to change for the failure, in the tool's flags; null when the reason tells nothing a flag could change. */
export function mqttFailureHint(failure: MqttAttemptFailure, context: MqttHintContext): string | null {
  const cause = mqttFailureCause(failure);
  if (cause === null) return null;
  const flags = FLAGS[context.tool];
  switch (cause.kind) {
    case 'login':
      return context.loggedIn ? flags.wrongLogin : `this broker asks for a login: ${flags.login}`;
    case 'not-mqtt':
      return "the server there does not speak MQTT (an HTTP port? serve's broker is on its --mqtt-port, printed at start)";
    case 'wants-tls':
      return (
        'if the broker there speaks MQTT over TLS (serve --tls-cert prints an mqtts:// URL at start): ' +
        `--mqtt mqtts://HOST:PORT, with ${flags.ca} unless Node's bundled CAs trust its certificate`
      );
    case 'not-tls':
      return `the server there does not speak TLS (a plain MQTT port?): --mqtt mqtt://HOST:PORT, without ${flags.ca}`;
    case 'topics':
      return topicsHint(cause, context.tool);
  }
}
