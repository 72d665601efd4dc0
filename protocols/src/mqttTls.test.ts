import { describe, expect, it } from 'vitest';
import { errorCode } from './errors.js';
import { isTlsMqttUrl, mqttTlsConnectOptions } from './mqttTls.js';

describe('mqttTlsConnectOptions', () => {
  it('knows the TLS schemes', () => {
    expect(['mqtts://h:8883', 'MQTTS://h', 'wss://h/mqtt'].map(isTlsMqttUrl)).toEqual([true, true, true]);
    expect(['mqtt://h:1883', 'ws://h', 'tcp://h', '', 'xmqtts://h'].map(isTlsMqttUrl)).toEqual([false, false, false, false, false]);
  });

  it('passes a CA through for mqtts:// and wss://, and nothing without one', () => {
    expect(mqttTlsConnectOptions('mqtts://broker:8883', { ca: 'PEM' })).toEqual({ ca: 'PEM' });
    expect(mqttTlsConnectOptions('wss://broker/mqtt', { ca: 'PEM' })).toEqual({ ca: 'PEM' });
    expect(mqttTlsConnectOptions('mqtt://broker:1883', {})).toEqual({});
  });

  it('pins a certificate as the only trust anchor, without a name check', () => {
    const options = mqttTlsConnectOptions('mqtts://127.0.0.1:8883', { pinnedCert: 'CERT' });
    expect(options).toMatchObject({ ca: 'CERT', allowPartialTrustChain: true });
    expect(options.checkServerIdentity?.('anything', {} as never)).toBeUndefined();
  });

  it('refuses a CA or a pin on a plain URL, where it would protect nothing', () => {
    for (const tls of [{ ca: 'PEM' }, { pinnedCert: 'CERT' }]) {
      let caught: unknown;
      try {
        mqttTlsConnectOptions('mqtt://broker:1883', tls);
      } catch (error) {
        caught = error;
      }
      expect(errorCode(caught)).toBe('SG_MQTT_TLS');
      expect(String(caught)).toContain('mqtt://broker:1883');
    }
  });
});
