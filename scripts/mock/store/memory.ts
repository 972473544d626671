// The default state store: records in this process's memory, lost when it
// stops. Records are kept as their JSON text: a read parses a fresh copy (as
// from Redis), a session's bytes are counted exactly, and the description's
// examples are one string each, shared by every session that copied them.
// Sessions are kept least recently used first, so the one to forget past the
// cap, and the idle ones, are found at the front without a scan.
import type { Rec } from '../stateful/types.ts';
import { BUCKET_COST, DEFAULT_STORE_LIMITS, recordCost, type StoreLimits } from './limits.ts';
import type { Bucket, PutOutcome, StateStore, StoreHealth, StoredResource } from './types.ts';

interface Held {
  /** Id → record JSON. */
  records: Map<string, string>;
  /** Last integer id handed out (or the highest initial one). */
  seq: number;
  /** Ids whose record is still the example the bucket was filled with: shared, so only its fixed part counts. */
  initial: Set<string>;
  /** What the bucket costs its session. */
  bytes: number;
}

interface Session {
  /** `resource\0scope` → its records, once written to. */
  buckets: Map<string, Held>;
  bytes: number;
  used: number;
}

interface Known extends StoredResource {
  /** Id → the initial record's JSON, shared by every session. */
  texts: Map<string, string>;
}

export class MemoryStore implements StateStore {
  readonly where = 'in-process';
  private resources = new Map<string, Known>();
  /** Least recently used first. */
  private readonly bySession = new Map<string, Session>();
  private readonly limits: StoreLimits;
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout | undefined;
  /** The most recently used session, already at the back: most requests come from it again. */
  private recent: string | undefined;
  /** When idle sessions were last looked for. */
  private swept = 0;

  constructor(limits: Partial<StoreLimits> = {}, now: () => number = Date.now) {
    this.limits = { ...DEFAULT_STORE_LIMITS, ...limits };
    this.now = now;
    const ttl = this.limits.sessionTtlMs;
    // Idle sessions go even while no request comes to push them out.
    if (ttl > 0) {
      this.sweeper = setInterval(() => this.expire(), Math.min(ttl, 60_000));
      this.sweeper.unref();
    }
  }

  async health(): Promise<StoreHealth> {
    return { ok: true, where: this.where };
  }

  async sessions(): Promise<number> {
    this.expire();
    return this.bySession.size;
  }

  async define(resources: StoredResource[]): Promise<string[]> {
    const next = new Map<string, Known>(resources.map((r) => [r.name, { ...r, texts: new Map(r.initial.map(([id, rec]) => [id, JSON.stringify(rec)])) }]));
    const dropped = [...this.resources.values()].filter((old) => next.get(old.name)?.fingerprint !== old.fingerprint).map((r) => r.name);
    this.resources = next;
    if (dropped.length > 0) {
      const gone = new Set(dropped);
      for (const s of this.bySession.values()) {
        for (const [key, held] of [...s.buckets]) {
          if (!gone.has(key.slice(0, key.indexOf('\0')))) continue;
          s.buckets.delete(key);
          s.bytes -= held.bytes;
        }
      }
    }
    return dropped;
  }

  /** Forgets the sessions idle past the limit: they are at the front. */
  private expire(now = this.now()): void {
    const ttl = this.limits.sessionTtlMs;
    if (ttl <= 0) return;
    this.swept = now;
    for (const [name, s] of this.bySession) {
      if (s.used > now - ttl) break;
      this.forget(name);
    }
  }

  private forget(name: string): void {
    this.bySession.delete(name);
    if (this.recent === name) this.recent = undefined;
  }

