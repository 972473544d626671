// What the stateful mock holds at most, the same for both stores: so many
// sessions (the least recently used one is forgotten past the cap), each
// forgotten once idle for a while, and in each session so many records of one
// resource and so many bytes of records. Bytes are counted as the records'
// JSON plus a fixed cost per record and per resource a session writes to, so
// a flood of tiny records or of parent ids is bounded too; the description's
// own examples, which every session starts from and the memory store shares
// between sessions, cost their fixed part only.

export interface StoreLimits {
  /** Sessions held at once; a new one past the cap forgets the least recently used. */
  maxSessions: number;
  /** A session unused for this long is forgotten (0: never). */
  sessionTtlMs: number;
  /** Records of one resource (and one parent, for a nested one) in one session. */
  maxRecords: number;
  /** Bytes of records one session holds, counted as below. */
  maxSessionBytes: number;
}

export const DEFAULT_STORE_LIMITS: Readonly<StoreLimits> = Object.freeze({
  maxSessions: 1000,
  sessionTtlMs: 24 * 60 * 60 * 1000,
  maxRecords: 1000,
  maxSessionBytes: 256 * 1024,
});

/** What each record costs beside its JSON: its key, its place in the list, the store's own entry. */
export const RECORD_COST = 64;
/** What each resource (and parent) a session writes to costs: the bucket and its counters. */
export const BUCKET_COST = 256;

/** A record's cost: its JSON's UTF-8 bytes and the fixed part, or the fixed part only for an initial record. */
export function recordCost(json: string | undefined): number {
  return RECORD_COST + (json === undefined ? 0 : Buffer.byteLength(json));
}

/** Why a write was refused: the records cap of the resource, or the bytes cap of the session. */
export type Full = { full: 'records' | 'bytes'; limit: number };

/** `90s`, `30m`, `2h`, `1d`, or seconds; 0 for never. A message when it is none of these. */
export function parseDuration(flag: string, text: string): number | string {
  const m = /^\s*(\d{1,9})\s*(ms|s|m|h|d)?\s*$/i.exec(text);
  if (!m) return `${flag} ${JSON.stringify(text)} is not a duration: use seconds or 90s, 30m, 2h, 1d (0 for never).`;
  const unit = (m[2] ?? 's').toLowerCase();
  const ms = Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit as 's'];
  return Number.isSafeInteger(ms) ? ms : `${flag} ${text}: too long.`;
}

/** `262144`, `256KiB`, `1MiB`, `512k`, `2M`, `1GiB`. A message when it is none of these. */
export function parseSize(flag: string, text: string): number | string {
  const m = /^\s*(\d{1,12})\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(text);
  if (!m) return `${flag} ${JSON.stringify(text)} is not a size: use bytes or 256KiB, 1MiB, 1GiB.`;
  const unit = (m[2] ?? 'b').toLowerCase()[0] as 'b' | 'k' | 'm' | 'g';
  const bytes = Number(m[1]) * { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[unit];
  return bytes >= 1 && Number.isSafeInteger(bytes) ? bytes : `${flag} ${text} must be at least one byte.`;
}

/** A whole number from 1 up. A message when it is not one. */
export function parseCount(flag: string, text: string): number | string {
  const n = /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : Number.NaN;
  return n >= 1 ? n : `${flag} ${JSON.stringify(text)} must be a whole number from 1 up.`;
}
