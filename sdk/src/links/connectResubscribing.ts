/**
 * Connects an mqtt.js client for an owner that re-makes its own subscriptions on every
 * reconnect (explicit, as the gateway's bridge does): a clean session, mqtt.js's resubscribe
 * off, nothing queued at QoS 0. The first connect does not retry, so a wrong URL or password
 * fails at start instead of retrying forever; once subscribed, mqtt.js reconnects every
 * RECONNECT_PERIOD_MS and `subscribe` runs again on each connect.
 */
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

const RECONNECT_PERIOD_MS = 1000;

/**
 * Resolves with the owner `attach` builds around the client once `subscribe(owner)` resolved.
 * On failure the client is closed and the cause rethrown, for the caller to wrap in its own
 * coded error. `onResubscribeError` hears failures of the re-subscriptions after a reconnect.
 */
export async function connectResubscribing<T>(
  url: string,
  options: IClientOptions,
  attach: (client: MqttClient) => T,
  subscribe: (owner: T) => Promise<void>,
  onResubscribeError: (error: Error) => void,
): Promise<T> {
  let client: MqttClient | null = null;
  try {
    client = await mqtt.connectAsync(url, { ...options, clean: true, resubscribe: false, queueQoSZero: false, reconnectPeriod: 0 });
    const owner = attach(client);
    await subscribe(owner);
    client.options.reconnectPeriod = RECONNECT_PERIOD_MS;
    client.on('connect', () => void subscribe(owner).catch(onResubscribeError));
    return owner;
  } catch (cause) {
    await client?.endAsync(true);
    throw cause;
  }
}
