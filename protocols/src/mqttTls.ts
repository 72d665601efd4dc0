/**
 * How an MQTT client trusts a broker's TLS certificate on an `mqtts://` URL: one option shape
 * for every client in the tree (the gateway's bridge and controller port, the SDK's MqttRobot,
 * mona-sim), turned into mqtt.js connect options (which go on to node:tls) in one place.
 */
import type { ConnectionOptions } from 'node:tls';
import { ProtocolsError } from './errors.js';

export interface MqttTlsOptions {
  /** PEM CA certificate(s) the broker's certificate must chain to; without it Node's bundled CAs. */
  readonly ca?: string | Buffer;
  /**
   * The broker's own certificate (PEM), trusted as it is, whatever signed it and whatever
   * names it carries: for the gateway's clients of the broker it embeds, whose certificate it
   * holds. Only a server presenting exactly this certificate (and its key) is accepted.
   */
  readonly pinnedCert?: string | Buffer;
}

/** The node:tls options mqtt.js passes through for an mqtts:// URL. */
export interface MqttTlsConnectOptions {
  readonly ca?: string | Buffer;
  readonly allowPartialTrustChain?: boolean;
  readonly checkServerIdentity?: ConnectionOptions['checkServerIdentity'];
}

const TLS_URL = /^(mqtts|wss):\/\//i;

/** An mqtts:// or wss:// URL: the ones a CA file applies to. */
export function isTlsMqttUrl(url: string): boolean {
  return TLS_URL.test(url);
}

/** The connect options for `url`; a CA or pinned certificate on a plain URL is refused (it would protect nothing). */
export function mqttTlsConnectOptions(url: string, tls: MqttTlsOptions): MqttTlsConnectOptions {
  if (tls.pinnedCert !== undefined) {
    if (!isTlsMqttUrl(url)) throw new ProtocolsError('SG_MQTT_TLS', `a pinned broker certificate needs an mqtts:// URL, got ${url}`);
    // The certificate is the only trust anchor, so the chain check already proves the peer
    // holds it; a name check would only fail for an address the certificate does not list.
    return { ca: tls.pinnedCert, allowPartialTrustChain: true, checkServerIdentity: () => undefined };
  }
  if (tls.ca === undefined) return {};
  if (!isTlsMqttUrl(url)) throw new ProtocolsError('SG_MQTT_TLS', `a CA file only applies to an mqtts:// URL, got ${url}`);
  return { ca: tls.ca };
}
