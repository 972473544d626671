// Where stateful mocking keeps its records: an interface with two stores, the
// process's own memory (memory.ts, the default) and Redis (redis.ts, for
// several mock instances behind one load balancer). Records are kept per
// session (the `Mock-Session` header) and per bucket: one resource, and for a
// nested one (`/users/{userId}/posts`) one value of its parent parameters.
// Each bucket starts, on first use, as the resource's initial records.
import type { Rec } from '../stateful/types.ts';

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
  /** Stores the record under its id; true when one was there already (it keeps its place in the list). */
  put(session: string, bucket: Bucket, key: string, record: Rec): Promise<boolean>;
  /** True when a record was removed. */
  remove(session: string, bucket: Bucket, key: string): Promise<boolean>;
  /** The next integer id of the bucket, above every id it has held and not in use. */
  nextId(session: string, bucket: Bucket): Promise<number>;
  /** Forgets one session's records, or every session's: each starts again from the initial records. */
  reset(session?: string): Promise<void>;
  close(): Promise<void>;
}

/** The session a request names with `Mock-Session`, else the one every other request shares. */
export const DEFAULT_SESSION = 'default';
export const SESSION_HEADER = 'mock-session';
