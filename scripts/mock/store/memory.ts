// The default state store: records in this process's memory, lost when it
// stops. A session's bucket is filled with the initial records the first
// time it is used.
import type { Rec } from '../stateful/types.ts';
import type { Bucket, StateStore, StoredResource } from './types.ts';

interface Held {
  records: Map<string, Rec>;
  /** Last integer id handed out (or the highest initial one). */
  seq: number;
}

export class MemoryStore implements StateStore {
  readonly where = 'in-process';
  private resources = new Map<string, StoredResource>();
  /** Session → `resource\0scope` → records. */
  private readonly sessions = new Map<string, Map<string, Held>>();

  async define(resources: StoredResource[]): Promise<string[]> {
    const next = new Map(resources.map((r) => [r.name, r]));
    const dropped = [...this.resources.values()].filter((old) => next.get(old.name)?.fingerprint !== old.fingerprint).map((r) => r.name);
    this.resources = next;
    if (dropped.length > 0) {
      const gone = new Set(dropped);
      for (const buckets of this.sessions.values()) for (const key of [...buckets.keys()]) if (gone.has(key.slice(0, key.indexOf('\0')))) buckets.delete(key);
    }
    return dropped;
  }

  private held(session: string, bucket: Bucket): Held {
    let buckets = this.sessions.get(session);
    if (!buckets) this.sessions.set(session, (buckets = new Map()));
    const key = `${bucket.resource}\0${bucket.scope}`;
    let held = buckets.get(key);
    if (!held) {
      const resource = this.resources.get(bucket.resource);
      held = { records: new Map(resource?.initial ?? []), seq: resource?.highestId ?? 0 };
      buckets.set(key, held);
    }
    return held;
  }

  async list(session: string, bucket: Bucket): Promise<Rec[]> {
    return [...this.held(session, bucket).records.values()];
  }

  async get(session: string, bucket: Bucket, key: string): Promise<Rec | undefined> {
    return this.held(session, bucket).records.get(key);
  }

  async put(session: string, bucket: Bucket, key: string, record: Rec): Promise<boolean> {
    const { records } = this.held(session, bucket);
    const existed = records.has(key);
    records.set(key, record);
    return existed;
  }

  async remove(session: string, bucket: Bucket, key: string): Promise<boolean> {
    return this.held(session, bucket).records.delete(key);
  }

  async nextId(session: string, bucket: Bucket): Promise<number> {
    const held = this.held(session, bucket);
    do held.seq++;
    while (held.records.has(String(held.seq)));
    return held.seq;
  }

  async reset(session?: string): Promise<void> {
    if (session === undefined) this.sessions.clear();
    else this.sessions.delete(session);
  }

  async close(): Promise<void> {
    this.sessions.clear();
  }
}
