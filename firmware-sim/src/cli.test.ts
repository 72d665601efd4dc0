import {
  CLOSED_BEFORE_CONNACK,
  decodeEnvelope,
  gatewayStateTopic,
  mqttFailureHint,
  robotTopic,
  robotTopicFilter,
  type MqttAttemptFailure,
} from '@swarmgate/protocols';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLI_OPTIONS, HELP, main, robotIds } from './cli.js';
import { exited, terminate } from './testing/processes.js';
import { Inbox } from './testing/Inbox.js';
import { until } from './testing/until.js';
import { startMosquitto, type MosquittoBroker } from './testing/mosquitto.js';
import { selfSignedCert, type TestCertificate } from './testing/selfSignedCert.js';

// Spawned processes start through tsx: seconds each on a loaded machine.
const PROCESS_TIMEOUT_MS = 60_000;
const BIN = fileURLToPath(new URL('../bin/mona-sim.js', import.meta.url));

function run(args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function exitCodeOf(args: string[]): Promise<{ code: number | null; output: string }> {
  const { child, output } = run(args);
  await exited(child);
  return { code: child.exitCode, output: output() };
}

describe('mona-sim CLI usage', () => {
  it('help lists exactly the flags the parser accepts', () => {
    const inHelp = new Set([...HELP.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]));
    expect(inHelp).toEqual(new Set(Object.keys(CLI_OPTIONS)));
  });

  it("the hints it logs for a failed connect name its own flags (and serve's, for the broker's side)", () => {
    const failures: MqttAttemptFailure[] = [
      { url: 'mqtt://h:1', reason: 'Connection refused: Not authorized', refusedFilters: [] },
      { url: 'mqtt://h:1', reason: 'Invalid header flag bits, must be 0x0 for puback packet', refusedFilters: [] },
      { url: 'mqtt://h:1', reason: CLOSED_BEFORE_CONNACK, refusedFilters: [] },
      { url: 'mqtts://h:1', reason: 'read ECONNRESET', refusedFilters: [] },
      { url: 'mqtt://h:1', reason: '', refusedFilters: [gatewayStateTopic('lab')] },
      { url: 'mqtt://h:1', reason: '', refusedFilters: [robotTopic('lab', 'm1', 'downlink')] },
    ];
    const serveFlags = new Set(['tls-cert', 'mqtt-port']);
    for (const failure of failures) {
      for (const loggedIn of [false, true]) {
        const hint = mqttFailureHint(failure, { tool: 'mona-sim', loggedIn });
        expect(hint, failure.reason).not.toBeNull();
        for (const [, flag] of hint!.matchAll(/--([a-z][a-z-]*)/g)) expect(flag! in CLI_OPTIONS || serveFlags.has(flag!), `--${flag} in: ${hint}`).toBe(true);
      }
    }
  });

  it('counts ids up from --id, keeping the width', () => {
    expect(robotIds('mona-03', 3)).toEqual(['mona-03', 'mona-04', 'mona-05']);
    expect(robotIds('r9', 2)).toEqual(['r9', 'r10']);
    expect(() => robotIds('mona', 2)).toThrow(/--id must end in a number/);
  });

  it('exits 2 naming the bad flag (in-process main)', async () => {
    const cases: [string[], RegExp][] = [
      [['--mqtt', 'mqtt://127.0.0.1:1', '--id', 'a', '--drop', 'lots'], /--drop must be a number/],
      [['--mqtt', 'mqtt://127.0.0.1:1', '--id', 'a', '--corrupt', '1.5'], /--corrupt must be <= 1/],
      [['--serial', '/dev/null', '--id', 'a', '--count', '2'], /--count > 1 needs --mqtt/],
      [['--mqtt', 'mqtt://127.0.0.1:1'], /--id ID is required/],
      [['--mqtt', 'mqtt://127.0.0.1:1,127.0.0.1:2', '--id', 'a'], /--mqtt: SG_MQTT_URL: entry 2 of the broker URL list .* is not a URL: '127.0.0.1:2'/],
      [['--mqtt', 'mqtt://127.0.0.1:1', '--serial', '/dev/null', '--id', 'a'], /exactly one of --mqtt/],
      [['--mqtt', 'mqtt://127.0.0.1:1', '--id', 'a+b'], /--id 'a\+b' contains/],
      [['--mqtt', 'mqtt://127.0.0.1:1', '--id', 'a', '--pose', '5,5,0'], /--pose .* outside/],
      [['--mqtt', 'mqtt://127.0.0.1:1', '--id', 'a', '--arena', '/nonexistent.json'], /SG_ARENA_INVALID/],
      [['--mqtt', 'mqtt://127.0.0.1:1', '--id', 'a', '--ca', 'ca.pem'], /--ca needs an mqtts:\/\/ \(or wss:\/\/\) --mqtt URL, got 'mqtt:\/\/127\.0\.0\.1:1'/],
      [['--serial', '/dev/null', '--id', 'a', '--ca', 'ca.pem'], /--ca needs an mqtts:\/\/ .* got '\/dev\/null'/],
      [['--mqtt', 'mqtts://127.0.0.1:1', '--id', 'a', '--ca', '/nonexistent/ca.pem'], /--ca: cannot read \/nonexistent\/ca\.pem/],
    ];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      for (const [args, message] of cases) {
        stderr.mockClear();
        expect(await main(args), args.join(' ')).toBe(2);
        expect(stderr.mock.calls.map((call) => String(call[0])).join('')).toMatch(message);
      }
    } finally {
      stderr.mockRestore();
    }
  });

  it('the real binary: exit 2 naming an unknown flag, 0 for --help', { timeout: PROCESS_TIMEOUT_MS }, async () => {
    const [bogus, help] = await Promise.all([exitCodeOf(['--bogus']), exitCodeOf(['--help'])]);
    expect(bogus.code, bogus.output).toBe(2);
    expect(bogus.output).toMatch(/Unknown option '--bogus'/);
    expect(help.code).toBe(0);
    expect(help.output).toContain('--reboot-after');
  });
});

