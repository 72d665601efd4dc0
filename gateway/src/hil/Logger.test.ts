import { describe, expect, it } from 'vitest';
import { ManualClock } from '@swarmgate/protocols';
import { MAX_LOG_FIELD_CHARS, MemoryLogger, boundedText, logLine } from './Logger.js';
import { RateLimitedLogger } from './RateLimitedLogger.js';

describe('bounded log lines', () => {
  it("cuts a robot's 200 kB error text to MAX_LOG_FIELD_CHARS and says how many bytes were cut", () => {
    const text = 'E'.repeat(200_000);
    const line = logLine('warn', 'mqtt: robot reported an error', { robotId: 'r1', code: 9, message: text });
    expect(line.length).toBeLessThan(MAX_LOG_FIELD_CHARS + 200);
    expect(line).toContain(`${'E'.repeat(MAX_LOG_FIELD_CHARS)}…(+${200_000 - MAX_LOG_FIELD_CHARS} bytes)`);
    expect(line).toContain('"robotId":"r1"');
  });

  it('counts cut bytes in UTF-8 and leaves short text alone', () => {
    expect(boundedText('ok')).toBe('ok');
    expect(boundedText('x'.repeat(MAX_LOG_FIELD_CHARS))).toBe('x'.repeat(MAX_LOG_FIELD_CHARS));
    expect(boundedText('x'.repeat(MAX_LOG_FIELD_CHARS) + 'üü')).toBe(`${'x'.repeat(MAX_LOG_FIELD_CHARS)}…(+4 bytes)`);
  });

  it('bounds nested strings, long lists, byte arrays, errors and cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'c' };
    cyclic.self = cyclic;
    const line = logLine('error', 'm', {
      birth: { model: 'M'.repeat(5000), caps: { sensors: Array.from({ length: 1000 }, (_, i) => `s${i}`) } },
      payload: new Uint8Array(100_000),
      error: new Error('Z'.repeat(10_000)),
      cyclic,
    });
    expect(line.length).toBeLessThan(3000);
    expect(line).toContain('…(+4744 bytes)');
    expect(line).toContain('…(+936 items)');
    expect(line).toContain('"payload":"<100000 bytes>"');
    expect(line).toContain('[…]');
  });

  it('MemoryLogger stores what stderr would print: bounded fields', () => {
    const logger = new MemoryLogger();
    logger.warn('x'.repeat(1000), { message: 'y'.repeat(1000) });
    expect(logger.entries[0]!.message).toHaveLength(MAX_LOG_FIELD_CHARS + '…(+744 bytes)'.length);
    expect(logger.entries[0]!.fields!.message).toBe(`${'y'.repeat(MAX_LOG_FIELD_CHARS)}…(+744 bytes)`);
  });
});

describe('RateLimitedLogger', () => {
  it('writes a key once per interval and reports the lines held back on the next one', () => {
    const inner = new MemoryLogger();
    const clock = new ManualClock();
    const logger = new RateLimitedLogger(inner, { intervalMs: 1000, clock });
    for (let k = 0; k < 50; k++) logger.warn('bad payload', { robotId: 'r1', k });
    logger.warn('bad payload', { robotId: 'r2' });
    logger.error('bad payload', { robotId: 'r1' });
    expect(inner.entries.map((e) => [e.level, e.fields?.robotId])).toEqual([
      ['warn', 'r1'],
      ['warn', 'r2'],
      ['error', 'r1'],
    ]);
    expect(logger.suppressed).toBe(49);
    clock.advance(999);
    logger.warn('bad payload', { robotId: 'r1' });
    expect(inner.entries).toHaveLength(3);
    clock.advance(1);
    logger.warn('bad payload', { robotId: 'r1' });
    expect(inner.entries[3]).toEqual({ level: 'warn', message: 'bad payload', fields: { robotId: 'r1', suppressed: 50 } });
  });

  it("keys HTTP lines by client address: one client's flood never hides another's first fault", () => {
    const inner = new MemoryLogger();
    const logger = new RateLimitedLogger(inner, { intervalMs: 1000, clock: new ManualClock() });
    for (let k = 0; k < 20; k++) logger.warn('http: request answered 401', { client: '10.0.0.5', url: `/api/estop?${k}` });
    logger.warn('http: request answered 401', { client: '10.0.0.6', url: '/api/estop' });
    logger.warn('http: request answered 421', { client: '10.0.0.5', url: '/' });
    expect(inner.entries.map((e) => `${e.message}:${e.fields?.client}`)).toEqual([
      'http: request answered 401:10.0.0.5',
      'http: request answered 401:10.0.0.6',
      'http: request answered 421:10.0.0.5',
    ]);
    expect(logger.suppressed).toBe(19);
  });

  it('writes a message for at most maxSourcesPerMessage sources an interval: a stray spraying robot ids costs 16 lines, not one per id', () => {
    const inner = new MemoryLogger();
    const clock = new ManualClock();
    const logger = new RateLimitedLogger(inner, { intervalMs: 1000, clock });
    for (let i = 0; i < 3000; i++) logger.warn('mqtt: Birth refused', { robotId: `x${i}` });
    logger.warn('serial: Birth refused', { robotId: 'x1' });
    expect(inner.entries).toHaveLength(17);
    expect(inner.entries.at(-1)!.message).toBe('serial: Birth refused');
    expect(logger.suppressed).toBe(3000 - 16);
    clock.advance(1000);
    logger.warn('mqtt: Birth refused', { robotId: 'y' });
    expect(inner.entries.at(-1)).toEqual({ level: 'warn', message: 'mqtt: Birth refused', fields: { robotId: 'y', otherSourcesSuppressed: 3000 - 16 } });
  });

  it('passes info through and forgets the oldest keys beyond maxKeys', () => {
    const inner = new MemoryLogger();
    const logger = new RateLimitedLogger(inner, { intervalMs: 60_000, maxKeys: 2, clock: new ManualClock() });
    logger.info('joined', { robotId: 'a' });
    logger.info('joined', { robotId: 'a' });
    logger.warn('w', { robotId: 'a' });
    logger.warn('w', { robotId: 'b' });
    logger.warn('w', { robotId: 'c' });
    // 'a' was forgotten when 'c' came: written again, with nothing held back.
    logger.warn('w', { robotId: 'a' });
    logger.warn('w', { robotId: 'c' });
    expect(inner.entries.map((e) => `${e.level}:${e.fields?.robotId}`)).toEqual(['info:a', 'info:a', 'warn:a', 'warn:b', 'warn:c', 'warn:a']);
  });
});
