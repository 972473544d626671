// What `--proxy` relays to and what it found, for the summary on exit: apart from the relay
// (proxy.ts), so the exchange can hold them without importing the relay.
import { printable } from './log.ts';
import type { Problem } from './recent.ts';

/** Undocumented routes named one by one in the summary; requests to any other are counted together. */
export const MAX_UNDOCUMENTED_ROUTES = 100;

export interface ProxyTarget {
  /** `https://api.example.com/v1`: origin and base path. */
  url: URL;
  /** An answer that differs from the description is a 502 instead of relayed. */
  errors: boolean;
}

/** What was relayed and found, for the summary on exit. */
export class ProxyStats {
  relayed = 0;
  differing = 0;
  /** Problems by operation (or `METHOD path` for an undocumented one), a few kept as samples. */
  readonly byOperation = new Map<string, { answers: number; samples: string[] }>();
  readonly undocumented = new Map<string, number>();
  /** Requests to undocumented routes past the first MAX_UNDOCUMENTED_ROUTES (a client choosing paths would grow the map). */
  private otherRequests = 0;

  add(operation: string | undefined, problems: Problem[], undocumented: string | undefined): void {
    this.relayed++;
    if (undocumented) this.countUndocumented(undocumented);
    const found = problems.filter((p) => p.in !== 'request');
    if (found.length === 0) return;
    this.differing++;
    const key = operation ?? undocumented ?? '?';
    const entry = this.byOperation.get(key) ?? { answers: 0, samples: [] };
    entry.answers++;
    for (const p of found) {
      const text = `${p.in}${p.at !== undefined ? ` ${p.at}` : ''}: ${p.message}`;
      if (entry.samples.length < 5 && !entry.samples.includes(text)) entry.samples.push(text);
    }
    this.byOperation.set(key, entry);
  }

  private countUndocumented(route: string): void {
    const seen = this.undocumented.get(route);
    if (seen !== undefined || this.undocumented.size < MAX_UNDOCUMENTED_ROUTES) {
      this.undocumented.set(route, (seen ?? 0) + 1);
      return;
    }
    // Past the bound, routes are not told apart (telling them apart would mean keeping them).
    this.otherRequests++;
  }

  /** The lines printed when the mock stops. */
  summary(): string {
    const lines = [`Proxy: ${this.relayed} answer${this.relayed === 1 ? '' : 's'} relayed, ${this.differing} differed from the description.`];
    for (const [operation, { answers, samples }] of this.byOperation) {
      lines.push(`  ${printable(operation, 120)}: ${answers} answer${answers === 1 ? '' : 's'}`);
      for (const sample of samples) lines.push(`    ${printable(sample, 300)}`);
    }
    for (const [route, n] of this.undocumented) lines.push(`  undocumented: ${printable(route, 160)} (${n} request${n === 1 ? '' : 's'})`);
    const more = this.otherRequests;
    if (more > 0) lines.push(`  undocumented: ${more} more request${more === 1 ? '' : 's'} to routes past the first ${MAX_UNDOCUMENTED_ROUTES}`);
    return lines.join('\n');
  }
}
