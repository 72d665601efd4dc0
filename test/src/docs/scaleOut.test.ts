/**
 * docs/scale-out.md's NATS cluster commands, run as written: its fleet file, `swarmgate fleet
 * nats-config`, the three `nats-server -c` lines, `swarmgate serve` and `mona-sim` on the
 * node lists; the robot comes online in serve's /api/robots through the cluster.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNatsCluster, terminate, until, type NatsCluster } from '@swarmgate/firmware-sim/testing';
import { argv, block, readScaleOutDoc, ROOT } from './scaleOutDoc.js';

const BINARIES: Readonly<Record<string, string>> = {
  swarmgate: join(ROOT, 'gateway', 'bin', 'swarmgate.js'),
  'mona-sim': join(ROOT, 'firmware-sim', 'bin', 'mona-sim.js'),
};

describe('docs/scale-out.md: a NATS cluster, as written', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sg-scale-out-'));
  const children: (ChildProcess & { output(): string })[] = [];
  let cluster: NatsCluster | undefined;

  /** Runs a documented swarmgate or mona-sim line in the doc's working directory. */
  function start(line: string): ChildProcess & { output(): string } {
    const [tool, ...args] = argv(line);
    const child = spawn(process.execPath, [BINARIES[tool!]!, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const tracked = Object.assign(child, { output: () => output });
    children.push(tracked);
    return tracked;
  }

  afterAll(async () => {
    await Promise.all(children.map((child) => terminate(child)));
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the config, starts three nodes, and a robot joins serve through the cluster', async () => {
    const doc = readScaleOutDoc();
    writeFileSync(join(dir, 'fleet.yaml'), block(doc, 'A NATS cluster', 'yaml', 'fleet:'));
    const lines = block(doc, 'A NATS cluster', 'sh', 'nats-config').trim().split('\n');
    const [configLine, ...rest] = lines;
    const nodeLines = rest.filter((line) => line.startsWith('nats-server '));
    const serveLine = rest.find((line) => line.startsWith('swarmgate serve '))!;
    const monaLine = rest.find((line) => line.startsWith('mona-sim '))!;
    expect(nodeLines).toHaveLength(3);

    const config = start(configLine!);
    await new Promise((resolve) => config.once('exit', resolve));
    expect(config.exitCode, config.output()).toBe(0);
    // The MQTT port of each node, from the clients' list in nats-config's own output.
    const mqttPorts = /clients: --mqtt (\S+)/
      .exec(config.output())![1]!
      .split(',')
      .map((url) => Number(new URL(url).port));
    cluster = await startNatsCluster(
      nodeLines.map((line, k) => {
        const [binary, flag, path] = argv(line);
        expect([binary, flag]).toEqual(['nats-server', '-c']);
        return { name: `n${k + 1}`, configPath: join(dir, path!), mqttPort: mqttPorts[k]! };
      }),
    );
    expect(serveLine).toContain(`--mqtt ${cluster.url}`);

    const serve = start(serveLine);
    const api = await until(() => /http:\/\/127\.0\.0\.1:\d+/.test(serve.output()), 'serve to listen', 60_000)
      .then(() => /http:\/\/127\.0\.0\.1:\d+/.exec(serve.output())![0])
      .catch((error: Error) => {
        throw new Error(`${error.message}: ${serve.output()}`);
      });
    const mona = start(monaLine);
    let online = false;
    const poll = async () => {
      const robots = (await (await fetch(`${api}/api/robots`)).json()) as { id: string; online: boolean }[];
      online = robots.some((robot) => robot.id === 'mona-01' && robot.online);
    };
    const deadline = Date.now() + 60_000;
    while (!online && Date.now() < deadline) {
      await poll();
      if (!online) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(online, `serve:\n${serve.output()}\nmona-sim:\n${mona.output()}`).toBe(true);
    expect(mona.output()).toContain(`online via ${cluster.nodes[1]!.url}`);
  }, 180_000);
});