  /** The session, now the most recently used; a new one only for a write, forgetting the least recently used past the cap. */
  private session(name: string, create: true): Session;
  private session(name: string, create: false): Session | undefined;
  private session(name: string, create: boolean): Session | undefined {
    const now = this.now();
    const ttl = this.limits.sessionTtlMs;
    // Idle ones are looked for once a second at most; the one asked for is checked every time.
    if (ttl > 0 && now - this.swept >= 1000) this.expire(now);
    let s = this.bySession.get(name);
    if (s && ttl > 0 && s.used <= now - ttl) {
      this.forget(name);
      s = undefined;
    }
    if (s && this.recent === name) {
      s.used = now;
      return s;
    }
    if (s) this.bySession.delete(name);
    else if (!create) return undefined;
    else {
      for (const oldest of this.bySession.keys()) {
        if (this.bySession.size < this.limits.maxSessions) break;
        this.forget(oldest);
      }
      s = { buckets: new Map(), bytes: 0, used: 0 };
    }
    s.used = now;
    this.bySession.set(name, s);
    this.recent = name;
    return s;
  }

  /** The bucket's records as a read sees them: written ones, else the initial ones; nothing is stored. */
  private view(session: string, bucket: Bucket): Map<string, string> {
    const held = this.session(session, false)?.buckets.get(`${bucket.resource}\0${bucket.scope}`);
    return held?.records ?? this.resources.get(bucket.resource)?.texts ?? new Map();
  }

  /** The bucket to write to, filled with the initial records on its first write. */
  private held(session: string, bucket: Bucket): { s: Session; held: Held } {
    const s = this.session(session, true);
    const key = `${bucket.resource}\0${bucket.scope}`;
    let held = s.buckets.get(key);
    if (!held) {
      const resource = this.resources.get(bucket.resource);
      const records = new Map(resource?.texts ?? []);
      held = { records, initial: new Set(records.keys()), seq: resource?.highestId ?? 0, bytes: BUCKET_COST + records.size * recordCost(undefined) };
      s.buckets.set(key, held);
      s.bytes += held.bytes;
    }
    return { s, held };
  }

  /** What a stored record costs: an initial one is shared, so only its fixed part. */
  private static cost(held: Held, key: string, text: string | undefined): number {
    if (text === undefined) return 0;
    return held.initial.has(key) ? recordCost(undefined) : recordCost(text);
  }

  async list(session: string, bucket: Bucket): Promise<Rec[]> {
    return Array.from(this.view(session, bucket).values(), (text) => JSON.parse(text) as Rec);
  }

  async get(session: string, bucket: Bucket, key: string): Promise<Rec | undefined> {
    const text = this.view(session, bucket).get(key);
    return text === undefined ? undefined : (JSON.parse(text) as Rec);
  }

  async put(session: string, bucket: Bucket, key: string, record: Rec): Promise<PutOutcome> {
    const { s, held } = this.held(session, bucket);
    const old = held.records.get(key);
    if (old === undefined && held.records.size >= this.limits.maxRecords) return { stored: false, full: 'records', limit: this.limits.maxRecords };
    const text = JSON.stringify(record);
    const delta = recordCost(text) - MemoryStore.cost(held, key, old);
    if (delta > 0 && s.bytes + delta > this.limits.maxSessionBytes) return { stored: false, full: 'bytes', limit: this.limits.maxSessionBytes };
    held.records.set(key, text);
    held.initial.delete(key);
    held.bytes += delta;
    s.bytes += delta;
    return { stored: true, existed: old !== undefined };
  }

  async remove(session: string, bucket: Bucket, key: string): Promise<boolean> {
    const { s, held } = this.held(session, bucket);
    const old = held.records.get(key);
    if (old === undefined) return false;
    const freed = MemoryStore.cost(held, key, old);
    held.records.delete(key);
    held.initial.delete(key);
    held.bytes -= freed;
    s.bytes -= freed;
    return true;
  }

  async nextId(session: string, bucket: Bucket): Promise<number> {
    const { held } = this.held(session, bucket);
    do held.seq++;
    while (held.records.has(String(held.seq)));
    return held.seq;
  }

  async reset(session?: string): Promise<void> {
    if (session === undefined) {
      this.bySession.clear();
      this.recent = undefined;
    } else this.forget(session);
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.reset();
  }
}
