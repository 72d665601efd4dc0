import { Aedes, type AuthenticateError } from 'aedes';
import fc from 'fast-check';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayStateTopic, ID_PATTERN, robotTopic, robotTopicFilter } from '../topics.js';
import { CLOSED_BEFORE_CONNACK, ReconnectingMqttClient, type MqttAttemptFailure } from './ReconnectingMqttClient.js';
import { mqttFailureCause, mqttFailureHint, type MqttHintContext } from './refusalHints.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as AddressInfo).port;
}

/** A real aedes broker behind `wrap` (plain TCP, or node:tls as the embedded broker with --tls-cert). */
async function aedesOn(wrap: (handle: (socket: Duplex) => void) => Server, setup: (aedes: Aedes) => void = () => undefined): Promise<number> {
  const aedes = await Aedes.createBroker();
  setup(aedes);
  cleanups.push(() => new Promise<void>((resolve) => aedes.close(() => resolve())));
  return listen(wrap((socket) => aedes.handle(socket)));
}

/** The failure of one first attempt at `url`, as ReconnectingMqttClient reports it. */
async function failureAt(url: string, login: { username?: string; password?: string } = {}, fleet = 'lab'): Promise<MqttAttemptFailure> {
  const client = new ReconnectingMqttClient({
    url,
    ...login,
    clientId: 'hints',
    subscriptions: { [robotTopic(fleet, 'm1', 'downlink')]: { qos: 0 }, [gatewayStateTopic(fleet)]: { qos: 0 } },
    firstConnect: 'fail',
    connectTimeoutMs: 5000,
  });
  const failures: MqttAttemptFailure[] = [];
  client.on('attemptFailed', (failure) => failures.push(failure));
  client.on('linkError', () => undefined);
  await expect(client.start()).rejects.toThrow(/SG_MQTT_CONNECT/);
  expect(failures).toHaveLength(1);
  return failures[0]!;
}

const ECHO: MqttHintContext = { tool: 'echo', loggedIn: false };
const MONA: MqttHintContext = { tool: 'mona-sim', loggedIn: false };

