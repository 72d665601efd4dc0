import { createServer, type AddressInfo } from 'node:net';

/**
 * A TCP port the OS just handed out on 127.0.0.1, for processes that cannot listen on port 0
 * and report back (mosquitto). Another process may take it before ours binds: callers retry.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
