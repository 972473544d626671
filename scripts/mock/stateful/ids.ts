// The id a new record gets, following its id field's type, format and
// pattern: the next integer above every id in use (from the schema's
// `minimum`), a UUID (version 4; reproducible under `--seed`), or, for other
// text ids, the next number written as the examples write theirs (`ORD-0042`
// → `ORD-0043`), as the pattern allows (pattern-id.ts), else as text. Pure
// apart from the UUID's randomness, which the caller may seed.
import { RE2JS } from 're2js';
import { linearPattern } from '../../model/contract/linear-pattern.ts';
import { idFromPattern } from './pattern-id.ts';
import type { IdKind, IdSpec, Rec } from './types.ts';

/** The highest integer id among the records (text ids that are integers count), 0 when none. */
export function highestId(records: Iterable<Rec>, field: string | undefined, keys: Iterable<string> = []): number {
  let max = 0;
  const consider = (value: unknown) => {
    // A text id counts by its last run of digits (`ORD-000042` is 42), so new ones written in its shape come after it.
    const run = typeof value === 'string' ? lastDigits(value) : undefined;
    const digits = run && typeof value === 'string' && run.end - run.start <= 15 ? value.slice(run.start, run.end) : undefined;
    const n = typeof value === 'number' ? value : digits !== undefined ? Number(digits) : Number.NaN;
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
export function newId(spec: IdKind | IdSpec, sequence: number, random: () => number): string | number {
  const id: IdSpec = typeof spec === 'string' ? { field: undefined, kind: spec } : spec;
  if (id.kind === 'integer') return sequence;
  if (id.kind === 'string') return textId(id, sequence);
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Math.floor(random() * 256);
  return uuidFrom(bytes);
}

/** Whether a text id is what its schema allows. */
export function fitsId(id: IdSpec, text: string): boolean {
  if (id.minLength !== undefined && text.length < id.minLength) return false;
  if (id.maxLength !== undefined && text.length > id.maxLength) return false;
  if (id.pattern === undefined) return true;
  // A pattern RE2 cannot run is not checked here either.
  return !linearPattern(id.pattern).ok || RE2JS.compile(id.pattern).matcher(text).find();
}

/** The sequence number as a text id: plain, padded to the minimum length, in an example's shape, or written into the pattern. */
function textId(id: IdSpec, sequence: number): string {
  const plain = String(sequence);
  const candidates = [plain, plain.padStart(id.minLength ?? 0, '0')];
  // `ORD-0042` → `ORD-0043`: the last run of digits of an example id.
  const run = id.template === undefined ? undefined : lastDigits(id.template);
  if (id.template !== undefined && run) {
    candidates.push(id.template.slice(0, run.start) + plain.padStart(run.end - run.start, '0') + id.template.slice(run.end));
  }
  for (const candidate of candidates) if (fitsId(id, candidate)) return candidate;
  const written = id.pattern === undefined ? undefined : idFromPattern(id.pattern, sequence);
  return written !== undefined && fitsId(id, written) ? written : plain;
}

/** Where the last run of digits in a text is, scanning once from its end. */
function lastDigits(text: string): { start: number; end: number } | undefined {
  const isDigit = (i: number) => text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57;
  let end = text.length;
  while (end > 0 && !isDigit(end - 1)) end--;
  let start = end;
  while (start > 0 && isDigit(start - 1)) start--;
  return end > start ? { start, end } : undefined;
}

/** An id as records are keyed by it: text, so `42` from a path and 42 in a body are one record. */
export function idKey(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** An id from a path, keyed as a record is: an integer id by its value (`044` is 44), anything else as sent. */
export function pathKey(kind: IdKind, text: string): string {
  if (kind !== 'integer') return text;
  const m = /^([+-]?)0*(\d+)$/.exec(text);
  if (!m) return text;
  return m[2] === '0' || m[1] !== '-' ? m[2]! : `-${m[2]}`;
}
