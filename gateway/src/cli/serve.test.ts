import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMap } from '@swarmgate/maps';
import { MqttRobot, SlamMap, findAlgorithm, resolveAlgorithmParams, runController } from '@swarmgate/sdk';
import { Random } from '@swarmgate/protocols';
import { DEFAULT_WORLD_CONFIG } from '../sim/WorldConfig.js';
import { importGraph } from '../sim/testing/importGraph.js';
import { runMain } from './testing/runSwarmgate.js';

const BIN = fileURLToPath(new URL('../../bin/swarmgate.js', import.meta.url));

describe('swarmgate serve: bad usage exits 2 naming the flag', () => {
  it.each([
    [[], /--map is required/],
    [['--map', 'building:20x20:seed=1', '--mqtt', 'mqtt://127.0.0.1:1', '--mqtt-port', '5'], /--mqtt and --mqtt-port/],
    [
      ['--map', 'building:20x20:seed=1', '--mqtt', 'mqtt://127.0.0.1:1, ,mqtt://127.0.0.1:2'],
      /--mqtt: SG_MQTT_URL: entry 2 of the broker URL list .* is empty/,
    ],
    [['--map', 'building:20x20:seed=1', '--pose-source', 'gps'], /--pose-source must be odometry or tracker, got 'gps'/],
    [['--map', 'building:20x20:seed=1', '--arena-offset', '3'], /--arena-offset must be X,Y/],
    [['--map', 'building:20x20:seed=1', '--arena', '2'], /--arena must be WxH in metres, both > 0 \(e\.g\. 2x1\.5\), got '2'/],
    [['--map', 'building:20x20:seed=1', '--arena', '0x1'], /--arena must be WxH .* got '0x1'/],
    [['--map', 'building:20x20:seed=1', '--arena', '2x-1'], /--arena must be WxH .* got '2x-1'/],
    [['--map', 'building:20x20:seed=1', '--max-physical', '2.5'], /--max-physical must be an integer in \[0, 10000\], got '2.5'/],
    [['--map', 'building:20x20:seed=1', '--max-live-clients', '0'], /--max-live-clients must be >= 1, got 0/],
    [['--map', 'building:20x20:seed=1', '--max-live-clients', '5000'], /--max-live-clients must be <= 1024, got 5000/],
    [['--map', 'building:20x20:seed=1', '--algorithm', 'nope'], /--algorithm: SG_UNKNOWN_ALGORITHM/],
    [['--map', 'building:20x20:seed=1', '--remote', 'a/b'], /--remote 'a\/b' contains "\/"/],
    [['--map', 'building:20x20:seed=1', '--fleet', '/nonexistent/fleet.yaml'], /--fleet: SG_FLEET_READ/],
    [['--map', 'building:20x20:seed=1', '--loss', '1.5'], /--loss must be <= 1, got 1.5/],
    [['--map', 'building:20x20:seed=1', '--latency-ms=-5'], /--latency-ms must be >= 0, got -5/],
    [['--map', 'building:20x20:seed=1', '--robots', '2', '--spawn', 'at:3,3'], /--spawn: 1 position given for --robots 2/],
    [['--map', 'building:20x20:seed=1', '--spawn', 'at:-4,3'], /--spawn: SG_SPAWN: spawn position 1 \(-4, 3\) is off the map/],
    [['--map', 'building:20x20:seed=1', '--bind', '0.0.0.0'], /--bind: SG_BIND: binding 0\.0\.0\.0 opens the gateway .* give --fleet FILE, or --insecure/],
    [['--map', 'building:20x20:seed=1', '--bind', '::'], /--bind: SG_BIND: binding :: opens the gateway/],
    [['--map', 'building:20x20:seed=1', '--bind', '192.168.1.10'], /--bind: SG_BIND: binding 192\.168\.1\.10 opens/],
    [['--map', 'building:20x20:seed=1', '--bind', 'localhost'], /--bind: SG_BIND: bind address 'localhost' is not an IP address/],
    [['--map', 'building:20x20:seed=1', '--tls-cert', 'cert.pem'], /--tls-cert and --tls-key go together/],
    [['--map', 'building:20x20:seed=1', '--public-host', 'gateway.lab:8080'], /--public-host must be a DNS name .* got 'gateway\.lab:8080'/],
    [
      ['--map', 'building:20x20:seed=1', '--tls-cert', '/nonexistent/c.pem', '--tls-key', '/nonexistent/k.pem'],
      /--tls-cert: cannot read \/nonexistent\/c\.pem/,
    ],
    [['--map', 'building:20x20:seed=1', '--mqtt', 'mqtt://127.0.0.1:1', '--tls-cert', 'c', '--tls-key', 'k'], /configure the embedded broker/],
    [['--map', 'building:20x20:seed=1', '--mqtt-ca', 'ca.pem'], /--mqtt-ca needs an mqtts:\/\/ --mqtt URL \(got the embedded broker\)/],
    [
      ['--map', 'building:20x20:seed=1', '--mqtt', 'mqtt://127.0.0.1:1', '--mqtt-ca', 'ca.pem'],
      /--mqtt-ca needs an mqtts:\/\/ --mqtt URL \(got 'mqtt:\/\/127\.0\.0\.1:1'\)/,
    ],
  ])('serve %j (main, in this process)', async (args, message) => {
    const r = await runMain('serve', ...args);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
  });
});

