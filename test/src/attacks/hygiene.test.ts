/**
 * Process and input hygiene (issue 7), one attack per class: a stop signal from any parent,
 * a port already in use, a map that declares more cells than it holds, a MotorCommand with an
 * oversized deadline, a Birth that claims a higher speed limit than its model. Deeper tests
 * sit beside the code: maps/src/io/mapBudget.test.ts, gateway/src/cli/map.test.ts,
 * gateway/src/hil/CommandSafety.test.ts, gateway/src/hil/HilGateway.test.ts,
 * firmware-sim/src/firmware/Firmware.test.ts, firmware/test/mona_test.c (the C firmware).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { HilGateway, MemoryLogger, MqttBridge, RobotRegistry } from '@swarmgate/gateway';
import { MonaSim } from '@swarmgate/firmware-sim';
import { pngBomb } from '@swarmgate/maps/testing';
import { MONA_SPEC, decodeEnvelope, encodeEnvelope, gatewayStateTopic, makeEnvelope, robotTopic, swarmgate, type Envelope } from '@swarmgate/protocols';
import { until } from '@swarmgate/firmware-sim/testing';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { FLEET, startMonaSim, terminate, waitFor } from '../trial/liveHarness.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SWARMGATE_BIN = join(ROOT, 'gateway', 'bin', 'swarmgate.js');
const SMALL_TRIAL = ['--map', 'building:20x20:seed=1', '--robots', '1'];

interface Proc {
  readonly child: ChildProcess;
  output(): string;
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(command: string, args: readonly string[]): Proc {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exit };
}

async function started(proc: Proc): Promise<{ mqttUrl: string; mqttPort: number; httpPort: number }> {
  await waitFor('serve to start', () => /web UI http:\/\/\S+\//.test(proc.output()), 60_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${proc.output()}`);
  });
  const mqttUrl = /mqtt (mqtt:\/\/\S+)/.exec(proc.output())![1]!;
  const httpPort = Number(/web UI http:\/\/127\.0\.0\.1:(\d+)\//.exec(proc.output())![1]);
  return { mqttUrl, mqttPort: Number(new URL(mqttUrl).port), httpPort };
}

/** Whether this process can listen on the port again: the gateway released it. */
async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (ok) await new Promise((resolve) => server.close(resolve));
  return ok;
}

/** The pid and every descendant of it (the gateway runs in its own process group). */
function processTree(pid: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of rows) if (parent === tree[i]) tree.push(child);
  return tree;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Collects the gateway state topic's Envelopes, retained one first. */
async function watchGatewayState(url: string): Promise<{ client: MqttClient; states: Envelope[] }> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  const states: Envelope[] = [];
  client.on('message', (_topic, payload) => states.push(decodeEnvelope(payload)));
  await client.subscribeAsync(gatewayStateTopic(FLEET), { qos: 1 });
  return { client, states };
}

