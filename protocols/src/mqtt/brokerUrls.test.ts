import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../common/SwarmgateError.js';
import { parseBrokerUrls } from './brokerUrls.js';

const host = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
const brokerUrl = fc
  .tuple(fc.constantFrom('mqtt', 'mqtts', 'ws', 'wss', 'tcp', 'ssl'), host, fc.integer({ min: 1, max: 65535 }))
  .map(([scheme, h, port]) => `${scheme}://${h}:${port}`);

describe('parseBrokerUrls', () => {
  it('reads one URL or a comma-separated list, in order, spaces around commas ignored', () => {
    expect(parseBrokerUrls('mqtt://127.0.0.1:1883')).toEqual(['mqtt://127.0.0.1:1883']);
    expect(parseBrokerUrls('mqtt://n1:1883, mqtt://n2:1884 ,mqtts://n3:8883')).toEqual(['mqtt://n1:1883', 'mqtt://n2:1884', 'mqtts://n3:8883']);
  });

  it('round-trips any list of distinct broker URLs', () => {
    fc.assert(
      fc.property(fc.uniqueArray(brokerUrl, { minLength: 1, maxLength: 5 }), fc.constantFrom(',', ', ', ' ,'), (urls, separator) => {
        expect(parseBrokerUrls(urls.join(separator))).toEqual(urls);
      }),
    );
  });

  it('names what is wrong: an empty, unparsable, non-MQTT, host-less or repeated entry', () => {
    const problems: [string, RegExp][] = [
      ['', /the broker URL is empty/],
      ['mqtt://a:1,,mqtt://b:1', /entry 2 of the broker URL list .* is empty/],
      ['localhost:1883', /scheme 'localhost:'/],
      ['not a url', /is not a URL: 'not a url'/],
      ['http://a:80', /scheme 'http:'/],
      ['mqtt://', /names no host/],
      ['mqtt://a:1,mqtt://a:1', /entry 2 .* repeats 'mqtt:\/\/a:1'/],
    ];
    for (const [list, message] of problems) {
      const error = (() => {
        try {
          parseBrokerUrls(list);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error, list).toBeInstanceOf(SwarmgateError);
      expect((error as SwarmgateError).code).toBe('SG_MQTT_URL');
      expect((error as Error).message).toMatch(message);
    }
  });

  it('never crashes on arbitrary input: it returns URLs or throws SG_MQTT_URL', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        try {
          const urls = parseBrokerUrls(text);
          expect(urls.length).toBeGreaterThan(0);
          expect(new Set(urls).size).toBe(urls.length);
        } catch (error) {
          expect((error as SwarmgateError).code).toBe('SG_MQTT_URL');
        }
      }),
    );
  });
});