describe('mqttFailureHint on what mqtt.js reports from real servers', () => {
  it('a plain URL on a TLS port (node:tls, as the embedded broker with --tls-cert): closed before CONNACK; use mqtts:// and the CA flag', async () => {
    // No certificate: the server fails on the plain CONNECT's first record, before one matters.
    const port = await aedesOn((handle) => createTlsServer({}, handle));
    const failure = await failureAt(`mqtt://127.0.0.1:${port}`);
    expect(failure.reason).toBe(CLOSED_BEFORE_CONNACK);
    expect(mqttFailureCause(failure)).toEqual({ kind: 'wants-tls' });
    expect(mqttFailureHint(failure, MONA)).toMatch(/--mqtt mqtts:\/\/HOST:PORT, with --ca FILE/);
    expect(mqttFailureHint(failure, ECHO)).toMatch(/--mqtt mqtts:\/\/HOST:PORT, with --mqtt-ca FILE/);
  });

  it('a TLS URL on a plain port (aedes) or an HTTP one: the handshake fails; use mqtt://', async () => {
    const plain = await aedesOn((handle) => createServer(handle));
    const http = await listen(createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n'))));
    for (const port of [plain, http]) {
      const failure = await failureAt(`mqtts://127.0.0.1:${port}`);
      expect(failure.reason, `port ${port === plain ? 'aedes' : 'http'}`).toMatch(/before secure TLS connection was established|wrong version number/);
      expect(failure.reason).not.toMatch(/\n/);
      expect(mqttFailureCause(failure)).toEqual({ kind: 'not-tls' });
      expect(mqttFailureHint(failure, MONA)).toMatch(/does not speak TLS .*--mqtt mqtt:\/\/HOST:PORT, without --ca FILE/);
      expect(mqttFailureHint(failure, ECHO)).toMatch(/without --mqtt-ca FILE/);
    }
    // A plain URL there: MQTT's parser on HTTP.
    expect(mqttFailureCause(await failureAt(`mqtt://127.0.0.1:${http}`))).toEqual({ kind: 'not-mqtt' });
  });

  it("a wrong fleet: topics refused, the fleet's gateway state among them; a wrong robot id: its downlink alone", async () => {
    // The embedded broker's fleet ACL in small: robot m1 of fleet hall reads its downlink and the fleet's gateway state.
    const port = await aedesOn(
      (handle) => createServer(handle),
      (aedes) => {
        const allowed = new Set([robotTopic('hall', 'm1', 'downlink'), gatewayStateTopic('hall')]);
        aedes.authorizeSubscribe = (_client, subscription, done) => done(null, allowed.has(subscription.topic) ? subscription : null);
      },
    );
    const wrongFleet = await failureAt(`mqtt://127.0.0.1:${port}`, {}, 'lab');
    expect(wrongFleet.reason).toBe(`subscription to ${robotTopic('lab', 'm1', 'downlink')}, ${gatewayStateTopic('lab')} refused (SUBACK 0x80)`);
    expect(mqttFailureCause(wrongFleet)).toEqual({ kind: 'topics', fleet: 'lab' });
    expect(mqttFailureHint(wrongFleet, MONA)).toMatch(/refuses fleet 'lab' to this login: --fleet must be the broker's fleet/);
    expect(mqttFailureHint(wrongFleet, ECHO)).toMatch(/may not read those topics: .*--fleet-name must be the broker's fleet/);
    const fleetOk: MqttAttemptFailure = { ...wrongFleet, refusedFilters: [robotTopic('hall', 'm2', 'downlink')] };
    expect(mqttFailureHint(fleetOk, MONA)).toBe("this login may not use robot m2's topics: --id must be the robot --username logs in as");
  });

  it("a refused login: missing or wrong, said in each tool's flags; a broker not there: no hint", async () => {
    const port = await aedesOn(
      (handle) => createServer(handle),
      (aedes) => {
        aedes.authenticate = (_client, _username, _password, done) => done(Object.assign(new Error('no'), { returnCode: 4 }) as AuthenticateError, false);
      },
    );
    const refused = await failureAt(`mqtt://127.0.0.1:${port}`, { username: 'm1', password: 'nope' });
    expect(refused.reason).toBe('Connection refused: Bad username or password');
    expect(mqttFailureHint(refused, { tool: 'mona-sim', loggedIn: true })).toMatch(/^check --username and --password/);
    expect(mqttFailureHint(refused, MONA)).toMatch(/^this broker asks for a login: --username U --password P/);
    expect(mqttFailureHint(refused, ECHO)).toMatch(/^this broker asks for a login: --fleet FILE/);
    expect(mqttFailureHint(refused, { tool: 'echo', loggedIn: true })).toMatch(/^check the login/);
    const refusedConnect = await failureAt('mqtt://127.0.0.1:1');
    expect(refusedConnect.reason).toMatch(/ECONNREFUSED/);
    expect(mqttFailureHint(refusedConnect, MONA)).toBeNull();
  });
});

/** What the real servers report (above, and Mosquitto's resets in firmware-sim/src/cli.test.ts), by scheme. */
const OBSERVED: readonly { reason: string; schemes: readonly string[]; kind: string }[] = [
  { reason: CLOSED_BEFORE_CONNACK, schemes: ['mqtt', 'tcp'], kind: 'wants-tls' },
  { reason: 'read ECONNRESET', schemes: ['mqtt', 'tcp'], kind: 'wants-tls' },
  { reason: 'read ECONNRESET', schemes: ['mqtts', 'ssl'], kind: 'not-tls' },
  { reason: 'Client network socket disconnected before secure TLS connection was established', schemes: ['mqtts', 'ssl'], kind: 'not-tls' },
  {
    reason:
      'write EPROTO 80ACD185E07F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:',
    schemes: ['mqtts', 'ssl'],
    kind: 'not-tls',
  },
  { reason: 'Connection refused: Bad username or password', schemes: ['mqtt', 'mqtts', 'ws', 'wss'], kind: 'login' },
  { reason: 'Connection refused: Not authorized', schemes: ['mqtt', 'mqtts', 'ws', 'wss'], kind: 'login' },
  { reason: 'Invalid header flag bits, must be 0x0 for puback packet', schemes: ['mqtt', 'mqtts', 'ws', 'wss'], kind: 'not-mqtt' },
];

const anyCase = (text: string) =>
  fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
const host = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9-]{0,12}(\.[a-z]{2,5})?$/),
  fc.ipV4(),
  fc.ipV6().map((ip) => `[${ip}]`),
);
const urlWith = (scheme: string) => fc.tuple(anyCase(scheme), host, fc.integer({ min: 1, max: 65535 })).map(([s, h, port]) => `${s}://${h}:${port}`);
const anyUrl = fc.oneof(fc.constantFrom('mqtt', 'mqtts', 'tcp', 'ssl', 'ws', 'wss').chain(urlWith), fc.string());
/** Text that cannot spell any reason the hints match (no letters of them), to wrap or stand for other reasons. */
const neutralText = fc.string({ unit: fc.constantFrom(...'0123456789 :;,./-_()[]#xyzqjvkw') });
const fleetOrRobotId = fc.stringMatching(ID_PATTERN);
const failure = (url: string, reason: string, refusedFilters: readonly string[] = []): MqttAttemptFailure => ({ url, reason, refusedFilters });

