/**
 * Attacks on the gateway's HTTP side, with real requests on a real port (127.0.0.1): a missing
 * or wrong token, a cross-origin HTML form post, a DNS-rebinding Host, a type-coerced body,
 * and the security headers every response must carry. Two gateways: one with a fleet file
 * (a token is required) and one on loopback without a fleet (no token, today's `npm start`),
 * which a rebinding page must not reach either.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFleetFile, type LiveService } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { FLEET, startLive } from '../trial/liveHarness.js';
import { send, type Reply } from './attackHarness.js';

const json = { 'content-type': 'application/json' };

/**
 * A GET with `Upgrade: websocket` (or `h2c`: `curl --http2` sends one on any route), on a raw
 * socket: what came back, and whether the server closed the connection within `waitMs`.
 */
function upgradeRequest(port: number, path: string, upgrade = 'websocket', waitMs = 3000): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, waitMs);
    socket.on('connect', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: ${upgrade}\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      ),
    );
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed: true });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function expectSecurityHeaders(reply: Reply): void {
  const csp = String(reply.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['x-frame-options']).toBe('DENY');
  expect(reply.headers['referrer-policy']).toBe('no-referrer');
}

describe('HTTP attacks: a gateway with a fleet file (token required)', () => {
  let service: LiveService;
  let port: number;
  let token: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    const fleet = parseFleetFile(`fleet: ${FLEET}\ngateway: { username: gw, password: gw-secret }\nvirtualRobots: [r0, r1]\n`);
    ({ service } = await startLive({
      grid: loadMap('building:20x20:seed=1'),
      robots: 2,
      service: { fleet, username: 'gw', password: 'gw-secret', httpPort: 0, mqttPort: 0 },
    }));
    port = service.httpPort!;
    token = service.httpToken!;
    auth = { ...json, authorization: `Bearer ${token}` };
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
  });

  it('generates a 256-bit token and puts it in the printed URL fragment', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(service.httpUrls).toEqual([`http://127.0.0.1:${port}/#token=${token}`]);
  });

  it('refuses a mutating request without the token or with a wrong one (401), and takes the right one', async () => {
    for (const headers of [
      json,
      { ...json, authorization: 'Bearer wrong' },
      { ...json, authorization: `Basic ${token}` },
      { ...json, authorization: `Bearer ${token}x` },
    ]) {
      const reply = await send(port, 'POST', '/api/estop', headers, '{"robotId":"r0"}');
      expect(reply.status, JSON.stringify(headers)).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer');
    }
    // The query carries a token for the event stream only.
    expect((await send(port, 'POST', `/api/estop?token=${token}`, json, '{"robotId":"r0"}')).status).toBe(401);
    expect(service.live.status().emergencyStopped).toEqual([]);
    const ok = await send(port, 'POST', '/api/estop', auth, '{"robotId":"r0"}');
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ stopped: ['r0'] });
    const released = await send(port, 'POST', '/api/estop/release', auth, '{"robotId":"r0"}');
    expect(JSON.parse(released.body)).toMatchObject({ released: ['r0'] });
  });

  it('guards the live stream: 401 without the token, events with it in the header or the query', async () => {
    const none = await send(port, 'GET', '/api/live');
    expect(none.status).toBe(401);
    expect((await send(port, 'GET', '/api/live?token=wrong')).status).toBe(401);
    // The router matches a percent-encoded path too: the check must not be a string compare.
    expect((await send(port, 'GET', '/api/%6Cive')).status).toBe(401);
    expect((await send(port, 'GET', '/api/live?token=a&token=b')).status).toBe(401);
    for (const [path, headers] of [
      [`/api/live?token=${encodeURIComponent(token)}`, {}],
      ['/api/live', { authorization: `Bearer ${token}` }],
    ] as const) {
      const reply = await send(port, 'GET', path, headers);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatch(/^retry: \d+|event: meta/m);
      expectSecurityHeaders(reply);
    }
  });

  it('refuses a cross-origin HTML form post, which stops and releases nothing', async () => {
    await send(port, 'POST', '/api/estop', auth, '{"robotId":"r1"}');
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' };
    const release = await send(port, 'POST', '/api/estop/release', form, 'all=true');
    expect(release.status).toBe(403);
    expect(release.body).toContain("Origin 'http://evil.example'");
    // Even holding the token (a page cannot, but a form's type alone must not pass).
    expect((await send(port, 'POST', '/api/estop/release', { ...form, authorization: `Bearer ${token}` }, 'all=true')).status).toBe(403);
    expect((await send(port, 'POST', '/api/estop', { ...form, 'content-type': 'text/plain' }, '{}')).status).toBe(403);
    expect(service.live.status().emergencyStopped).toEqual(['r1']);
    // Same checks without an Origin (curl): a form or text body is refused for its type.
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16']) {
      const reply = await send(port, 'POST', '/api/estop/release', { 'content-type': type, authorization: `Bearer ${token}` }, '{"all":true}');
      expect(reply.status, type).toBe(415);
    }
    const utf16 = await send(
      port,
      'POST',
      '/api/estop/release',
      { 'content-type': 'application/json; charset="UTF-16"', authorization: `Bearer ${token}` },
      '{"all":true}',
    );
    expect(utf16.body).toContain("charset 'UTF-16' is refused; send JSON in UTF-8");
    expect(service.live.status().emergencyStopped).toEqual(['r1']);
    // The page's own origin passes.
    const own = await send(
      port,
      'POST',
      '/api/estop/release',
      { ...auth, 'content-type': 'application/json; charset=UTF-8', origin: `http://127.0.0.1:${port}` },
      '{"robotId":"r1"}',
    );
    expect(own.status).toBe(200);
    expect(service.live.status().emergencyStopped).toEqual([]);
  });

  it('refuses a DNS-rebinding Host (421), for the page and for a stop with the right token', async () => {
    const page = await send(port, 'GET', '/', { host: `evil.example:${port}` });
    expect(page.status).toBe(421);
    expect(page.body).not.toContain('<html');
    const stop = await send(port, 'POST', '/api/estop', { ...auth, host: `evil.example:${port}` }, '{}');
    expect(stop.status).toBe(421);
    expect((await send(port, 'GET', '/api/trial', { host: `127.0.0.1:${port + 1}` })).status).toBe(421);
    expect(service.live.status().emergencyStopped).toEqual([]);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      expect((await send(port, 'GET', '/api/trial', { host })).status, host).toBe(200);
    }
  });

  it('does not coerce types: {"all": "true"} is a 400 naming all, and releases nothing', async () => {
    await send(port, 'POST', '/api/estop', auth, '{"robotId":"r0"}');
    for (const body of ['{"all":"true"}', '{"all":1}', '{"robotId":7}']) {
      const reply = await send(port, 'POST', '/api/estop/release', auth, body);
      expect(reply.status, body).toBe(400);
      expect(JSON.parse(reply.body).message, body).toMatch(/body\/(all|robotId) must be (boolean|string)/);
    }
    expect((await send(port, 'POST', '/api/estop', auth, '{"robotId":["r1"]}')).status).toBe(400);
    expect(service.live.status().emergencyStopped).toEqual(['r0']);
    await send(port, 'POST', '/api/estop/release', auth, '{"all":true}');
    expect(service.live.status().emergencyStopped).toEqual([]);
  });

  it('closes the connection of an Upgrade request to a plain route once answered: no socket outlives its answer', async () => {
    // Before, node handed such a request's socket over (an upgrade) and the routes outside the web
    // UI answered on it and left it open for good: no timeout, the client's leaving unseen
    // (CLOSE-WAIT), and `serve` hung on Ctrl-C waiting for it. Any client, no token, one fd each.
    for (const [path, upgrade] of [
      ['/api/trial', 'websocket'],
      ['/api/robots/r0', 'websocket'],
      ['/docs/json', 'websocket'],
      ['/api/robots', 'h2c'],
      // 142 KiB: a large response, written in 64 KiB pieces as the socket drains; it stopped at the first.
      ['/static/uPlot.esm.js', 'h2c'],
    ] as const) {
      const { text, closed } = await upgradeRequest(port, path, upgrade);
      expect(text, path).toMatch(/^HTTP\/1\.1 200 /);
      expect(text.toLowerCase(), path).toContain('connection: close');
      expect(closed, path).toBe(true);
      const length = Number(/\r\ncontent-length: (\d+)\r\n/i.exec(text)?.[1]);
      expect(Buffer.byteLength(text.slice(text.indexOf('\r\n\r\n') + 4), 'latin1'), path).toBe(length);
    }
    // A refused upgrade is closed too (no token for the live socket).
    const refused = await upgradeRequest(port, '/api/live/ws');
    expect(refused.text).toMatch(/^HTTP\/1\.1 401 /);
    expect(refused.closed).toBe(true);
    // The gateway goes on serving.
    expect((await send(port, 'GET', '/api/trial')).status).toBe(200);
  });

  it('sends the security headers on every response: page, scripts, API, errors', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/static/app.js'],
      ['GET', '/api/trial'],
      ['GET', '/api/map.png'],
      ['GET', '/nope'],
      ['POST', '/api/estop'],
    ] as const) {
      const reply = await send(port, method, path);
      expectSecurityHeaders(reply);
    }
    expectSecurityHeaders(await send(port, 'GET', '/', { host: 'evil.example' }));
  });
});