describe('attack: a stop signal from any parent', () => {
  let broker: MosquittoBroker;
  const procs: ChildProcess[] = [];
  const trees: number[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterEach(async () => {
    for (const pid of trees.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    for (const child of procs.splice(0)) await terminate(child);
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it('SIGTERM to serve halts its robots, leaves its Death retained and frees its port', async () => {
    const downlink: Envelope[] = [];
    const observer = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    observer.on('message', (topic, payload) => {
      if (topic.endsWith('/downlink')) downlink.push(decodeEnvelope(payload));
    });
    await observer.subscribeAsync(robotTopic(FLEET, 'mona-01', 'downlink'));
    const serve = run(process.execPath, [SWARMGATE_BIN, 'serve', ...SMALL_TRIAL, '--mqtt', broker.url, '--port', '0']);
    procs.push(serve.child);
    const { httpPort } = await started(serve);
    const robot = startMonaSim('mona-01', ['--mqtt', broker.url, '--fleet', FLEET, '--keepalive', '2']);
    procs.push(robot);
    const moving = (e: Envelope) => e.motorCommand != null && (e.motorCommand.leftMps !== 0 || e.motorCommand.rightMps !== 0);
    await waitFor('motor commands that move the robot', () => downlink.some(moving), 30_000);

    serve.child.kill('SIGTERM');
    expect(await serve.exit).toEqual({ code: 0, signal: null });
    // The last word to the robot is a halt, not a set-point left to run to its deadline.
    const last = downlink.filter((e) => e.motorCommand != null).at(-1)!;
    expect(last.motorCommand).toMatchObject({ leftMps: 0, rightMps: 0 });
    // A client arriving later reads the gateway's Death, not a stale Birth.
    const late = await watchGatewayState(broker.url);
    await waitFor('the retained gateway state', () => late.states.length > 0);
    expect(late.states.map((s) => s.body)).toEqual(['death']);
    await late.client.endAsync();
    await observer.endAsync();
    expect(await canListen(httpPort)).toBe(true);
  }, 90_000);

  it('SIGTERM to `npm start` ends the gateway and frees both ports; a subscriber sees its Death', async () => {
    const npm = run('npm', ['start', '--', ...SMALL_TRIAL, '--port', '0', '--mqtt-port', '0']);
    procs.push(npm.child);
    const { mqttUrl, mqttPort, httpPort } = await started(npm);
    const watcher = await watchGatewayState(mqttUrl);
    await waitFor('the gateway Birth', () => watcher.states.some((s) => s.body === 'birth'));

    const tree = processTree(npm.child.pid!);
    trees.push(...tree);
    expect(tree.length).toBeGreaterThanOrEqual(4); // npm, sh, start.mjs, the gateway
    process.kill(npm.child.pid!, 'SIGTERM');
    await waitFor('every process of `npm start` to exit', () => !tree.some(alive), 30_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${npm.output()}`);
    });
    expect(watcher.states.at(-1)!.body).toBe('death');
    await watcher.client.endAsync(true);
    expect(await canListen(httpPort)).toBe(true);
    expect(await canListen(mqttPort)).toBe(true);
  }, 90_000);

  it('the gateway stops cleanly when the `npm start` wrapper is killed outright', async () => {
    const wrapper = run(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), ...SMALL_TRIAL, '--port', '0', '--mqtt-port', '0']);
    procs.push(wrapper.child);
    const { mqttUrl, mqttPort, httpPort } = await started(wrapper);
    const watcher = await watchGatewayState(mqttUrl);
    await waitFor('the gateway Birth', () => watcher.states.some((s) => s.body === 'birth'));

    const tree = processTree(wrapper.child.pid!);
    trees.push(...tree);
    wrapper.child.kill('SIGKILL');
    await waitFor('the gateway Death', () => watcher.states.at(-1)!.body === 'death', 30_000);
    await watcher.client.endAsync(true);
    await waitFor('the gateway to exit', () => !tree.some(alive), 30_000);
    expect(await canListen(httpPort)).toBe(true);
    expect(await canListen(mqttPort)).toBe(true);
  }, 90_000);

  it('a second signal while stopping exits at once with 130', async () => {
    // A broker that stops answering: the Death's acknowledgement never comes, so the stop hangs.
    const stuck = await startMosquitto();
    try {
      const serve = run(process.execPath, [SWARMGATE_BIN, 'serve', ...SMALL_TRIAL, '--mqtt', stuck.url, '--port', '0']);
      procs.push(serve.child);
      await started(serve);
      stuck.signal('SIGSTOP');
      serve.child.kill('SIGTERM');
      await waitFor('the stop to begin', () => /SIGTERM: stopping/.test(serve.output()));
      serve.child.kill('SIGTERM');
      expect(await serve.exit).toEqual({ code: 130, signal: null });
      expect(serve.output()).toMatch(/second SIGTERM while stopping: exiting without a clean stop/);
    } finally {
      stuck.signal('SIGCONT');
      await stuck.stop();
    }
  }, 90_000);
});

describe('attack: a port already in use', () => {
  let squatter: Server;
  let port: number;

  beforeAll(async () => {
    squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    port = (squatter.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => squatter.close(resolve));
  });

  it.each([
    ['HTTP', ['--mqtt-port', '0', '--port'], '--port'],
    ['MQTT', ['--port', '0', '--mqtt-port'], '--mqtt-port'],
  ])(
    '%s: one clear line, exit 1, no stack trace',
    async (protocol, flags, flag) => {
      const serve = run(process.execPath, [SWARMGATE_BIN, 'serve', ...SMALL_TRIAL, ...flags, String(port)]);
      expect((await serve.exit).code).toBe(1);
      const errors = serve
        .output()
        .split('\n')
        .filter((line) => line.startsWith('swarmgate serve:') || /^\s+at /.test(line));
      expect(errors).toEqual([
        `swarmgate serve: SG_${protocol === 'HTTP' ? 'HTTP' : 'BROKER'}_LISTEN: cannot listen on 127.0.0.1:${port} (${protocol}): address already in use; pick another with ${flag}`,
      ]);
    },
    60_000,
  );
});

describe('attack: a small map file that declares a huge one', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hygiene-map-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a 100 kB PNG declaring 10000 x 10000 is refused by serve at once, naming file, size and budget', async () => {
    const bomb = join(dir, 'bomb.png');
    writeFileSync(bomb, await pngBomb(10_000, 10_000));
    const startMs = Date.now();
    const serve = run(process.execPath, [SWARMGATE_BIN, 'serve', '--map', bomb, '--mqtt-port', '0']);
    expect((await serve.exit).code).toBe(2);
    // Decoding it took 19 s and 1 GB before the header check; now it is a process start.
    expect(Date.now() - startMs).toBeLessThan(15_000);
    expect(serve.output()).toContain(`--map: SG_MAP_FORMAT: ${bomb}: declares 10000 x 10000 = 100000000 cells, over the budget of 4000000 cells`);
  }, 60_000);
});

describe('attack: MotorCommands that would outlive the link, and a boastful Birth', () => {
  let broker: MosquittoBroker;
  let client: MqttClient;

  beforeAll(async () => {
    broker = await startMosquitto();
    client = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
  });
  afterAll(async () => {
    await client?.endAsync(true);
    await broker?.stop();
  });

  it('mona-sim clamps a 49-day deadline to MONA_SPEC.maxMotorDeadlineMs', async () => {
    const errors: number[] = [];
    client.on('message', (topic, payload) => {
      if (topic.endsWith('/mona-41/error')) errors.push(decodeEnvelope(payload).error!.code);
    });
    await client.subscribeAsync(robotTopic(FLEET, 'mona-41', 'error'), { qos: 1 });
    const robot = new MonaSim({ robotId: 'mona-41', seed: 1, link: { kind: 'mqtt', url: broker.url, fleet: FLEET, keepaliveS: 2 } });
    robot.start();
    try {
      await until(() => robot.firmware.online, 'the robot online');
      const command = { motorCommand: { leftMps: 0.05, rightMps: 0.05, deadlineMs: 0xffffffff, commandId: 1 } };
      await client.publishAsync(robotTopic(FLEET, 'mona-41', 'downlink'), Buffer.from(encodeEnvelope(makeEnvelope('mona-41', command, 1, Date.now()))), {
        qos: 1,
      });
      await until(() => robot.firmware.model.motorsRunning, 'the motors running');
      const startMs = Date.now();
      await until(() => errors.includes(swarmgate.v1.ErrorCode.ERROR_CODE_WATCHDOG), 'the watchdog stop', 10_000);
      expect(robot.firmware.model.motorsRunning).toBe(false);
      expect(Date.now() - startMs).toBeLessThan(MONA_SPEC.maxMotorDeadlineMs + 2000);
    } finally {
      await robot.stop();
    }
  }, 30_000);

  it("a Birth claiming 5 m/s does not raise the speed the gateway sends above the model's", async () => {
    const registry = new RobotRegistry({ keepaliveMs: 60_000 });
    const bridge = new MqttBridge({ url: broker.url, fleet: FLEET, registry, logger: new MemoryLogger() });
    const hil = new HilGateway({ registry });
    hil.register(bridge);
    await hil.start();
    try {
      const downlink: Envelope[] = [];
      client.on('message', (topic, payload) => {
        if (topic.endsWith('/mona-42/downlink')) downlink.push(decodeEnvelope(payload));
      });
      await client.subscribeAsync(robotTopic(FLEET, 'mona-42', 'downlink'), { qos: 1 });
      const capabilities = { maxWheelSpeedMps: 5, wheelBaseM: 0.001, bodyDiameterM: 0.001, wheelRadiusM: 0.01, encoderTicksPerRev: 1, sensors: [] };
      const birth = { birth: { model: 'mona', firmwareVersion: '1', protocolVersion: { major: 1, minor: 0 }, session: 1, capabilities } };
      await client.publishAsync(robotTopic(FLEET, 'mona-42', 'birth'), Buffer.from(encodeEnvelope(makeEnvelope('mona-42', birth, 1, Date.now()))), { qos: 1 });
      await until(() => registry.get('mona-42')?.online === true, 'the Birth');
      expect(hil.drive('mona-42', 3, 3, null).sent).toBe(true);
      await until(() => downlink.some((e) => e.motorCommand != null), 'the MotorCommand');
      const sent = downlink.find((e) => e.motorCommand != null)!.motorCommand!;
      expect(sent.leftMps).toBeCloseTo(MONA_SPEC.maxWheelSpeedMps, 6);
      expect(sent.rightMps).toBeCloseTo(MONA_SPEC.maxWheelSpeedMps, 6);
      expect(hil.limitsOf('mona-42')).toMatchObject({ wheelBaseM: MONA_SPEC.wheelBaseM, bodyRadiusM: MONA_SPEC.bodyDiameterM / 2 });
    } finally {
      await hil.stop();
    }
  }, 30_000);
});
