/**
 * The logging surface the HIL plugins need. Bad device input goes to warn (and a counter);
 * our own faults to error (STYLE: Protocol and IO edges). `swarmgate serve` can pass any
 * structured logger with these three methods.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function line(level: string, message: string, fields?: Record<string, unknown>): string {
  return `[${level}] ${message}${fields ? ' ' + JSON.stringify(fields) : ''}\n`;
}

export const stderrLogger: Logger = {
  info: (message, fields) => process.stderr.write(line('info', message, fields)),
  warn: (message, fields) => process.stderr.write(line('warn', message, fields)),
  error: (message, fields) => process.stderr.write(line('error', message, fields)),
};

/** Collects entries: for tests, and for a status page's "recent warnings". */
export class MemoryLogger implements Logger {
  readonly entries: Array<{ level: 'info' | 'warn' | 'error'; message: string; fields?: Record<string, unknown> }> = [];

  info(message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level: 'info', message, fields });
  }

  warn(message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level: 'warn', message, fields });
  }

  error(message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level: 'error', message, fields });
  }
}
