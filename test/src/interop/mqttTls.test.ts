/**
 * MQTT over TLS with real certificates: a CA and a server certificate (subjectAltName
 * IP:127.0.0.1, DNS:localhost) made here by the openssl CLI, the embedded broker listening
 * with them (`serve --tls-cert/--tls-key`), and real clients: mona-sim (`--ca`), the SDK's
 * MqttRobot (`ca`), Mosquitto's own mosquitto_sub (`--cafile`), and the gateway's bridge and
 * controller port against a broker that is not its own (`--mqtt mqtts://... --mqtt-ca`). A
 * plain-TCP client and a client trusting another CA are refused.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedBroker, MemoryLogger, MqttBridge, MqttControllerPort, RobotRegistry, type LiveService } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { gatewayStateTopic } from '@swarmgate/protocols';
import { MqttRobot, SlamMap } from '@swarmgate/sdk';
import { FLEET, startLive, startMonaSim, terminate, waitFor } from '../trial/liveHarness.js';
import { startTool } from './tools.js';

interface Pki {
  readonly dir: string;
  readonly caPath: string;
  readonly certPath: string;
  readonly keyPath: string;
  /** A CA that signed nothing here. */
  readonly otherCaPath: string;
}

function openssl(dir: string, ...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA, a server certificate it signs for 127.0.0.1 and localhost, and an unrelated CA. */
function makePki(): Pki {
  const dir = mkdtempSync(join(tmpdir(), 'swarmgate-tls-'));
  for (const name of ['ca', 'other-ca']) {
    openssl(
      dir,
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=swarmgate test ${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
    );
  }
  openssl(
    dir,
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-subj',
    '/CN=swarmgate gateway',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
  );
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'server.ext',
    '-out',
    'server.pem',
  );
  return { dir, caPath: join(dir, 'ca.pem'), certPath: join(dir, 'server.pem'), keyPath: join(dir, 'server.key'), otherCaPath: join(dir, 'other-ca.pem') };
}

describe('MQTT over TLS on the embedded broker', () => {
  let pki: Pki;
  let service: LiveService;
  let port: number;

  beforeAll(async () => {
    pki = makePki();
    ({ service } = await startLive({
      grid: loadMap('building:20x20:seed=1'),
      robots: 1,
      service: { mqttPort: 0, brokerTls: { cert: readFileSync(pki.certPath), key: readFileSync(pki.keyPath) } },
    }));
    port = Number(new URL(service.url).port);
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
    if (pki) rmSync(pki.dir, { recursive: true, force: true });
  });

  it('listens for mqtts:// only, and says so', () => {
    expect(service.url).toBe(`mqtts://127.0.0.1:${port}`);
    expect(service.mqttUrls).toEqual([`mqtts://127.0.0.1:${port}`]);
    // The gateway's own clients are on it (over TLS, trusting the certificate it serves).
    expect(service.bridge.state).toBe('online');
  });

  it('mona-sim with --ca joins the trial over TLS', async () => {
    const sim = startMonaSim('mona-21', ['--mqtt', service.url, '--ca', pki.caPath, '--fleet', FLEET]);
    try {
      await waitFor('mona-21 to join as a twin', () => service.live.twins?.has('mona-21') === true, 20_000).catch((error: Error) => {
        throw new Error(`${error.message}\nmona-sim output:\n${sim.output()}`);
      });
      expect(service.hil.registry.get('mona-21')?.online).toBe(true);
    } finally {
      await terminate(sim);
    }
  });

  it("mosquitto_sub --cafile receives the gateway's retained state over TLS", async () => {
    // The state topic alone, first message: with '#' and --retained-only, any of the running
    // trial's live messages that the broker forwards before its stored ones ends the tool empty.
    const sub = startTool('mosquitto_sub', [
      '--cafile',
      pki.caPath,
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-t',
      gatewayStateTopic(FLEET),
      '-C',
      '1',
      '-F',
      '%t retained=%r',
      '-W',
      '10',
    ]);
    const output = await sub.done;
    expect(output).toContain(`${gatewayStateTopic(FLEET)} retained=1`);
  });

  it('refuses a plain-TCP client and clients that trust another CA', async () => {
    await expect(startTool('mosquitto_sub', ['-h', '127.0.0.1', '-p', String(port), '-t', '#', '-C', '1', '-W', '5']).done).rejects.toThrow(/exited with/);
    await expect(
      startTool('mosquitto_sub', ['--cafile', pki.otherCaPath, '-h', '127.0.0.1', '-p', String(port), '-t', '#', '-C', '1', '-W', '5']).done,
    ).rejects.toThrow(/certificate verify failed|TLS|protocol error/i);
    const plain = mqtt.connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 3000 });
    const outcome = await new Promise<string>((resolve) => {
      plain.once('connect', () => resolve('connected'));
      plain.once('error', (error) => resolve(error.message));
      plain.once('close', () => resolve('closed'));
    });
    plain.end(true);
    expect(outcome).not.toBe('connected');
    const world = service.live.world;
    const connect = (ca: Buffer) =>
      MqttRobot.connect({
        url: service.url,
        ca,
        fleet: FLEET,
        robotId: 'r0',
        map: SlamMap.forGrid(world.grid),
        limits: world.actionLimits,
        connectTimeoutMs: 5000,
      });
    await expect(connect(readFileSync(pki.otherCaPath))).rejects.toThrow(/SG_LINK_CONNECT.*(self-signed|unable to verify|certificate)/i);
    // The SDK with the right CA gets States over TLS.
    const robot = await connect(readFileSync(pki.caPath));
    try {
      await waitFor('a State over TLS', () => robot.counters.states > 0, 10_000);
    } finally {
      await robot.close();
    }
  });
});