describe('mona-sim process with nothing to talk to yet', { timeout: PROCESS_TIMEOUT_MS }, () => {
  it('a serial path that is not there: keeps reopening, one line each, until SIGTERM (exit 0)', async () => {
    // Regression: every timer of the robot is unref'd, so with no port open node ended the
    // process after the first failed open, silently, with exit code 13.
    const sim = run(['--serial', '/nonexistent/tty-mona', '--id', 'mona-02']);
    try {
      const failures = (): number => sim.output().match(/cannot open \/nonexistent\/tty-mona: .*; reopening in \d+ ms/g)?.length ?? 0;
      await until(() => failures() >= 3 || sim.child.exitCode !== null, 'three reopen attempts', 30_000);
      expect(sim.child.exitCode, sim.output()).toBeNull();
      sim.child.kill('SIGTERM');
      await exited(sim.child);
      expect(sim.child.exitCode, sim.output()).toBe(0);
      expect(sim.output()).toContain('mona-sim: stopped');
    } finally {
      await terminate(sim.child);
    }
  });
});

describe('mona-sim process on a broker it cannot use (Mosquitto, plain and TLS)', { timeout: PROCESS_TIMEOUT_MS }, () => {
  let cert: TestCertificate;
  let plain: MosquittoBroker;
  let tls: MosquittoBroker;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    cert = selfSignedCert();
    [plain, tls] = await Promise.all([startMosquitto(), startMosquitto({ config: [`certfile ${cert.certPath}`, `keyfile ${cert.keyPath}`] })]);
  });
  afterAll(async () => {
    await Promise.all([plain?.stop(), tls?.stop()]);
    cert?.remove();
  });
  afterEach(async () => {
    if (child) await terminate(child);
    child = undefined;
  });

  /** mona-sim's output once three attempts in a row failed the same way. */
  async function threeFailures(args: string[]): Promise<string> {
    const sim = run([...args, '--id', 'mona-30']);
    child = sim.child;
    await until(() => sim.output().includes('(same error 3 times)') || sim.child.exitCode !== null, 'three failed attempts', 30_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${sim.output()}`);
    });
    return sim.output();
  }

  /** The failure is logged once, with what to change; each retry after it counts the repeats. */
  function expectLoggedOnce(output: string, failure: RegExp): void {
    const lines = output.split('\n');
    const failures = lines.filter((line) => line.includes('cannot connect to'));
    expect(failures, output).toHaveLength(1);
    expect(failures[0]).toMatch(failure);
    const repeats = lines.filter((line) => line.includes('reconnecting after')).map((line) => /\(same error (\d+) times\)$/.exec(line)?.[1] ?? '1');
    expect(repeats.slice(0, 3), output).toEqual(['1', '2', '3']);
  }

  it('mqtt:// on a TLS port (Mosquitto resets the connection): logs once to use mqtts:// with --ca', async () => {
    const output = await threeFailures(['--mqtt', `mqtt://127.0.0.1:${tls.port}`]);
    expectLoggedOnce(
      output,
      /^mona-sim mona-30: cannot connect to mqtt:\/\/127\.0\.0\.1:\d+: read ECONNRESET; if the broker there speaks MQTT over TLS .*: --mqtt mqtts:\/\/HOST:PORT, with --ca FILE/,
    );
  });

  it('mqtts:// on a plain port: logs once to use mqtt://, without --ca', async () => {
    const output = await threeFailures(['--mqtt', `mqtts://127.0.0.1:${plain.port}`, '--ca', cert.certPath]);
    expectLoggedOnce(
      output,
      /^mona-sim mona-30: cannot connect to mqtts:\/\/127\.0\.0\.1:\d+: read ECONNRESET; the server there does not speak TLS .*: --mqtt mqtt:\/\/HOST:PORT, without --ca FILE/,
    );
  });

  it('mqtts:// with --ca on the TLS port: online (the certificate serves the tests above)', async () => {
    const sim = run(['--mqtt', `mqtts://127.0.0.1:${tls.port}`, '--ca', cert.certPath, '--id', 'mona-31']);
    child = sim.child;
    await until(() => sim.output().includes('online via') || sim.child.exitCode !== null, 'online over TLS', 30_000);
    expect(sim.output()).toContain(`online via mqtts://127.0.0.1:${tls.port}`);
    expect(sim.output()).not.toContain('cannot connect');
  });
});

