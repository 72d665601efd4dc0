import { ProtocolsError } from '../errors.js';

/** The schemes mqtt.js connects with; anything else would fail later, per attempt, with a vaguer cause. */
const SCHEMES = new Set(['mqtt:', 'mqtts:', 'tcp:', 'ssl:', 'ws:', 'wss:']);

/**
 * A broker address as every MQTT client of the tree takes it: one URL, or the nodes of a
 * clustered broker (a NATS cluster with its MQTT support) separated by commas, tried in turn
 * by `ReconnectingMqttClient`. One string, so each CLI's `--mqtt URL` takes a list unchanged.
 * Throws SG_MQTT_URL naming the entry that is not a broker URL.
 */
export function parseBrokerUrls(list: string): string[] {
  const entries = list.split(',').map((entry) => entry.trim());
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const where = entries.length > 1 ? `entry ${index + 1} of the broker URL list '${list}'` : 'the broker URL';
    if (entry === '') throw new ProtocolsError('SG_MQTT_URL', `${where} is empty`);
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ProtocolsError('SG_MQTT_URL', `${where} is not a URL: '${entry}' (expected e.g. mqtt://HOST:1883)`);
    }
    if (!SCHEMES.has(url.protocol)) {
      throw new ProtocolsError('SG_MQTT_URL', `${where} has scheme '${url.protocol}' ('${entry}'); expected one of ${[...SCHEMES].join(' ')}`);
    }
    if (url.hostname === '') throw new ProtocolsError('SG_MQTT_URL', `${where} names no host: '${entry}'`);
    if (seen.has(entry)) throw new ProtocolsError('SG_MQTT_URL', `${where} repeats '${entry}'`);
    seen.add(entry);
  });
  return entries;
}