describe('mqttFailureCause (property tests)', () => {
  it('knows each observed reason at any host and port, in any case of the scheme, wrapped in any other text', () => {
    for (const { reason, schemes, kind } of OBSERVED) {
      fc.assert(
        fc.property(fc.constantFrom(...schemes).chain(urlWith), neutralText, neutralText, (url, before, after) => {
          // Our own reason is matched whole, as the client words it; mqtt.js's and node's anywhere in a longer one.
          const text = reason === CLOSED_BEFORE_CONNACK ? reason : `${before}${reason}${after}`;
          expect(mqttFailureCause(failure(url, text))?.kind).toBe(kind);
        }),
      );
    }
  });

  it('says TLS only for the scheme it is about: wants-tls on a plain URL, not-tls on a TLS one, nothing on a WebSocket', () => {
    fc.assert(
      fc.property(anyUrl, fc.oneof(fc.string(), fc.constantFrom(...OBSERVED.map((o) => o.reason))), (url, reason) => {
        const kind = mqttFailureCause(failure(url, reason))?.kind;
        const scheme = /^([a-z]+):\/\//i.exec(url)?.[1]?.toLowerCase();
        if (kind === 'wants-tls') expect(['mqtt', 'tcp']).toContain(scheme);
        if (kind === 'not-tls') expect(['mqtts', 'ssl']).toContain(scheme);
      }),
    );
  });

  it('has no cause, and no hint, for any other reason (a broker down, a timeout, an unknown error)', () => {
    fc.assert(
      fc.property(anyUrl, neutralText, fc.constantFrom('connect ECONNREFUSED 127.0.0.1:1', 'connack timeout', 'connection closed', ''), (url, text, known) => {
        for (const reason of [text, known]) {
          expect(mqttFailureCause(failure(url, reason))).toBeNull();
          expect(mqttFailureHint(failure(url, reason), MONA)).toBeNull();
        }
      }),
    );
  });

  it("reads the refused topics, whatever the reason says: a fleet's gateway state names the fleet, else a robot topic its robot", () => {
    fc.assert(
      fc.property(fleetOrRobotId, fleetOrRobotId, fc.boolean(), anyUrl, fc.string(), (fleet, robot, gatewayFirst, url, reason) => {
        const downlink = robotTopic(fleet, robot, 'downlink');
        const both = gatewayFirst ? [gatewayStateTopic(fleet), downlink] : [downlink, gatewayStateTopic(fleet)];
        expect(mqttFailureCause(failure(url, reason, both))).toEqual({ kind: 'topics', fleet });
        expect(mqttFailureCause(failure(url, reason, [downlink]))).toEqual({ kind: 'topics', robotId: robot });
        expect(mqttFailureCause(failure(url, reason, [robotTopicFilter(fleet), '#']))).toEqual({ kind: 'topics' });
        expect(mqttFailureHint(failure(url, reason, both), MONA)).toContain(`fleet '${fleet}'`);
      }),
    );
  });

  it("has a hint for every cause, in either tool's words, with or without a login", () => {
    const causes = [...OBSERVED.map((o) => failure(`${o.schemes[0]}://h:1`, o.reason)), failure('mqtt://h:1', '', [gatewayStateTopic('lab')])];
    for (const f of causes) {
      for (const context of [ECHO, MONA, { ...ECHO, loggedIn: true }, { ...MONA, loggedIn: true }])
        expect(mqttFailureHint(f, context), f.reason).not.toBeNull();
    }
  });
});