describe('HTTP attacks: loopback without a fleet (no token, as npm start)', () => {
  let service: LiveService;
  let port: number;

  beforeAll(async () => {
    ({ service } = await startLive({
      grid: loadMap('building:20x20:seed=1'),
      robots: 1,
      service: { httpPort: 0, mqttPort: 0, publicHosts: ['gateway.test'] },
    }));
    port = service.httpPort!;
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
  });

  it('needs no token from this machine, but a rebinding page or another origin changes nothing', async () => {
    expect(service.httpToken).toBeNull();
    expect(service.httpUrls).toEqual([`http://127.0.0.1:${port}/`]);
    expect((await send(port, 'GET', '/api/live')).status).toBe(200);
    await send(port, 'POST', '/api/estop', json, '{}');
    expect(service.live.status().emergencyStopped).toEqual(['r0']);
    const rebinding = await send(
      port,
      'POST',
      '/api/estop/release',
      { ...json, host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` },
      '{"all":true}',
    );
    expect(rebinding.status).toBe(421);
    const crossOrigin = await send(port, 'POST', '/api/estop/release', { 'content-type': 'text/plain', origin: 'http://evil.example' }, '{"all":true}');
    expect(crossOrigin.status).toBe(403);
    const form = await send(port, 'POST', '/api/estop/release', { 'content-type': 'application/x-www-form-urlencoded' }, 'all=true');
    expect(form.status).toBe(415);
    expect((await send(port, 'POST', '/api/estop/release', json, '{"all":"true"}')).status).toBe(400);
    expect(service.live.status().emergencyStopped).toEqual(['r0']);
    // A name given with --public-host is served, as Host and as the page's Origin.
    const named = await send(
      port,
      'POST',
      '/api/estop/release',
      { ...json, host: `gateway.test:${port}`, origin: `http://gateway.test:${port}` },
      '{"all":true}',
    );
    expect(named.status).toBe(200);
    expect(service.live.status().emergencyStopped).toEqual([]);
  });
});
