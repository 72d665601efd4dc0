import { createServer } from 'node:net';

/**
 * A TCP port that was free a moment ago, chosen by the OS (port 0). For programs that must be
 * told a port (mosquitto); there is a small race until they bind it, which callers absorb by
 * retrying start-up.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
