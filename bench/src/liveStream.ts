/**
 * The web UI's live streams with 500 robots: what one 10 Hz WebSocket update costs the gateway
 * (CPU per update, the roster and frames built, diffed and encoded once for all clients) and
 * what it sends, against the JSON frame of the Server-Sent Events stream, and what the radio
 * links add (the global model links every pair: 124,750 links, capped at MAX_LIVE_LINKS on the
 * wire). Ticks are stepped between updates (their cost is the engine's, not counted here).
 */
import { LiveFeed, LiveSocket, LiveTrial, MemoryLogger, type LiveSocketClient } from '@swarmgate/gateway';
import { MAX_LIVE_LINKS, ManualClock } from '@swarmgate/protocols';
import type { BenchReport } from './BenchReport.js';
import { randomWalkSwarm, SWARM_MAP, SWARM_ROBOTS } from './randomWalkSwarm.js';

const UPDATES = 60;

export function benchLiveStream(): BenchReport {
  const clock = new ManualClock();
  const live = new LiveTrial({
    trial: randomWalkSwarm(),
    hil: null,
    clock,
    logger: new MemoryLogger(),
  });
  const feed = new LiveFeed({ live: () => live, hil: null, clock });
  const socket = new LiveSocket({ feed, frameHz: 10, clock });
  const sizes: { kind: number; bytes: number }[] = [];
  const client: LiveSocketClient = {
    bufferedAmount: 0,
    send: (data) => void sizes.push({ kind: data[1], bytes: data.length }),
    close: () => undefined,
    on: () => undefined,
  };
  socket.attach(client);
  const LINKS_KIND = 6;
  const snapshotBytes = sizes.reduce((sum, s) => sum + s.bytes, 0);
  sizes.length = 0;
  let cpuMs = 0;
  let linksMs = 0;
  let linksTotal = 0;
  let jsonBytes = 0;
  for (let update = 0; update < UPDATES; update++) {
    live.world.step();
    // The tick's links, read first: the radio computes its graph here (no broadcast needed it), the update reuses it.
    const linksCpu = process.cpuUsage();
    linksTotal = feed.links().total;
    const linksUsed = process.cpuUsage(linksCpu);
    linksMs += (linksUsed.user + linksUsed.system) / 1000;
    const cpu = process.cpuUsage();
    clock.advance(100);
    const used = process.cpuUsage(cpu);
    cpuMs += (used.user + used.system) / 1000;
    jsonBytes += JSON.stringify(feed.frame()).length;
  }
  // A client joining after the ticks: the radio links exist by then.
  const joined: { kind: number; bytes: number }[] = [];
  socket.attach({ ...client, send: (data) => void joined.push({ kind: data[1], bytes: data.length }) });
  const joinedBytes = joined.reduce((sum, s) => sum + s.bytes, 0);
  const joinedLinkBytes = joined.filter((s) => s.kind === LINKS_KIND).reduce((sum, s) => sum + s.bytes, 0);
  socket.close();
  const frames = sizes.filter((s) => s.kind === 3);
  const frameBytes = frames.reduce((sum, s) => sum + s.bytes, 0);
  const allBytes = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const linkBytes = sizes.filter((s) => s.kind === LINKS_KIND).reduce((sum, s) => sum + s.bytes, 0);
  const seconds = UPDATES / 10;
  return {
    name: 'live-stream',
    title: `Live stream: ${SWARM_ROBOTS} robots at 10 Hz (WebSocket /api/live/ws vs SSE JSON)`,
    markdown: [
      `${SWARM_ROBOTS} robots (random walk) on ${SWARM_MAP}, ${UPDATES} updates, one tick between updates; a frame is a delta of the robots that changed, or a full one when most did.`,
      '',
      '| measure | value |',
      '|---|---:|',
      `| CPU per update (feed, diff, encode), ms | ${(cpuMs / UPDATES).toFixed(2)} |`,
      `| before it, the tick's radio links read (the radio's graph of ${linksTotal} links, the walk stopping at ${MAX_LIVE_LINKS}), ms | ${(linksMs / UPDATES).toFixed(2)} |`,
      `| a new client's full state (tick 0: no radio links yet), bytes | ${snapshotBytes} |`,
      `| a client's full state after the ${UPDATES} ticks, bytes | ${joinedBytes} |`,
      `| of which the links (${MAX_LIVE_LINKS} of ${linksTotal}), bytes | ${joinedLinkBytes} |`,
      `| binary frame, mean bytes | ${Math.round(frameBytes / frames.length)} |`,
      `| SSE JSON frame of the same robots, mean bytes | ${Math.round(jsonBytes / UPDATES)} |`,
      `| binary stream, KB/s per client (frames, explored, fleet, links) | ${(allBytes / 1024 / seconds).toFixed(1)} |`,
      `| of which the links (only what changed), KB/s | ${(linkBytes / 1024 / seconds).toFixed(1)} |`,
      `| JSON frames alone at 10 Hz, KB/s per client | ${(jsonBytes / 1024 / seconds).toFixed(1)} |`,
    ].join('\n'),
  };
}
