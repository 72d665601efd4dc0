/**
 * keepSerialPollInterests on a real port (a socat pty) and the bindings' real poller: a wait
 * that starts while another is pending polls for both. Without it the bindings restart the one
 * uv_poll handle with the newest wait's event alone, and a write waiting for room while the
 * read loop re-arms is never woken unless bytes arrive to read (the serial fuzz's stall).
 */
import { keepSerialPollInterests, type SerialPoller } from '@swarmgate/protocols';
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { startPtyPair } from '../harness/socat.js';

const READABLE = 1;
const WRITABLE = 2;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A port on a fresh pty, and the flags its poller hands the native uv_poll handle. */
async function openPort(fix: boolean): Promise<{ poller: SerialPoller & { once(event: string, cb: () => void): unknown }; polled: number[] }> {
  const pair = await startPtyPair();
  cleanups.push(() => pair.close());
  const port = new SerialPort({ path: pair.a, baudRate: 115_200, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  cleanups.push(() => new Promise((resolve) => port.close(resolve)));
  if (fix) keepSerialPollInterests(port);
  type Native = { poll(flags: number): void; stop(): void; destroy(): void };
  const poller = (port.port as unknown as { poller: SerialPoller & { once(event: string, cb: () => void): unknown; poller: Native } }).poller;
  const polled: number[] = [];
  // The native handle's methods are read-only: it is wrapped, not patched.
  const native = poller.poller;
  poller.poller = {
    poll: (flags) => {
      polled.push(flags);
      native.poll(flags);
    },
    stop: () => native.stop(),
    destroy: () => native.destroy(),
  };
  return { poller, polled };
}

describe('keepSerialPollInterests', () => {
  it('polls for a waiting write while a read waits too, and for a waiting read while a write waits', async () => {
    const fixed = await openPort(true);
    fixed.poller.once('writable', () => undefined);
    fixed.poller.once('readable', () => undefined);
    expect(fixed.polled.slice(0, 2)).toEqual([WRITABLE, READABLE | WRITABLE]);

    // The bindings as they are: the read's wait drops the write's (what the fix is for).
    const unfixed = await openPort(false);
    unfixed.poller.once('writable', () => undefined);
    unfixed.poller.once('readable', () => undefined);
    expect(unfixed.polled.slice(0, 2)).toEqual([WRITABLE, READABLE]);
  });

  it('is harmless twice and on a closed port', async () => {
    const pair = await startPtyPair();
    cleanups.push(() => pair.close());
    const port = new SerialPort({ path: pair.a, baudRate: 115_200, autoOpen: false });
    keepSerialPollInterests(port); // not open: no binding yet
    await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
    cleanups.push(() => new Promise((resolve) => port.close(resolve)));
    keepSerialPollInterests(port);
    keepSerialPollInterests(port);
    const written = new Promise<void>((resolve) => port.write(Buffer.from([0]), () => resolve()));
    await written;
  });
});
