/**
 * Restart Mosquitto under the shipped processes (issue 4): `swarmgate serve` and a `mona-sim`,
 * each its own process, reconnect by themselves; mona-sim re-births; serve's HTTP API shows
 * the robot online again and the trial ticking; States and MotorCommands flow on the new
 * broker. (test/src/trial/brokerRestart.test.ts proves the same for the in-process service.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { TOPIC_KIND_OF_BODY, decodeEnvelope, robotTopic } from '@swarmgate/protocols';
import { Inbox, terminate } from '@swarmgate/firmware-sim/testing';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const FLEET = 'lab';
const MONA = 'mona-01';

interface ApiRobot {
  readonly id: string;
  readonly kind: string;
  readonly online: boolean;
}

/** A child process with its stdout and stderr collected into one string. */
function startProcess(script: string, args: readonly string[]): ChildProcess & { output(): string } {
  const child = spawn(process.execPath, [join(ROOT, script), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number, detail = (): string => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms ${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Mosquitto restarted under swarmgate serve and mona-sim', () => {
  let broker: MosquittoBroker;
  let serve: ChildProcess & { output(): string };
  let mona: ChildProcess & { output(): string };
  let observer: MqttClient | undefined;
  let api: string;
  const detail = (): string => `\n--- serve:\n${serve.output()}\n--- mona-sim:\n${mona.output()}`;
  const getJson = async <T>(path: string): Promise<T> => (await (await fetch(`${api}${path}`)).json()) as T;
  const monaOnline = async (): Promise<true | undefined> =>
    (await getJson<ApiRobot[]>('/api/robots')).some((r) => r.id === MONA && r.kind === 'physical' && r.online) ? true : undefined;
  const tick = async (): Promise<number> => (await getJson<{ tick: number }>('/api/trial')).tick;

  beforeAll(async () => {
    broker = await startMosquitto();
    serve = startProcess('gateway/bin/swarmgate.js', [
      'serve',
      '--map',
      'building:20x20:seed=3',
      '--robots',
      '2',
      '--mqtt',
      broker.url,
      '--port',
      '0',
      '--keepalive',
      '1',
    ]);
    const port = await until(
      'HTTP port in serve output',
      () => /http:\/\/127\.0\.0\.1:(\d+)\//.exec(serve.output())?.[1],
      30_000,
      () => serve.output(),
    );
    api = `http://127.0.0.1:${port}`;
    // After serve is up: a Birth is not retained, so a robot born before the gateway
    // subscribed would only join at its next connection.
    mona = startProcess('firmware-sim/bin/mona-sim.js', ['--mqtt', broker.url, '--id', MONA, '--fleet', FLEET, '--keepalive', '2']);
  }, 40_000);

  afterAll(async () => {
    await observer?.endAsync();
    if (mona) await terminate(mona);
    if (serve) await terminate(serve);
    await broker?.stop();
  });

  it('reconnects both, re-births the robot, and the trial goes on', async () => {
    await until(`${MONA} online in /api/robots`, monaOnline, 20_000, detail);
    await broker.restart();
    const tickAtRestart = await tick();

    // Session 1 was the first connection; a re-birth after the restart carries a later one
    // (one per CONNECT, so failed attempts while the broker was down may have used some).
    const rebirth = new RegExp(`${MONA}: online via \\S+ \\(session (?!1\\))\\d+\\)`);
    await until(`${MONA} re-birth`, () => (rebirth.test(mona.output()) ? true : undefined), 20_000, detail);
    await until(`${MONA} online again in /api/robots`, monaOnline, 10_000, detail);
    await until('ticks after the restart', async () => ((await tick()) > tickAtRestart + 20 ? true : undefined), 15_000, detail);

    // And the gateway's own links are back: States for r0, MotorCommands for the twin.
    observer = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    const inbox = new Inbox();
    observer.on('message', (_topic, payload) => inbox.push(decodeEnvelope(payload)));
    await observer.subscribeAsync([robotTopic(FLEET, 'r0', 'state'), robotTopic(FLEET, MONA, TOPIC_KIND_OF_BODY.motorCommand)]);
    const state = await inbox.waitFor((e) => e.body === 'state', 'a State of r0 after the restart', 10_000);
    expect(state.state!.tick).toBeGreaterThan(tickAtRestart);
    await inbox.waitFor((e) => e.body === 'motorCommand' && e.robotId === MONA, `a MotorCommand for ${MONA} after the restart`, 10_000);
    expect(serve.exitCode).toBeNull();
    expect(mona.exitCode).toBeNull();
  }, 90_000);
});
