// The journal: the last requests the mock answered, for `GET /__mock/requests`
// (what a frontend developer reads when a screen shows something unexpected,
// and what a test asserts on: "the page called createPet once with this
// body"). Each entry keeps the request's headers with credentials redacted,
// its body up to a bound, the answer's status and what was wrong with it (a
// proxied answer the description does not allow). A ring of fixed size, so a
// long day of requests costs no more memory than a minute.

/** A way the answer (or the request) differs from the description: where, and why. */
export interface Problem {
  /** `status`, `header`, `body` of the answer, or `request` for an undeclared operation. */
  in: 'status' | 'header' | 'body' | 'request';
  /** JSON pointer of the failing value in the body (RFC 6901), or the header's name. */
  at?: string;
  message: string;
}

export interface RequestRecord {
  /** When the answer was written (ms since the epoch; ISO text in the JSON). */
  at: number;
  method: string;
  /** The target as sent, credential query parameters redacted. */
  url: string;
  /** 0 for a request that got no answer (a fault). */
  status: number;
  ms: number;
  /** The operation matched: its operationId, else method and path. */
  operation?: string;
  /** Why the mock refused the request, or what it did to it (a fault). */
  reason?: string;
  session?: string;
  /** The request's headers as received: redacted when listed (kept as is, so answering costs no copy). */
  headers?: Record<string, string | string[] | undefined>;
  /** The first JOURNAL_BODY_BYTES of the body, read when listed; `bodyLength` the whole body's. */
  body?: Buffer;
  bodyLength?: number;
  /** Where the answer came from: the mock's examples or records, or the upstream (`--proxy`). */
  source?: 'mock' | 'upstream';
  problems?: Problem[];
}

/** Header and query names the served description's credentials travel in, lower-case. */
export interface CredentialNames {
  headers: ReadonlySet<string>;
  query: ReadonlySet<string>;
}

export const RECENT_REQUESTS = 200;
/** The most of a request body an entry keeps. */
export const JOURNAL_BODY_BYTES = 8 * 1024;

export interface JournalFilter {
  operation?: string;
  session?: string;
  /** `201`, or a class: `4xx`. */
  status?: string;
  /** Entries answered after this time (ms since the epoch). */
  since?: number;
  limit?: number;
}

export type JournalEntry = Omit<RequestRecord, 'at' | 'headers' | 'body' | 'bodyLength'> & {
  id: number;
  time: string;
  headers?: Record<string, string>;
  /** Parsed JSON, else text, cut at JOURNAL_BODY_BYTES (`bodyTruncated`). */
  body?: unknown;
  bodyTruncated?: boolean;
};

const NO_CREDENTIALS: CredentialNames = { headers: new Set(), query: new Set() };

export class RecentRequests {
  private readonly ring: ((RequestRecord & { id: number }) | undefined)[];
  private next = 0;
  private count = 0;

  constructor(size = RECENT_REQUESTS) {
    this.ring = new Array(size);
  }

  add(record: RequestRecord): void {
    // A cut body is copied, so the ring does not hold the whole of a large one.
    if (record.body && record.body.length > JOURNAL_BODY_BYTES) record.body = Buffer.from(record.body.subarray(0, JOURNAL_BODY_BYTES));
    this.ring[this.next] = { ...record, id: ++this.count };
    this.next = (this.next + 1) % this.ring.length;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
  }

  /** Oldest first, at most `limit` of the newest that pass the filter, as `GET /__mock/requests` shows them. */
  list(filter: JournalFilter | number = {}, credentials: CredentialNames = NO_CREDENTIALS): JournalEntry[] {
    const f = typeof filter === 'number' ? { limit: filter } : filter;
    const status = f.status?.trim().toLowerCase();
    const out: (RequestRecord & { id: number })[] = [];
    for (let i = 0; i < this.ring.length; i++) {
      const r = this.ring[(this.next + i) % this.ring.length];
      if (!r) continue;
      if (f.operation !== undefined && r.operation !== f.operation) continue;
      if (f.session !== undefined && (r.session ?? '') !== f.session) continue;
      if (f.since !== undefined && r.at <= f.since) continue;
      if (status !== undefined && !statusMatches(r.status, status)) continue;
      out.push(r);
    }
    const limit = f.limit ?? this.ring.length;
    const kept = limit < out.length ? out.slice(out.length - limit) : out;
    return kept.map(({ at, id, headers, body, bodyLength, url, ...rest }) => {
      const entry: JournalEntry = { id, time: new Date(at).toISOString(), ...rest, url: redactedUrl(url, credentials.query) };
      if (headers) entry.headers = redactedHeaders(headers, credentials.headers);
      if (body) {
        const contentType = headers?.['content-type'];
        const kept = journalBody(body, bodyLength ?? body.length, typeof contentType === 'string' ? contentType : undefined);
        entry.body = kept.body;
        if (kept.truncated) entry.bodyTruncated = true;
      }
      return entry;
    });
  }
}

function statusMatches(status: number, wanted: string): boolean {
  if (/^[1-5]xx$/.test(wanted)) return Math.floor(status / 100) === Number(wanted[0]);
  return String(status) === wanted;
}

/** Header names whose values are credentials wherever they appear. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key', 'x-auth-token']);
export const REDACTED = '[redacted]';

/**
 * The request's headers as the journal keeps them: credentials (`Authorization`, cookies, and the
 * header or query names the description's security schemes use) replaced, a scheme word kept
 * (`Bearer [redacted]`), so a test can still see which kind was sent.
 */
export function redactedHeaders(headers: Record<string, string | string[] | undefined>, credentialNames: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (!CREDENTIAL_HEADERS.has(name) && !credentialNames.has(name)) out[name] = text.slice(0, 1024);
    else {
      const scheme = /^([A-Za-z][\w.-]*) +\S/.exec(text)?.[1];
      out[name] = scheme && (name === 'authorization' || name === 'proxy-authorization') ? `${scheme} ${REDACTED}` : REDACTED;
    }
  }
  return out;
}

/** The target with the values of credential query parameters replaced. */
export function redactedUrl(url: string, credentialNames: ReadonlySet<string>): string {
  const q = url.indexOf('?');
  if (q === -1 || credentialNames.size === 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      let name = eq === -1 ? pair : pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // Kept as sent.
      }
      return eq !== -1 && credentialNames.has(name.toLowerCase()) ? `${pair.slice(0, eq)}=${encodeURIComponent(REDACTED)}` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** A body as the journal keeps it: JSON parsed when it is JSON and whole, else text (UTF-8, cut), else its size. */
export function journalBody(raw: Buffer, length: number, contentType: string | undefined): { body: unknown; truncated?: boolean } {
  const cut = length > raw.length || raw.length > JOURNAL_BODY_BYTES;
  const text = raw.subarray(0, JOURNAL_BODY_BYTES).toString('utf8');
  if (!cut && contentType && /[/+]json\b/i.test(contentType)) {
    try {
      return { body: JSON.parse(text) };
    } catch {
      // Kept as text.
    }
  }
  if (text.includes('\uFFFD') && !/^text\/|json|xml|form/i.test(contentType ?? '')) return { body: `(${length} bytes)` };
  return cut ? { body: text, truncated: true } : { body: text };
}