describe('mona-sim process on a real broker', { timeout: PROCESS_TIMEOUT_MS }, () => {
  let broker: MosquittoBroker;
  let gateway: MqttClient;
  let inbox: Inbox;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => {
    await broker.stop();
  });
  afterEach(async () => {
    if (child) await terminate(child);
    child = undefined;
    await gateway?.endAsync();
  });

  async function watch(): Promise<void> {
    inbox = new Inbox();
    gateway = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    gateway.on('message', (_topic, payload) => inbox.push(decodeEnvelope(payload)));
    const kinds = ['birth', 'death', 'telemetry'] as const;
    await gateway.subscribeAsync(
      kinds.map((kind) => robotTopicFilter('lab', undefined, kind)),
      { qos: 1 },
    );
  }

  it("kill -9: the broker publishes each robot's Death (its will) with the Birth's session", async () => {
    await watch();
    const sim = run(['--mqtt', broker.url, '--id', 'mona-07', '--count', '2', '--keepalive', '2']);
    child = sim.child;
    for (const id of ['mona-07', 'mona-08']) {
      await inbox.waitFor((e) => e.body === 'birth' && e.robotId === id, `Birth of ${id}`, 30_000);
    }
    child.kill('SIGKILL');
    for (const id of ['mona-07', 'mona-08']) {
      const death = await inbox.waitFor((e) => e.body === 'death' && e.robotId === id, `Death of ${id}`, 10_000);
      const birth = inbox.of('birth', id)[0]!;
      expect(death.death!.session).toBe(birth.birth!.session);
    }
  });

  it('SIGTERM: publishes Death gracefully and exits 0', async () => {
    await watch();
    const sim = run(['--mqtt', broker.url, '--id', 'mona-10']);
    child = sim.child;
    await inbox.waitFor((e) => e.body === 'telemetry' && e.robotId === 'mona-10', 'Telemetry', 30_000);
    child.kill('SIGTERM');
    await inbox.waitFor((e) => e.body === 'death' && e.robotId === 'mona-10', 'Death', 10_000);
    await exited(child);
    expect(child.exitCode, sim.output()).toBe(0);
    expect(sim.output()).toContain('stopped');
  });

  it('SIGTERM: reports the faults it injected', async () => {
    await watch();
    const sim = run(['--mqtt', broker.url, '--id', 'mona-11', '--telemetry-hz', '50', '--drop', '0.5', '--reboot-after', '0.4']);
    child = sim.child;
    await inbox.waitFor((e) => e.body === 'telemetry' && e.robotId === 'mona-11', 'Telemetry', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill('SIGTERM');
    await exited(child);
    const match = /faults injected: (\d+) dropped, (\d+) corrupted, (\d+) reboots/.exec(sim.output());
    expect(match, sim.output()).not.toBeNull();
    const [dropped, corrupted, reboots] = match!.slice(1).map(Number);
    expect(dropped).toBeGreaterThan(5);
    expect(corrupted).toBe(0);
    expect(reboots).toBeGreaterThanOrEqual(2);
  });
});
