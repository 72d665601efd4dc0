import type { Envelope } from '@swarmgate/protocols';

interface Waiter {
  readonly predicate: (envelope: Envelope) => boolean;
  readonly resolve: (envelope: Envelope) => void;
}

/**
 * Envelopes received by a test, with `waitFor`: resolves with the first envelope (already
 * received or arriving later) that matches, or rejects after timeoutMs naming what it saw.
 */
export class Inbox {
  readonly items: Envelope[] = [];
  private waiters: Waiter[] = [];

  push(envelope: Envelope): void {
    this.items.push(envelope);
    const ready = this.waiters.filter((w) => w.predicate(envelope));
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const waiter of ready) waiter.resolve(envelope);
  }

  /** Envelopes whose body is `kind`, optionally from one robot. */
  of(kind: Envelope['body'], robotId?: string): Envelope[] {
    return this.items.filter((e) => e.body === kind && (robotId === undefined || e.robotId === robotId));
  }

  waitFor(predicate: (envelope: Envelope) => boolean, what: string, timeoutMs = 10_000): Promise<Envelope> {
    const found = this.items.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        const seen = this.items
          .slice(-10)
          .map((e) => `${e.robotId}/${e.body}`)
          .join(', ');
        reject(new Error(`no ${what} within ${timeoutMs} ms; last seen: ${seen || 'nothing'}`));
      }, timeoutMs);
      const waiter: Waiter = {
        predicate,
        resolve: (envelope) => {
          clearTimeout(timer);
          resolve(envelope);
        },
      };
      this.waiters.push(waiter);
    });
  }
}
