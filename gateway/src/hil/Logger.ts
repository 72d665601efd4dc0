/**
 * The logging surface the HIL plugins need. Bad device input goes to warn (and a counter);
 * our own faults to error (docs/STYLE.md#protocol-and-io-edges). `swarmgate serve` can pass any
 * structured logger with these three methods.
 *
 * Log fields often carry a robot's or a controller's own text (an Error's message, a Birth's
 * model string): every Logger here passes its fields through `boundedFields`, so no peer can
 * make one line as long as its message (a 200 kB error text logs as 256 characters and a note
 * of what was cut). Wrap a Logger in RateLimitedLogger where a peer can repeat a line at will.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Longest string a log line carries in its message or any field; longer text is cut. */
export const MAX_LOG_FIELD_CHARS = 256;
/** Longest list a log field carries; longer lists are cut. */
export const MAX_LOG_FIELD_ITEMS = 64;
/** Nesting kept in a log field; deeper values are elided (and a cycle cannot recurse forever). */
const MAX_LOG_FIELD_DEPTH = 4;

const utf8 = new TextEncoder();

/** `text` cut to MAX_LOG_FIELD_CHARS, with "…(+N bytes)" saying how many UTF-8 bytes were cut. */
export function boundedText(text: string): string {
  if (text.length <= MAX_LOG_FIELD_CHARS) return text;
  return `${text.slice(0, MAX_LOG_FIELD_CHARS)}…(+${utf8.encode(text.slice(MAX_LOG_FIELD_CHARS)).length} bytes)`;
}

/** A copy of `fields` with every string, list and nesting level bounded (see the module comment). */
export function boundedFields(fields: Record<string, unknown>): Record<string, unknown> {
  return boundedValue(fields, 0) as Record<string, unknown>;
}

function boundedValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return boundedText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_LOG_FIELD_DEPTH) return '[…]';
  if (value instanceof Error) return boundedText(value.message);
  if (ArrayBuffer.isView(value)) return `<${value.byteLength} bytes>`;
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_LOG_FIELD_ITEMS).map((item) => boundedValue(item, depth + 1));
    if (value.length > MAX_LOG_FIELD_ITEMS) items.push(`…(+${value.length - MAX_LOG_FIELD_ITEMS} items)`);
    return items;
  }
  const out: Record<string, unknown> = {};
  let keys = 0;
  for (const [key, item] of Object.entries(value)) {
    if (keys++ === MAX_LOG_FIELD_ITEMS) {
      out['…'] = `+${Object.keys(value).length - MAX_LOG_FIELD_ITEMS} fields`;
      break;
    }
    out[boundedText(key)] = boundedValue(item, depth + 1);
  }
  return out;
}

/** One log line: level, message and fields, all bounded. */
export function logLine(level: string, message: string, fields?: Record<string, unknown>): string {
  return `[${level}] ${boundedText(message)}${fields ? ' ' + JSON.stringify(boundedFields(fields)) : ''}\n`;
}

export const stderrLogger: Logger = {
  info: (message, fields) => process.stderr.write(logLine('info', message, fields)),
  warn: (message, fields) => process.stderr.write(logLine('warn', message, fields)),
  error: (message, fields) => process.stderr.write(logLine('error', message, fields)),
};

/** Collects entries (bounded as every line is): for tests, and for a status page's "recent warnings". */
export class MemoryLogger implements Logger {
  readonly entries: Array<{ level: 'info' | 'warn' | 'error'; message: string; fields?: Record<string, unknown> }> = [];

  info(message: string, fields?: Record<string, unknown>): void {
    this.add('info', message, fields);
  }

  warn(message: string, fields?: Record<string, unknown>): void {
    this.add('warn', message, fields);
  }

  error(message: string, fields?: Record<string, unknown>): void {
    this.add('error', message, fields);
  }

  private add(level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level, message: boundedText(message), fields: fields && boundedFields(fields) });
  }
}
