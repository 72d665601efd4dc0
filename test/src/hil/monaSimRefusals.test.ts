/**
 * mona-sim against the gateway's embedded broker (what `swarmgate serve` runs) when it cannot
 * get online: the wrong one of TCP and TLS, or a fleet the broker's fleet file does not name.
 * Each failure is logged once with what to change, however often the robot retries. (Mosquitto's
 * answers: firmware-sim/src/cli.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { EmbeddedBroker, MemoryLogger, parseFleetFile } from '@swarmgate/gateway';
import { selfSignedCert, terminate, until, type TestCertificate } from '@swarmgate/firmware-sim/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMonaSim } from '../trial/liveHarness.js';

const FLEET_FILE = ['fleet: hall', 'gateway: { username: gw, password: gw-secret }', 'robots: [{ id: mona-01, password: mona-01-pw }]', ''].join('\n');

describe('mona-sim on the embedded broker it cannot use', { timeout: 60_000 }, () => {
  let cert: TestCertificate;
  let fleetBroker: EmbeddedBroker;
  let tlsBroker: EmbeddedBroker;
  const sims: ReturnType<typeof startMonaSim>[] = [];

  beforeAll(async () => {
    cert = selfSignedCert();
    [fleetBroker, tlsBroker] = await Promise.all([
      EmbeddedBroker.start({ fleet: parseFleetFile(FLEET_FILE), port: 0, logger: new MemoryLogger() }),
      EmbeddedBroker.start({ fleet: null, port: 0, tls: { cert: readFileSync(cert.certPath), key: readFileSync(cert.keyPath) }, logger: new MemoryLogger() }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([fleetBroker?.close(), tlsBroker?.close()]);
    cert?.remove();
  });
  afterEach(async () => {
    await Promise.all(sims.splice(0).map((sim) => terminate(sim)));
  });

  /** The lines of mona-sim's output once three attempts in a row failed the same way. */
  async function threeFailures(args: readonly string[]): Promise<string[]> {
    const sim = startMonaSim('mona-01', args);
    sims.push(sim);
    await until(() => sim.output().includes('(same error 3 times)') || sim.exitCode !== null, 'three failed attempts', 30_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${sim.output()}`);
    });
    return sim.output().split('\n');
  }

  it("a wrong --fleet: the broker refuses its topics; logged once, naming the fleet and the flag, not mqtt.js's 'Unspecified error'", async () => {
    const lines = await threeFailures(['--mqtt', fleetBroker.url, '--username', 'mona-01', '--password', 'mona-01-pw', '--fleet', 'lab']);
    const failures = lines.filter((line) => line.includes('cannot connect'));
    expect(failures, lines.join('\n')).toEqual([
      `mona-sim mona-01: cannot connect to ${fleetBroker.url}: subscription to swarmgate/v1/lab/mona-01/downlink, swarmgate/v1/lab/$gateway/state refused (SUBACK 0x80); ` +
        `the broker refuses fleet 'lab' to this login: --fleet must be the broker's fleet (the "fleet:" line of its fleet file; serve prints it at start, "(fleet NAME)")`,
    ]);
    expect(lines.join('\n')).not.toMatch(/Unspecified error/);
  });

  it('mqtt:// on its TLS port (serve --tls-cert): the server closes without a word; logged once, to use mqtts:// with --ca', async () => {
    const plainUrl = tlsBroker.url.replace(/^mqtts:/, 'mqtt:');
    const lines = await threeFailures(['--mqtt', plainUrl]);
    const failures = lines.filter((line) => line.includes('cannot connect'));
    expect(failures, lines.join('\n')).toHaveLength(1);
    expect(failures[0]).toMatch(
      new RegExp(
        `cannot connect to ${plainUrl}: the server closed the connection before CONNACK; if the broker there speaks MQTT over TLS .*--mqtt mqtts://HOST:PORT, with --ca FILE`,
      ),
    );
  });

  it('mqtts:// on its plain port: the TLS handshake fails; logged once, to use mqtt://', async () => {
    const tlsUrl = fleetBroker.url.replace(/^mqtt:/, 'mqtts:');
    const lines = await threeFailures(['--mqtt', tlsUrl, '--ca', cert.certPath, '--username', 'mona-01', '--password', 'mona-01-pw', '--fleet', 'hall']);
    const failures = lines.filter((line) => line.includes('cannot connect'));
    expect(failures, lines.join('\n')).toHaveLength(1);
    expect(failures[0]).toMatch(
      new RegExp(
        `cannot connect to ${tlsUrl}: Client network socket disconnected before secure TLS connection was established; the server there does not speak TLS`,
      ),
    );
  });
});
