/**
 * The live streams' overall budget: at most `max` clients at once, the event stream
 * (GET /api/live) and the WebSocket (GET /api/live/ws) counted together. Each client may be up
 * to 1 MiB behind (SseHub, LiveSocket) before it is skipped, so without a cap on their number a
 * peer opening thousands of slow clients would make the gateway hold gigabytes and stall the
 * trial. One count for both transports: a client costs the same memory whichever it picked,
 * and with a cap each a peer would simply fill the other.
 *
 * A slot is held for the life of what carries the client (the event stream's response, the
 * WebSocket's upgraded socket) and freed when that emits 'close', whatever ended it: the client
 * leaving, a failed handshake, the server stopping.
 */

/** A lab's browsers and a few scripts: at most 64 MiB held for slow clients. */
export const DEFAULT_MAX_LIVE_CLIENTS = 64;
/** The most `serve --max-live-clients` accepts: 1 GiB held for slow clients at worst. */
export const MAX_LIVE_CLIENTS_CEILING = 1024;

/** What carries a client: it emits 'close' once, when the client is gone. */
export interface LiveClientCarrier {
  once(event: 'close', listener: () => void): unknown;
}

/** Takes a slot until `carrier` closes; false, taking nothing, when all `max` are held. */
export type HoldLiveSlot = (carrier: LiveClientCarrier) => boolean;

export function liveClientBudget(max: number): HoldLiveSlot {
  let held = 0;
  return (carrier) => {
    if (held >= max) return false;
    held++;
    carrier.once('close', () => held--);
    return true;
  };
}

/** The refusal's message (a 503's `error`): the limit, and the flag that sets it. */
export function liveClientsRefusal(max: number): string {
  return `all ${max} live-stream slots of this gateway are taken (GET /api/live and /api/live/ws share them; serve --max-live-clients N sets how many): try again once a client disconnects`;
}