describe('swarmgate serve loads the service only once every flag is checked', () => {
  it("serve.ts's static imports hold neither the service, the engine nor the recorder, nor their packages", async () => {
    // Loading them was most of serve's start-up (1.1 of 2.1 s on a 2-core machine: serve --help 2.1 -> 0.9 s) before a
    // bad flag or --help could be told; serve imports them itself, after the checks.
    const entry = fileURLToPath(new URL('./serve.ts', import.meta.url));
    const graph = await importGraph({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', packages: 'external' }, 'cli/serve.ts', false);
    expect(graph.files.some((path) => path.endsWith('cli/trialFlags.ts'))).toBe(true);
    expect(
      graph.files.filter((path) => /(trial\/LiveService|trial\/TrialSlot|cli\/trialRequest|sim\/Trial|sim\/World|record\/McapRecorder)\.ts$/.test(path)),
    ).toEqual([]);
    expect(graph.external.filter((name) => /^(fastify|@fastify\/|aedes|planck|@mcap\/)/.test(name))).toEqual([]);
  });
});

describe('swarmgate serve --help', () => {
  // The help text, not the process: `main` in this process, without a child's start-up.
  it('documents the network flags (main, in this process)', async () => {
    const r = await runMain('serve', '--help');
    expect(r.code).toBe(0);
    for (const flag of [
      '--bind ADDR',
      '--insecure',
      '--public-host NAME',
      '--tls-cert FILE',
      '--tls-key FILE',
      '--mqtt-ca FILE',
      'Authorization: Bearer',
      '--max-live-clients N',
    ]) {
      expect(r.stdout, flag).toContain(flag);
    }
    expect(r.stdout).toMatch(/default 127\.0\.0\.1/);
  });
});

describe('swarmgate serve (real process)', () => {
  let child: ChildProcess | null = null;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  /** Starts `swarmgate serve` with `args` and waits until its stdout matches `ready`; `out` keeps growing. */
  async function startServe(args: string[], ready = /web UI http:\/\/\S+\//) {
    const proc = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    const out = { stdout: '', stderr: '' };
    proc.stdout!.on('data', (chunk: Buffer) => (out.stdout += chunk.toString()));
    proc.stderr!.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    await until(
      () => ready.test(out.stdout),
      30_000,
      () => out.stdout + out.stderr,
    );
    return { out, exited };
  }

  it('serves a live trial: HTTP API, States and Commands for a remote controller, clean stop on SIGINT', async () => {
    const args = ['serve', '--map', 'building:20x20:seed=1', '--robots', '2', '--remote', 'r1', '--mqtt-port', '0', '--port', '0', '--seed', '4'];
    const { out, exited } = await startServe(args);
    const mqttUrl = /mqtt (mqtt:\/\/\S+)/.exec(out.stdout)![1];
    const httpUrl = /web UI (http:\/\/\S+?)\/(\s|$)/.exec(out.stdout)![1];
    expect(out.stderr).toMatch(/bench mode/);
    expect(out.stderr).toMatch(/no --arena fence/);

    const trial = await (await fetch(`${httpUrl}/api/trial`)).json();
    expect(trial).toMatchObject({ virtualRobots: 2, physicalRobots: 0, paced: true });

    const grid = loadMap('building:20x20:seed=1');
    const cfg = DEFAULT_WORLD_CONFIG.robot;
    const robot = await MqttRobot.connect({
      url: mqttUrl,
      fleet: 'lab',
      robotId: 'r1',
      map: SlamMap.forGrid(grid),
      limits: { maxLinearMps: cfg.maxSpeedMps, maxAngularRadps: cfg.maxAngularRadps, maxWheelMps: cfg.maxSpeedMps },
    });
    const frontier = findAlgorithm('frontier');
    const run = runController(
      frontier.create({
        seed: 4,
        rng: Random.fromSeed(4),
        robotId: 'r1',
        robotIndex: 1,
        robotCount: 2,
        tileSizeM: 1,
        params: resolveAlgorithmParams(frontier),
      }),
      robot,
    );
    await until(
      () => robot.counters.acks >= 5 && run.ticks >= 10,
      10_000,
      () => JSON.stringify(robot.counters),
    );
    expect(robot.counters.errors).toBe(0);
    const robots = (await (await fetch(`${httpUrl}/api/robots`)).json()) as { id: string; remoteControlled: boolean }[];
    expect(robots.map((r) => [r.id, r.remoteControlled])).toEqual([
      ['r0', false],
      ['r1', true],
    ]);

    const estop = await fetch(`${httpUrl}/api/estop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"reason":"test"}' });
    expect(await estop.json()).toEqual({ stopped: ['r0', 'r1'] });
    const errorsBefore = robot.counters.errors;
    await until(
      () => robot.counters.errors > errorsBefore,
      5000,
      () => 'no EMERGENCY_STOP refusal',
    );
    run.stop();
    await robot.close();

    child!.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out.stdout).toMatch(/stopped at tick \d+, explored \d+\.\d%, \d+ tick overruns/);
  }, 60_000);

  it('reports the trial POST /api/trial put in place when it stops, not the first one', async () => {
    const { out, exited } = await startServe(['serve', '--map', 'cave:20x20:seed=1', '--robots', '1', '--mqtt-port', '0', '--port', '0']);
    const httpUrl = /web UI (http:\/\/\S+?)\/(\s|$)/.exec(out.stdout)![1];
    let tick = 0;
    for (let k = 0; k < 200 && tick < 10; k++) {
      tick = ((await (await fetch(`${httpUrl}/api/trial`)).json()) as { tick: number }).tick;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(tick).toBeGreaterThanOrEqual(10);
    const created = await fetch(`${httpUrl}/api/trial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"map":"cave:20x20:seed=2","robots":1}',
    });
    expect(created.status).toBe(201);
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The new trial starts paused: still at tick 0.
    expect(out.stdout).toMatch(/stopped at tick 0, /);
  }, 60_000);

  it('builds one new trial at a time: a second POST /api/trial while a large map is built is refused, naming why', async () => {
    const { out, exited } = await startServe(['serve', '--map', 'cave:20x20:seed=1', '--robots', '1', '--mqtt-port', '0', '--port', '0']);
    const httpUrl = /web UI (http:\/\/\S+?)\/(\s|$)/.exec(out.stdout)![1];
    // Two maps at serve's default budget of 4,000,000 cells, each seconds to build: whichever
    // request is taken first is still building when the other arrives.
    const ask = (seed: number) =>
      fetch(`${httpUrl}/api/trial`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"map":"cave:2000x2000:seed=${seed}","robots":2}`,
      });
    const replies = await Promise.all([ask(1), ask(2)]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400]);
    const refused = replies.find((r) => r.status === 400)!;
    expect(((await refused.json()) as { error: string }).error).toBe(
      'SG_TRIAL_REQUEST: a new trial is being built (POST /api/trial): ask again once it is in place',
    );
    const status = (await (await fetch(`${httpUrl}/api/trial`)).json()) as { state: string; virtualRobots: number };
    expect(status).toMatchObject({ state: 'paused', virtualRobots: 2 });
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('serves a trial file: its keys under the flags given, run-only keys ignored with a warning, bad values located', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarmgate-serve-trial-'));
    try {
      const file = join(dir, 'trial.yaml');
      writeFileSync(file, 'map: building:20x20:seed=1\nrobots: 3\nalgorithm: random\ntargets: {maxTicks: 100}\n');
      const { out } = await startServe(['serve', file, '--robots', '2', '--mqtt-port', '0'], /virtual robots on/);
      expect(out.stdout).toMatch(/swarmgate serve: 2 virtual robots on building:20x20:seed=1, algorithm random;/);
      expect(out.stderr).toContain(`${file}: targets.maxTicks: not used by this command, ignored`);
      child!.kill('SIGKILL');
      writeFileSync(file, 'map: building:20x20:seed=1\nrobots: -1\n');
      // Refused before anything starts: `main` in this process says it as the binary would.
      const bad = await runMain('serve', file);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(`swarmgate serve: ${file}:2:9: robots: must be >= 0, got -1`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('listens on --bind for HTTP and MQTT, prints those URLs, and on loopback without a fleet asks no token', async () => {
    // 127.0.0.2 is loopback on Linux: a bind that is not the default, without leaving the machine.
    const args = ['serve', '--map', 'building:20x20:seed=1', '--bind', '127.0.0.2', '--mqtt-port', '0', '--port', '0'];
    const { out } = await startServe(args);
    const [, mqttHost, mqttPort] = /mqtt mqtt:\/\/(\S+):(\d+) /.exec(out.stdout)!;
    const [, httpHost, httpPort] = /web UI http:\/\/(\S+):(\d+)\/(\s|$)/.exec(out.stdout)!;
    expect([mqttHost, httpHost]).toEqual(['127.0.0.2', '127.0.0.2']);
    expect(out.stdout).not.toMatch(/HTTP token/);
    expect(out.stderr).not.toMatch(/INSECURE/);
    const estop = await fetch(`http://127.0.0.2:${httpPort}/api/estop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"robotId":"r0"}',
    });
    expect(await estop.json()).toEqual({ stopped: ['r0'] });
    await expect(fetch(`http://127.0.0.1:${httpPort}/api/trial`)).rejects.toThrow();
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(Number(mqttPort), '127.0.0.1')
        .once('connect', () => resolve('connected'))
        .once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      socket.once('connect', () => socket.destroy());
    });
    expect(refused).toBe('ECONNREFUSED');
  }, 60_000);

  it('caps the live streams at --max-live-clients: one more is refused with 503 naming the flag', async () => {
    const { out } = await startServe(['serve', '--map', 'building:20x20:seed=1', '--mqtt-port', '0', '--port', '0', '--max-live-clients', '1']);
    const httpUrl = /web UI (http:\/\/\S+?)\/(\s|$)/.exec(out.stdout)![1];
    const watching = new AbortController();
    try {
      const first = await fetch(`${httpUrl}/api/live`, { signal: watching.signal });
      expect(first.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const second = await fetch(`${httpUrl}/api/live`);
      expect(second.status).toBe(503);
      expect(((await second.json()) as { error: string }).error).toMatch(/all 1 live-stream slots .* serve --max-live-clients N/);
    } finally {
      watching.abort();
    }
  }, 60_000);

  it('hands every robot the fleet file assigns to a controller to remote control, without --remote', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-fleet-'));
    try {
      const fleetPath = join(dir, 'fleet.yaml');
      writeFileSync(
        fleetPath,
        'fleet: lab\ngateway: { username: gw, password: g }\nvirtualRobots: [r0, r1]\ncontrollers: [{ id: c1, password: c, robots: [r1] }]\n',
      );
      const args = ['serve', '--map', 'building:20x20:seed=1', '--robots', '2', '--fleet', fleetPath, '--mqtt-port', '0', '--port', '0'];
      const { out } = await startServe(args, /HTTP token/);
      // A fleet means a token: printed, and in the web UI's URL for the page to pick up.
      const [, httpUrl, token] = /web UI (http:\/\/[^\s/]+)\/#token=(\S+)/.exec(out.stdout)!;
      expect(out.stdout).toContain(`HTTP token (Authorization: Bearer): ${token}`);
      const post = (authorization?: string) =>
        fetch(`${httpUrl}/api/estop`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: '{"robotId":"r0"}',
        });
      expect((await post()).status).toBe(401);
      expect((await post('Bearer not-the-token')).status).toBe(401);
      expect(await (await post(`Bearer ${token}`)).json()).toEqual({ stopped: ['r0'] });
      const robots = (await (await fetch(`${httpUrl}/api/robots`)).json()) as { id: string; remoteControlled: boolean }[];
      expect(robots.map((r) => [r.id, r.remoteControlled])).toEqual([
        ['r0', false],
        ['r1', true],
      ]);
      expect(out.stderr).toContain('serve: driven by remote controllers: r1');
      expect(out.stderr).not.toMatch(/bench mode/);
    } finally {
      child?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it.each([
    [[], 0.3, false],
    [['--arena-scale', '30'], 1.2, false],
    [['--arena', '2x2', '--robot-profile', 'mona'], 1, false],
    [['--arena-scale', '30', '--robot-profile', 'maes'], 0.3, true],
    [['--robot-profile', 'mona'], 0.04, false],
    // A robot's Birth capabilities by hand: physical, so scaled like mona (0.05 m x 30).
    [['--arena-scale', '30', '--robot-profile', 'custom:bodyDiameterM=0.1,maxWheelSpeedMps=0.2,wheelBaseM=0.09'], 1.5, false],
  ])(
    'robot profile for %j: virtual robots of radius %d m in the map frame',
    async (extra, radiusM, warned) => {
      const args = ['serve', '--map', 'building:20x20:seed=1', '--robots', '1', '--mqtt-port', '0', '--port', '0', ...extra];
      const { out } = await startServe(args);
      const httpUrl = /web UI (http:\/\/\S+?)\/(\s|$)/.exec(out.stdout)![1];
      // The live stream's first event is the map frame the web UI draws robots in.
      const controller = new AbortController();
      const response = await fetch(`${httpUrl}/api/live`, { signal: controller.signal });
      const reader = response.body!.getReader();
      let text = '';
      while (!/event: meta\ndata: .*\n/.test(text)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the live stream ended before its meta event: ${text}`);
        text += new TextDecoder().decode(chunk.value);
      }
      controller.abort();
      const meta = JSON.parse(/event: meta\ndata: (.*)\n/.exec(text)![1]) as { robotRadiusM: number };
      expect(meta.robotRadiusM).toBeCloseTo(radiusM, 9);
      expect(/virtual robots and twins differ/.test(out.stderr)).toBe(warned);
      child!.kill('SIGKILL');
    },
    60_000,
  );
});

async function until(condition: () => boolean, timeoutMs: number, detail: () => string): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out: ${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
