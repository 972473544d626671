// Names the server gives what it publishes: tools (from operationIds) and their arguments (from
// parameter names). A client accepts a tool name of 1 to 128 characters of `A-Z a-z 0-9 _ - .`
// (the protocol's rule) and several accept fewer: names here keep to `A-Z a-z 0-9 _ -` and 64
// characters, which every client takes. Anything else in a description's name becomes `_`, a
// name cut to fit ends with a short hash of the whole, and a name taken twice gets a number.
import { createHash } from 'node:crypto';

export const NAME_MAX = 64;
const HASH_LENGTH = 8;

/** A description's name as a safe name: other characters as `_`, runs of them as one, at most `max` characters. */
export function safeName(text: string, fallback: string, max = NAME_MAX): string {
  const safe = text.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  if (safe === '') return fallback;
  if (safe.length <= max) return safe;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH);
  return `${safe.slice(0, max - HASH_LENGTH - 1).replace(/_+$/, '')}_${hash}`;
}

/** Names handed out once each: a name already taken gets `_2`, `_3`…, cut so the whole stays within `max`. */
export class UniqueNames {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.add(name.toLowerCase());
  }

  /** Case is ignored when comparing: two tools differing only in case confuse a reader as much as a client. */
  take(name: string, max = NAME_MAX): string {
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) {
      const suffix = `_${n}`;
      candidate = `${name.slice(0, max - suffix.length)}${suffix}`;
    }
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