describe('swarmgate serve --tls-cert --tls-key (real process)', () => {
  it('prints an mqtts:// URL, and mosquitto_sub --cafile reads its retained state there', async () => {
    const pki = makePki();
    const bin = join(import.meta.dirname, '..', '..', '..', 'gateway', 'bin', 'swarmgate.js');
    const args = ['serve', '--map', 'building:20x20:seed=1', '--mqtt-port', '0', '--tls-cert', pki.certPath, '--tls-key', pki.keyPath];
    const serve = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    serve.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    serve.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitFor('the mqtts URL in serve output', () => /mqtt mqtts:\/\/127\.0\.0\.1:\d+ /.test(output), 30_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${output}`);
      });
      const port = /mqtt mqtts:\/\/127\.0\.0\.1:(\d+) /.exec(output)![1];
      const sub = startTool('mosquitto_sub', [
        '--cafile',
        pki.caPath,
        '-h',
        '127.0.0.1',
        '-p',
        port,
        '-t',
        gatewayStateTopic('lab'),
        '-C',
        '1',
        '-F',
        '%t retained=%r',
        '-W',
        '10',
      ]);
      expect(await sub.done).toContain(`${gatewayStateTopic('lab')} retained=1`);
    } finally {
      await terminate(serve);
      rmSync(pki.dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the gateway on an external mqtts:// broker (serve --mqtt mqtts://... --mqtt-ca)', () => {
  let pki: Pki;
  let broker: EmbeddedBroker;

  beforeAll(async () => {
    pki = makePki();
    broker = await EmbeddedBroker.start({
      fleet: null,
      port: 0,
      tls: { cert: readFileSync(pki.certPath), key: readFileSync(pki.keyPath) },
      logger: new MemoryLogger(),
    });
  });

  afterAll(async () => {
    await broker?.close();
    if (pki) rmSync(pki.dir, { recursive: true, force: true });
  });

  it('connects its bridge and controller port with the CA', async () => {
    // By name: the certificate lists localhost, and the check is made against the URL's host.
    const url = `mqtts://localhost:${broker.port}`;
    const { service } = await startLive({ url, grid: loadMap('building:20x20:seed=1'), robots: 1, service: { mqttCa: readFileSync(pki.caPath) } });
    try {
      expect(service.bridge.state).toBe('online');
      expect(service.port.connected).toBe(true);
      const sub = startTool('mosquitto_sub', [
        '--cafile',
        pki.caPath,
        '-h',
        'localhost',
        '-p',
        String(broker.port),
        '-t',
        gatewayStateTopic(FLEET),
        '-C',
        '1',
        '-F',
        '%t retained=%r',
        '-W',
        '10',
      ]);
      expect(await sub.done).toContain('retained=1');
    } finally {
      await service.stop();
    }
  }, 60_000);

  it('with another CA: the controller port fails naming the certificate, the bridge logs it as it retries', async () => {
    const url = `mqtts://localhost:${broker.port}`;
    const ca = readFileSync(pki.otherCaPath);
    await expect(MqttControllerPort.connect({ url, fleet: FLEET, ca })).rejects.toThrow(
      /SG_TRIAL_MQTT.*mqtts:\/\/localhost.*(self-signed|unable to verify|certificate)/i,
    );
    const logger = new MemoryLogger();
    const bridge = new MqttBridge({ url, ca, fleet: FLEET, registry: new RobotRegistry({ keepaliveMs: 1000 }), logger });
    const started = bridge.start().then(
      () => 'online',
      () => 'stopped',
    );
    try {
      await waitFor('the bridge to log the certificate error', () => logger.entries.some((e) => /certificate/i.test(String(e.fields?.['error']))), 10_000);
      expect(bridge.state).not.toBe('online');
    } finally {
      await bridge.stop();
    }
    expect(await started).toBe('stopped');
  });
});
