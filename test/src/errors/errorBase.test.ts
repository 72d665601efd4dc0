/**
 * One error base across the packages: every package's coded error is an instance of
 * protocols' SwarmgateError, carries its code, and prefixes its message with it, so a caller
 * can catch and log any swarmgate error one way.
 */
import { describe, expect, it } from 'vitest';
import { SwarmgateError as FirmwareSimError } from '@swarmgate/firmware-sim';
import { SwarmgateError as GatewayError } from '@swarmgate/gateway';
import { MapFormatError, MapSpecError } from '@swarmgate/maps';
import { Backoff, ProtocolError, SwarmgateError, errorCode } from '@swarmgate/protocols';
import { SwarmgateError as SdkError } from '@swarmgate/sdk';

describe('the one SwarmgateError base', () => {
  const errors: [string, Error][] = [
    ['SG_PROTO_DECODE', new ProtocolError('SG_PROTO_DECODE', 'bad bytes')],
    ['SG_MAP_FORMAT', new MapFormatError('a.pgm', 'bad header')],
    ['SG_MAP_SPEC', new MapSpecError('bad spec')],
    ['SG_ROBOT_BUSY', new SdkError('SG_ROBOT_BUSY', 'busy')],
    ['SG_BIND', new GatewayError('SG_BIND', 'not an IP address')],
    ['SG_MODEL_CONFIG', new FirmwareSimError('SG_MODEL_CONFIG', 'negative wheel base')],
  ];

  it.each(errors)('%s from its package is a protocols SwarmgateError with that code', (code, error) => {
    expect(error).toBeInstanceOf(SwarmgateError);
    expect(error).toBeInstanceOf(Error);
    expect(errorCode(error)).toBe(code);
    expect(error.message.startsWith(`${code}: `)).toBe(true);
  });

  it('a shared helper throws it too: Backoff options out of range', () => {
    const thrown = (() => {
      try {
        new Backoff({ initialMs: -1 });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(SwarmgateError);
    expect(errorCode(thrown)).toBe('SG_BACKOFF_CONFIG');
  });

  it('plain errors have no code', () => {
    expect(errorCode(new Error('x'))).toBeUndefined();
  });
});
