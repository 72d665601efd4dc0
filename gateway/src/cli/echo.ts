/**
 * `swarmgate echo`: prints the protocol messages on a broker as JSON lines, one per message,
 * like `ros2 topic echo`: for watching a fleet, and piping into jq.
 */
import {
  boundClientId,
  idProblem,
  mqttFailureHint,
  ReconnectingMqttClient,
  robotTopicFilter,
  SwarmgateError,
  TOPIC_KINDS,
  TOPIC_QOS,
  type MqttAttemptFailure,
  type TopicKind,
} from '@swarmgate/protocols';
import { BODY_KINDS } from '@swarmgate/protocols';
import { stderrLogger } from '../hil/Logger.js';
import { numberFlag, parseCommandArgs } from './args.js';
import { CliUsageError, type CommandRun } from './Command.js';
import { echoLine, isEchoKind, kindMatches } from './echoLine.js';
import { MQTT_CA_HELP, fleetFlag, gatewayLogin, mqttCaFlag } from './mqttFlags.js';
import { watchStopRequest } from './stopRequest.js';

const DEFAULT_URL = 'mqtt://127.0.0.1:1883';

const HELP = `Usage: swarmgate echo [--mqtt URL] [--robot ID] [--kind KIND] [options]

Prints every swarmgate message on the broker as one JSON line: topic, robot, kind (the topic's),
body (the Envelope's body kind), then the Envelope's fields as named in the .proto (enums by
name, bytes as base64). A payload that does not decode is printed as a line with an "error" and
its size in "bytes". Runs until Ctrl-C, or until --count lines are printed.

  --mqtt URL              broker (default ${DEFAULT_URL}: serve's embedded one);
                          mqtts://HOST:PORT for MQTT over TLS
${MQTT_CA_HELP}
  --fleet FILE            fleet file: log in as its gateway user, on its fleet's topics
  --username U            MQTT username (instead of --fleet); --password P its password
  --fleet-name NAME       topic fleet level without --fleet (default lab)
  --robot ID              only this robot's topics (default: every robot, and the gateway's state)
  --kind KIND             only this topic kind (${TOPIC_KINDS.join(', ')}) or body kind
                          (${BODY_KINDS.join(', ')}); repeatable
  --count N               exit after printing N lines`;

const OPTIONS = {
  mqtt: { type: 'string' },
  'mqtt-ca': { type: 'string' },
  fleet: { type: 'string' },
  username: { type: 'string' },
  password: { type: 'string' },
  'fleet-name': { type: 'string' },
  robot: { type: 'string' },
  kind: { type: 'string', multiple: true },
  count: { type: 'string' },
} as const;

/**
 * The subscriptions for the filters: topic kinds exactly, else every kind (body kinds are
 * filtered on decode). A `+` robot level also matches the gateway's `$gateway` (only a first
 * level starting with $ is kept from wildcards), so its state comes with every robot's.
 */
function subscriptions(fleet: string, robot: string | undefined, kinds: ReadonlySet<string>): Record<string, { qos: 0 | 1 }> {
  const topicKinds = [...kinds].filter((k): k is TopicKind => (TOPIC_KINDS as readonly string[]).includes(k));
  const all = kinds.size === 0 || topicKinds.length < kinds.size;
  const out: Record<string, { qos: 0 | 1 }> = {};
  if (all) out[robotTopicFilter(fleet, robot)] = { qos: 1 };
  else for (const kind of topicKinds) out[robotTopicFilter(fleet, robot, kind)] = { qos: TOPIC_QOS[kind] };
  return out;
}

/**
 * A refused CONNECT or SUBSCRIBE, a server answering in another protocol or a TLS mismatch
 * says what went wrong on the wire, not what to change: adds what fixes it, in echo's flags.
 */
function explainRefusal(error: unknown, failure: MqttAttemptFailure | null, loggedIn: boolean): unknown {
  if (!(error instanceof SwarmgateError) || error.code !== 'SG_MQTT_CONNECT' || failure === null) return error;
  const hint = mqttFailureHint(failure, { tool: 'echo', loggedIn });
  if (hint === null) return error;
  return new SwarmgateError(error.code, `${error.message.slice(`${error.code}: `.length)}; ${hint}`, { cause: error });
}

async function run(argv: string[]): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS, HELP, false);
  if (!parsed) return 0;
  const v = parsed.values;
  const url = v.mqtt ?? DEFAULT_URL;
  if (!/^(mqtts?|wss?|tcp):\/\//.test(url)) throw new CliUsageError(`--mqtt must be a URL like ${DEFAULT_URL}, got '${url}'`);
  const ca = mqttCaFlag(url, v['mqtt-ca']);
  if ((v.username === undefined) !== (v.password === undefined)) throw new CliUsageError('--username and --password go together');
  if (v.fleet !== undefined && (v.username !== undefined || v['fleet-name'] !== undefined)) {
    throw new CliUsageError('--fleet gives the login and the fleet name: not with --username or --fleet-name');
  }
  if (v.robot !== undefined) {
    const problem = idProblem(v.robot);
    if (problem) throw new CliUsageError(`--robot '${v.robot}' ${problem}`);
  }
  const kinds = new Set(v.kind ?? []);
  for (const kind of kinds) {
    if (!isEchoKind(kind, TOPIC_KINDS))
      throw new CliUsageError(`--kind '${kind}' is not a topic kind (${TOPIC_KINDS.join(', ')}) or a body kind (${BODY_KINDS.join(', ')})`);
  }
  const count = v.count === undefined ? Infinity : numberFlag('count', v.count, 1, { min: 1, integer: true });
  const fleet = await fleetFlag(v.fleet);
  const fleetName = fleet?.name ?? v['fleet-name'] ?? 'lab';
  const nameProblem = idProblem(fleetName);
  if (nameProblem) throw new CliUsageError(`--fleet-name '${fleetName}' ${nameProblem}`);
  const login = fleet ? gatewayLogin(fleet) : { username: v.username, password: v.password };

  const client = new ReconnectingMqttClient({
    url,
    ca,
    clientId: boundClientId(login.username, `echo-${process.pid}`),
    ...login,
    subscriptions: subscriptions(fleetName, v.robot, kinds),
    firstConnect: 'fail',
  });
  const stopRequest = watchStopRequest(stderrLogger, 'echo');
  let printed = 0;
  let done: () => void = () => {};
  const enough = new Promise<void>((resolve) => (done = resolve));
  client.on('message', (topic, payload) => {
    if (printed >= count) return;
    const line = echoLine(topic, payload);
    if (!kindMatches(line, kinds)) return;
    process.stdout.write(JSON.stringify(line) + '\n');
    if (++printed >= count) done();
  });
  client.on('link', (event) => {
    // The reason rides on the offline event (a reconnecting one carries only its delay).
    if (event.state === 'offline') stderrLogger.warn(`echo: connection to ${url} lost (${event.reason ?? 'unknown'}); reconnecting`);
  });
  // The first connect's last failure: what start() rejects for, which the hint is about.
  let lastFailure: MqttAttemptFailure | null = null;
  client.on('attemptFailed', (failure) => (lastFailure = failure));
  try {
    await client.start().catch((error: unknown) => {
      throw explainRefusal(error, lastFailure, login.username !== undefined);
    });
    await Promise.race([enough, stopRequest.requested]);
  } finally {
    stopRequest.dispose();
    await client.stop();
  }
  return 0;
}

export const echoCommand: CommandRun = run;
