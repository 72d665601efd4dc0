/**
 * Replacing a live trial with one on a large map (POST /api/trial at serve's default budget of
 * 4,000,000 cells), on a real `swarmgate serve`: how long the request takes, how long the gateway
 * stops answering meanwhile (the longest wait for GET /api/trial, polled back to back: the broker
 * and the running trial wait as long), and the process's resident memory once the new trial is
 * in place. Each map in a fresh gateway, so one map's garbage does not weigh on the next.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { BenchReport } from './BenchReport.js';

const BIN = fileURLToPath(new URL('../../gateway/bin/swarmgate.js', import.meta.url));
const MAPS = ['cave:2000x2000:seed=1', 'building:2000x2000:seed=1'];

interface SwapResult {
  readonly map: string;
  readonly requestS: number;
  /** The longest wait while the request was in flight, and in all of it (the new trial's first ticks too). */
  readonly requestStallS: number;
  readonly longestStallS: number;
  /** While the request was in flight: the waits' time past 50 ms each, summed (how long the gateway did not answer). */
  readonly blockedS: number;
  readonly rssMb: number;
}

async function startServe(): Promise<{ url: string; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--map', 'cave:20x20:seed=1', '--robots', '1', '--mqtt-port', '0', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /web UI (http:\/\/\S+?)\/(\s|$)/.exec(out);
      if (found) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`trial-swap: serve exited (${code}) before it listened:\n${out}`)));
  });
  return { url, pid: child.pid as number, stop: () => child.kill('SIGKILL') };
}

function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

async function swap(map: string): Promise<SwapResult> {
  const serve = await startServe();
  try {
    let done = false;
    let requesting = true;
    let longestStallS = 0;
    let requestStallS = 0;
    let blockedS = 0;
    const poll = (async () => {
      while (!done) {
        const t0 = performance.now();
        // A wait counts to the request if it began before the 201 (the build's stall ends with it).
        const during = requesting;
        await (await fetch(`${serve.url}/api/trial`)).arrayBuffer();
        const waitS = (performance.now() - t0) / 1000;
        longestStallS = Math.max(longestStallS, waitS);
        if (during) {
          requestStallS = Math.max(requestStallS, waitS);
          blockedS += Math.max(0, waitS - 0.05);
        }
      }
    })();
    const t0 = performance.now();
    const reply = await fetch(`${serve.url}/api/trial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ map, robots: 10 }),
    });
    const requestS = (performance.now() - t0) / 1000;
    requesting = false;
    if (reply.status !== 201) throw new Error(`trial-swap: POST /api/trial ${map}: ${reply.status} ${await reply.text()}`);
    // The new trial's first tick (started, then a moment) is part of what a swap costs.
    await fetch(`${serve.url}/api/trial/start`, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    done = true;
    await poll;
    return { map, requestS, requestStallS, longestStallS, blockedS, rssMb: rssMb(serve.pid) };
  } finally {
    serve.stop();
  }
}

export async function benchTrialSwap(): Promise<BenchReport> {
  const rows: SwapResult[] = [];
  for (const map of MAPS) {
    const r = await swap(map);
    process.stderr.write(
      `trial-swap: ${map}: ${r.requestS.toFixed(2)} s, blocked ${r.blockedS.toFixed(2)} s, longest stall ${r.requestStallS.toFixed(2)} / ${r.longestStallS.toFixed(2)} s, RSS ${r.rssMb.toFixed(0)} MB\n`,
    );
    rows.push(r);
  }
  const s = (x: number): string => x.toFixed(2);
  const table = rows.map(
    (r) => `| ${r.map} | 10 | ${s(r.requestS)} | ${s(r.blockedS)} | ${s(r.requestStallS)} | ${s(r.longestStallS)} | ${r.rssMb.toFixed(0)} |`,
  );
  return {
    name: 'trial-swap',
    title: 'Replacing a live trial with one on a 4,000,000-cell map (POST /api/trial)',
    markdown: [
      'A real `swarmgate serve` (cave:20x20, 1 robot); POST /api/trial with the map below and 10 robots, then',
      'POST /api/trial/start and 2 s of the new trial. Request: until the 201. GET /api/trial is polled back',
      'to back throughout (the broker and the running trial wait as long as it does): blocked is the time',
      "the gateway did not answer while the request was in flight (each wait's time past 50 ms, summed);",
      "longest stall: the longest wait in that time, and in all of it (the new trial's first ticks too).",
      "RSS: the gateway's resident memory at the end.",
      '',
      '| map | robots | request s | blocked s | longest stall in the request s | longest stall s | RSS MB |',
      '|---|---|---|---|---|---|---|',
      ...table,
    ].join('\n'),
  };
}
