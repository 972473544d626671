// The last requests the mock answered, kept for `GET /__mock/requests`: what
// a frontend developer reads when a screen shows something unexpected. A ring
// of fixed size, so a long day of requests costs no more memory than a minute.

export interface RequestRecord {
  /** When the answer was written (ms since the epoch; ISO text in the JSON). */
  at: number;
  method: string;
  url: string;
  /** 0 for a request that got no answer (a fault). */
  status: number;
  ms: number;
  /** The operation matched: its operationId, else method and path. */
  operation?: string;
  /** Why the mock refused the request, or what it did to it (a fault). */
  reason?: string;
  session?: string;
}

export const RECENT_REQUESTS = 200;

export class RecentRequests {
  private readonly ring: (RequestRecord | undefined)[];
  private next = 0;

  constructor(size = RECENT_REQUESTS) {
    this.ring = new Array(size);
  }

  add(record: RequestRecord): void {
    this.ring[this.next] = record;
    this.next = (this.next + 1) % this.ring.length;
  }

  /** Oldest first, at most `limit` of the newest, as `GET /__mock/requests` shows them. */
  list(limit = this.ring.length): (Omit<RequestRecord, 'at'> & { time: string })[] {
    const out: RequestRecord[] = [];
    for (let i = 0; i < this.ring.length; i++) {
      const r = this.ring[(this.next + i) % this.ring.length];
      if (r) out.push(r);
    }
    const kept = limit < out.length ? out.slice(out.length - limit) : out;
    return kept.map(({ at, ...rest }) => ({ time: new Date(at).toISOString(), ...rest }));
  }
}
