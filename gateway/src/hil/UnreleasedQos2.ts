/**
 * The embedded broker's budget of unreleased incoming QoS 2 messages. For each QoS 2 PUBLISH,
 * aedes stores the whole packet (payload included) until the client's PUBREL, to answer a
 * retransmission without delivering twice. A client that never sends PUBREL keeps them there:
 * aedes' own cap (`maxInflightInbound`) defaulted to 1000 per connection and there was none
 * across connections, so six clients sending 999 packets of ~384 KB each took the gateway from
 * 1.3 GB to 2.6 GB.
 *
 * swarmgate's protocol never publishes at QoS 2 (`BODY_QOS`, `TOPIC_QOS`, the gateway state:
 * 0 or 1), so a well-behaved client has none of these, and a generic client using QoS 2
 * (e.g. `mosquitto_pub -q 2`) a few in flight at once. So: at most `MAX_UNRELEASED_QOS2_PER_CLIENT`
 * per client id, and `MAX_UNRELEASED_QOS2_BYTES` (topic and payload) over all clients; a
 * publish past either is denied, which closes its connection.
 *
 * Reserved when the publish is authorized (synchronously, for each packet of a read in order:
 * aedes stores them later, after an await), keyed by packet id, so a retransmission of one in
 * flight takes no second place; released by aedes' own incoming store (`trackIncomingStore`):
 * on PUBREL, and when a clean session ends.
 */

export const MAX_UNRELEASED_QOS2_PER_CLIENT = 16;
export const MAX_UNRELEASED_QOS2_BYTES = 16 * 1024 * 1024;

export class UnreleasedQos2 {
  /** Bytes reserved, by client id and packet id. */
  private readonly byClient = new Map<string, Map<number, number>>();
  private totalBytes = 0;
  private totalMessages = 0;

  constructor(
    private readonly maxPerClient = MAX_UNRELEASED_QOS2_PER_CLIENT,
    private readonly maxBytes = MAX_UNRELEASED_QOS2_BYTES,
  ) {}

  /** Messages held over every client. */
  get messages(): number {
    return this.totalMessages;
  }

  /** Bytes (topic and payload) held over every client. */
  get bytes(): number {
    return this.totalBytes;
  }

  /** Null when the message is reserved (or already was, a retransmission); else why it may not be. */
  reserve(clientId: string, messageId: number, bytes: number): string | null {
    const held = this.byClient.get(clientId);
    if (held?.has(messageId)) return null;
    const count = held?.size ?? 0;
    if (count >= this.maxPerClient) {
      return `a QoS 2 publish with ${count} unreleased already (no PUBREL), MAX_UNRELEASED_QOS2_PER_CLIENT (${this.maxPerClient})`;
    }
    if (this.totalBytes + bytes > this.maxBytes) {
      return `a QoS 2 publish of ${bytes} bytes: unreleased ones of every client hold ${this.totalBytes} of MAX_UNRELEASED_QOS2_BYTES (${this.maxBytes})`;
    }
    if (held) held.set(messageId, bytes);
    else this.byClient.set(clientId, new Map([[messageId, bytes]]));
    this.totalBytes += bytes;
    this.totalMessages++;
    return null;
  }

  release(clientId: string, messageId: number): void {
    const held = this.byClient.get(clientId);
    const bytes = held?.get(messageId);
    if (held === undefined || bytes === undefined) return;
    held.delete(messageId);
    if (held.size === 0) this.byClient.delete(clientId);
    this.totalBytes -= bytes;
    this.totalMessages--;
  }

  releaseAll(clientId: string): void {
    const held = this.byClient.get(clientId);
    if (!held) return;
    this.byClient.delete(clientId);
    for (const bytes of held.values()) this.totalBytes -= bytes;
    this.totalMessages -= held.size;
  }
}

/** The part of aedes' persistence holding incoming QoS 2 packets (aedes-persistence's memory store). */
export interface IncomingStore {
  incomingDelPacket(client: { readonly id: string }, packet: { readonly messageId?: number }): Promise<unknown>;
  cleanIncoming?(client: { readonly id: string }): Promise<unknown>;
}

/** Makes `store` release `budget`'s reservations as it drops packets: on PUBREL, and on a client's clean. */
export function trackIncomingStore(store: IncomingStore, budget: UnreleasedQos2): void {
  const del = store.incomingDelPacket.bind(store);
  store.incomingDelPacket = async (client, packet) => {
    const result = await del(client, packet);
    if (packet.messageId !== undefined) budget.release(client.id, packet.messageId);
    return result;
  };
  const clean = store.cleanIncoming?.bind(store);
  store.cleanIncoming = async (client) => {
    budget.releaseAll(client.id);
    return clean?.(client);
  };
}
