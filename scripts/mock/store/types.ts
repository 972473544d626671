// Where stateful mocking keeps its records: an interface with two stores, the
// process's own memory (memory.ts, the default) and Redis (redis.ts, for
// several mock instances behind one load balancer). Records are kept per
// session (the `Mock-Session` header) and per bucket: one resource, and for a
// nested one (`/users/{userId}/posts`) one value of its parent parameters.
// Each bucket starts as the resource's initial records: a read of a bucket
// never written is answered from them, and the first write copies them in.
// What a store holds is bounded (limits.ts): sessions by number and idle
// time, records per bucket, bytes per session; a write past a bound is
// refused, not stored.
import type { Rec } from '../stateful/types.ts';
import type { Full } from './limits.ts';

export interface Bucket {
  resource: string;
  /** Values of the parent path parameters, joined; '' for a top-level resource. */
  scope: string;
}

/** What a store needs to know about a resource of the version being served. */
export interface StoredResource {
  name: string;
  fingerprint: string;
  /** The initial records by id, in order. */
  initial: [string, Rec][];
  /** The highest integer id among them: new ids start above it. */
  highestId: number;
}

export interface StateStore {
  /** `in-process` or the Redis address, for the start-up line. */
  readonly where: string;
  /**
   * The resources of the version now served. A resource whose fingerprint changed, or that
   * is gone, loses its records in every session (they start again from the new examples);
   * the names of those are returned.
   */
  define(resources: StoredResource[]): Promise<string[]>;
  /** Every record of the bucket, in the order they were first stored. */
  list(session: string, bucket: Bucket): Promise<Rec[]>;
  get(session: string, bucket: Bucket, key: string): Promise<Rec | undefined>;
  /**
   * Stores the record under its id (`existed`: one was there, and it keeps its place in the
   * list), or refuses it when the bucket holds as many records, or the session as many bytes,
   * as the limits allow.
   */
  put(session: string, bucket: Bucket, key: string, record: Rec): Promise<PutOutcome>;
  /** True when a record was removed. */
  remove(session: string, bucket: Bucket, key: string): Promise<boolean>;
  /** The next integer id of the bucket, above every id it has held and not in use. */
  nextId(session: string, bucket: Bucket): Promise<number>;
  /** How many sessions hold records now (idle ones past their time not counted). */
  sessions(): Promise<number>;
  /** Whether the store answers now (Redis: a PING within the command timeout). */
  health(): Promise<StoreHealth>;
  /** Forgets one session's records, or every session's: each starts again from the initial records, and its memory is given back. */
  reset(session?: string): Promise<void>;
  close(): Promise<void>;
}

export type PutOutcome = { stored: true; existed: boolean } | ({ stored: false } & Full);

/** The session a request names with `Mock-Session`, else the one every other request shares. */
export const DEFAULT_SESSION = 'default';
export const SESSION_HEADER = 'mock-session';

export type StoreHealth = { ok: true; where: string } | { ok: false; where: string; reason: string };

/** The store cannot answer now (Redis down, restarting or too slow): the request is a 503 with `Retry-After`, and a retry may succeed. */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
}

/** Seconds a client is told to wait before trying again while the store is unavailable. */
export const STORE_RETRY_AFTER_S = 1;
