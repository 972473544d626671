// The id a new record gets, following its id field's type and format: the
// next integer above every id in use, a UUID (version 4; reproducible under
// `--seed`), or, for other text ids, the next integer written as text. Pure
// apart from the UUID's randomness, which the caller may seed.
import type { IdKind, Rec } from './types.ts';

/** The highest integer id among the records (text ids that are integers count), 0 when none. */
export function highestId(records: Iterable<Rec>, field: string | undefined, keys: Iterable<string> = []): number {
  let max = 0;
  const consider = (value: unknown) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(n) && n > max) max = n;
  };
  if (field !== undefined) for (const r of records) consider(r[field]);
  for (const key of keys) consider(key);
  return max;
}

/** A version 4 UUID from 16 random bytes. */
export function uuidFrom(bytes: Uint8Array): string {
  const b = Uint8Array.from(bytes.subarray(0, 16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Buffer.from(b).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id for a new record, given the next number in the resource's sequence and random bytes. */
export function newId(kind: IdKind, sequence: number, random: () => number): string | number {
  if (kind === 'integer') return sequence;
  if (kind === 'string') return String(sequence);
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Math.floor(random() * 256);
  return uuidFrom(bytes);
}

/** An id as records are keyed by it: text, so `42` from a path and 42 in a body are one record. */
export function idKey(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
