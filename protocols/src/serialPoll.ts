/**
 * A fix for the poller under node-serialport's Linux and macOS bindings (@serialport/bindings-cpp
 * 13), for every serial port in the tree (the gateway's SerialBridge, mona-sim's SerialLink,
 * the tests' robot ends). One uv_poll handle serves a port's reads and writes, and each wait
 * restarts it with only the event that wait wants (uv_poll_start replaces the mask). So a read
 * that re-arms while a write waits for room drops the write's interest: the write resumes only
 * when bytes next arrive to read, and never if the other end stays silent (a 3 MB serial fuzz
 * down a pty stalled so for good). After `keepSerialPollInterests`, every wait polls for each
 * event some caller still waits for.
 */

/** The part of the bindings' JS Poller this needs (an EventEmitter with a `poll(flags)`). */
export interface SerialPoller {
  poll(flags?: number): void;
  listenerCount(event: string): number;
}

/** libuv's uv_poll_event flags, as the bindings pass them. */
const UV_READABLE = 1;
const UV_WRITABLE = 2;
const UV_DISCONNECT = 4;
const WAITS: ReadonlyArray<readonly [event: string, flag: number]> = [
  ['readable', UV_READABLE],
  ['writable', UV_WRITABLE],
  ['disconnect', UV_DISCONNECT],
];

const fixed = new WeakSet<SerialPoller>();

/**
 * Makes the poller of an open serialport `SerialPort` (its binding's `poller`; none on Windows,
 * where this does nothing) poll for every pending wait. Call it once the port is open (the
 * binding and its poller are made by open); calling it again is harmless.
 */
export function keepSerialPollInterests(port: { readonly port?: unknown }): void {
  const poller = (port.port as { readonly poller?: SerialPoller } | undefined)?.poller;
  if (!poller || fixed.has(poller)) return;
  fixed.add(poller);
  const poll = poller.poll.bind(poller);
  // `once(event)` polls before it adds its own listener: `flags` carries that one.
  poller.poll = (flags = 0) => {
    let all = flags;
    for (const [event, flag] of WAITS) if (poller.listenerCount(event) > 0) all |= flag;
    poll(all);
  };
}
