// The state store on Redis (`--state redis://host:port`), so several mock
// instances behind one load balancer share their records. Each operation is
// one Lua script run atomically by Redis, the filling of a new bucket with the
// initial records and the session's bounds included, so two instances never
// both fill one, hand out one id twice, or let a session past its limits
// (limits.ts: the same as the memory store's, Redis's clock deciding idle
// time). A standalone Redis: the scripts reach the keys of the sessions they
// forget. Keys, under the `mock:` prefix:
//   mock:i:<resource>                     hash: fingerprint, initial records, highest id
//   mock:b:<session>:<resource>:<scope>   hash: id → "<order> <record JSON>" ("<order>:" for an initial record)
//   mock:m:<session>:<resource>:<scope>   hash: filled, seq (last id), order (last position), bytes
//   mock:s:<session>                      hash: bytes (what the session holds), k:<resource>:<scope> per bucket
//   mock:sessions                         sorted set: session → when last used (ms)
// A session's keys expire together (PEXPIRE, renewed at each use) once idle
// for `--session-ttl`; past `--max-sessions`, the least recently used is
// deleted; a read of a session or bucket never written reads the initial
// records and stores nothing.
// Redis may go away and come back (a restart, a failover): a command waits at
// most `--store-timeout` (COMMAND_TIMEOUT_MS unless set) and fails at once while the client is disconnected,
// as StoreUnavailable (the request is a 503), the client reconnects with
// backoff for as long as the mock runs, and a resource whose initial records
// are missing (a Redis restarted empty) is seeded again by the first script
// that needs them.
import { createHash } from 'node:crypto';
import { createClient, ErrorReply } from '@redis/client';
import type { Rec } from '../stateful/types.ts';
import { BUCKET_COST, DEFAULT_STORE_LIMITS, RECORD_COST, type StoreLimits } from './limits.ts';
import { StoreUnavailable, type Bucket, type PutOutcome, type StateStore, type StoreHealth, type StoredResource } from './types.ts';

const PREFIX = 'mock:';
const SESSIONS = `${PREFIX}sessions`;

import { COMMAND_TIMEOUT_MS } from './command-timeout.ts';
/** How long the start waits for a first connection before serving (stateful answers are 503 until Redis answers). */
const FIRST_CONNECTION_MS = 3000;
/** Reconnection: from 50 ms, doubling, at most a second apart, for ever. */
export function reconnectDelay(retries: number, random: () => number = Math.random): number {
  return Math.min(50 * 2 ** Math.min(retries, 5), 1000) + Math.floor(random() * 50);
}
/** Redis's answers that mean it cannot serve now rather than that the command is wrong. */
const UNAVAILABLE_REPLY = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|OOM|READONLY|CLUSTERDOWN)\b/;

/** A name as a key part: `:` and glob characters escaped, so a session called `*` matches only itself. */
function part(text: string): string {
  return encodeURIComponent(text).replace(/[*?[\]!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

// KEYS: records, meta, init, session, sessions. ARGV: session, bucket (`<resource>:<scope>`),
// max sessions, idle ms (0: never), max records, max bytes, then the operation's own.
const PRELUDE = `
-- Redis 5 and 6 take TIME before writes only with this (7 always does).
redis.replicate_commands()
local P = '${PREFIX}'
local session, bucket = ARGV[1], ARGV[2]
local maxSessions, ttl, maxRecords, maxBytes = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local RECORD, BUCKET = ${RECORD_COST}, ${BUCKET_COST}

local function buckets(name)
  local out = {}
  for _, field in ipairs(redis.call('HKEYS', P .. 's:' .. name)) do
    if string.sub(field, 1, 2) == 'k:' then table.insert(out, name .. ':' .. string.sub(field, 3)) end
  end
  return out
end

local function drop(name)
  for _, at in ipairs(buckets(name)) do redis.call('DEL', P .. 'b:' .. at, P .. 'm:' .. at) end
  redis.call('DEL', P .. 's:' .. name)
  redis.call('ZREM', KEYS[5], name)
end

-- The session, now the most recently used; a new one only for a write, past the cap forgetting the
-- least recently used. False when it does not exist and was not to be made.
local function touch(create)
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  if ttl > 0 then
    for _, name in ipairs(redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', now - ttl, 'LIMIT', 0, 16)) do drop(name) end
  end
  if not redis.call('ZSCORE', KEYS[5], session) then
    if not create then return false end
    while redis.call('ZCARD', KEYS[5]) >= maxSessions do drop(redis.call('ZRANGE', KEYS[5], 0, 0)[1]) end
  end
  redis.call('ZADD', KEYS[5], now, session)
  if create then redis.call('HSETNX', KEYS[4], 'bytes', 0) end
  if ttl > 0 then
    redis.call('PEXPIRE', KEYS[4], ttl)
    for _, at in ipairs(buckets(session)) do
      redis.call('PEXPIRE', P .. 'b:' .. at, ttl)
      redis.call('PEXPIRE', P .. 'm:' .. at, ttl)
    end
  end
  return true
end

-- Fills the bucket from the resource's initial records on its first write.
local function fill()
  if redis.call('HSETNX', KEYS[2], 'filled', '1') == 0 then return end
  local init = redis.call('HGET', KEYS[3], 'records')
  local n = 0
  if init then
    for _, pair in ipairs(cjson.decode(init)) do
      n = n + 1
      redis.call('HSET', KEYS[1], pair[1], n .. ':' .. pair[2])
    end
  end
  local cost = BUCKET + n * RECORD
  redis.call('HSET', KEYS[2], 'seq', redis.call('HGET', KEYS[3], 'highest') or '0', 'order', n, 'bytes', cost)
  redis.call('HSET', KEYS[4], 'k:' .. bucket, '1')
  redis.call('HINCRBY', KEYS[4], 'bytes', cost)
end

local function write()
  touch(true)
  fill()
end

-- After a write: the bucket's keys (the records' may be new) expire with the session's.
local function written()
  if ttl > 0 then
    redis.call('PEXPIRE', KEYS[1], ttl)
    redis.call('PEXPIRE', KEYS[2], ttl)
  end
end

-- What a stored record costs: an initial one its fixed part, another its JSON too.
local function cost(stored)
  if not stored then return 0 end
  local order = string.match(stored, '^%d+')
  if string.sub(stored, #order + 1, #order + 1) == ':' then return RECORD end
  return RECORD + #stored - #order - 1
end

-- A read: the bucket's records once written, else the initial ones (nothing stored).
local function written_bucket()
  return touch(false) and redis.call('HEXISTS', KEYS[2], 'filled') == 1
end

-- A resource's initial records must be there (a Redis restarted empty has lost them): the client seeds them and runs the script again.
local function seeded()
  if redis.call('EXISTS', KEYS[3]) == 0 then return redis.error_reply('NOINIT') end
  return false
end

local function initial()
  local init = redis.call('HGET', KEYS[3], 'records')
  if not init then return {} end
  return cjson.decode(init)
end
`;

const SCRIPTS = {
  get: `${PRELUDE}
local missing = seeded()
if missing then return missing end
if written_bucket() then return redis.call('HGET', KEYS[1], ARGV[7]) end
for i, pair in ipairs(initial()) do
  if pair[1] == ARGV[7] then return i .. ':' .. pair[2] end
end
return false`,
  list: `${PRELUDE}
local missing = seeded()
if missing then return missing end
if written_bucket() then return redis.call('HVALS', KEYS[1]) end
local out = {}
for i, pair in ipairs(initial()) do table.insert(out, i .. ':' .. pair[2]) end
return out`,
  put: `${PRELUDE}
local missing = seeded()
if missing then return missing end
write()
local old = redis.call('HGET', KEYS[1], ARGV[7])
if not old and redis.call('HLEN', KEYS[1]) >= maxRecords then return -1 end
local delta = RECORD + #ARGV[8] - cost(old)
if delta > 0 and tonumber(redis.call('HGET', KEYS[4], 'bytes') or '0') + delta > maxBytes then return -2 end
local order
if old then order = string.match(old, '^%d+') else order = redis.call('HINCRBY', KEYS[2], 'order', 1) end
redis.call('HSET', KEYS[1], ARGV[7], order .. ' ' .. ARGV[8])
redis.call('HINCRBY', KEYS[2], 'bytes', delta)
redis.call('HINCRBY', KEYS[4], 'bytes', delta)
written()
if old then return 1 else return 0 end`,
  remove: `${PRELUDE}
local missing = seeded()
if missing then return missing end
write()
local old = redis.call('HGET', KEYS[1], ARGV[7])
if not old then return 0 end
redis.call('HDEL', KEYS[1], ARGV[7])
redis.call('HINCRBY', KEYS[2], 'bytes', -cost(old))
redis.call('HINCRBY', KEYS[4], 'bytes', -cost(old))
written()
return 1`,
  nextId: `${PRELUDE}
local missing = seeded()
if missing then return missing end
write()
local n
repeat n = redis.call('HINCRBY', KEYS[2], 'seq', 1) until redis.call('HEXISTS', KEYS[1], tostring(n)) == 0
written()
return n`,
  sessions: `${PRELUDE}
touch(false)
return redis.call('ZCARD', KEYS[5])`,
  reset: `${PRELUDE}
drop(session)
return 1`,
  // A resource a new version changed: its bucket goes, and what it cost its session. KEYS as above.
  // The initial records of a resource, unless another instance put them there first. KEYS as above; ARGV[7..9]: fingerprint, records, highest.
  seed: `${PRELUDE}
if redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
redis.call('HSET', KEYS[3], 'fingerprint', ARGV[7], 'records', ARGV[8], 'highest', ARGV[9])
return 1`,
  forget: `${PRELUDE}
local bytes = tonumber(redis.call('HGET', KEYS[2], 'bytes') or '0')
redis.call('DEL', KEYS[1], KEYS[2])
if redis.call('HDEL', KEYS[4], 'k:' .. bucket) == 1 then redis.call('HINCRBY', KEYS[4], 'bytes', -bytes) end
return 1`,
} as const;

type ScriptName = keyof typeof SCRIPTS;

/** Each script's SHA-1, as Redis names it: EVALSHA works wherever the script was run once, and EVAL teaches a Redis that forgot it. */
const SHAS = Object.fromEntries(Object.entries(SCRIPTS).map(([name, text]) => [name, createHash('sha1').update(text).digest('hex')])) as Record<
  ScriptName,
  string
>;

/** A stored value's record: after its position and the mark of an initial one. */
function parseStored(value: string): Rec {
  const digits = /^\d+/.exec(value)?.[0].length ?? 0;
  return JSON.parse(value.slice(digits + 1)) as Rec;
}

export interface RedisStoreOptions {
  /** Where the store says that Redis went away and came back. */
  log?: (text: string) => void;
  /** How long one command may take before its request is a 503; COMMAND_TIMEOUT_MS unless set. */
  commandTimeoutMs?: number;
}

export class RedisStore implements StateStore {
  readonly where: string;
  private readonly client: ReturnType<typeof createClient>;
  private readonly log: (text: string) => void;
  private readonly commandTimeoutMs: number;
  /** The limits as the scripts take them. */
  private readonly bounds: string[];
  /** The resources of the version served, by key part: seeded again where Redis lost them. */
  private resources = new Map<string, StoredResource>();
  /** Why Redis cannot be used now (undefined while it can), and since when. */
  private down: { reason: string; since: number } | undefined = { reason: 'not connected yet', since: Date.now() };
  private closing = false;

  private constructor(url: string, limits: StoreLimits, options: RedisStoreOptions) {
    this.where = url;
    this.log = options.log ?? (() => {});
    this.commandTimeoutMs = options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS;
    this.bounds = [limits.maxSessions, limits.sessionTtlMs, limits.maxRecords, limits.maxSessionBytes].map(String);
    this.client = createClient({
      url,
      // Commands are refused at once while disconnected, rather than queued until Redis is back.
      disableOfflineQueue: true,
      commandsQueueMaxLength: 10_000,
      socket: { connectTimeout: 1000, reconnectStrategy: (retries) => (this.closing ? false : reconnectDelay(retries)) },
    });
    this.client.on('error', (error: Error) => this.lost(error.message || error.name));
    this.client.on('ready', () => this.regained());
  }

  /**
   * A store on Redis at `url`, once it answers or after a few seconds of waiting: a mock may start
   * before its Redis does, answering 503 for the stateful operations until Redis is there.
   */
  static async connect(url: string, limits: Partial<StoreLimits> = {}, options: RedisStoreOptions = {}): Promise<RedisStore> {
    const store = new RedisStore(url, { ...DEFAULT_STORE_LIMITS, ...limits }, options);
    const connecting = store.client.connect().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([connecting, new Promise((done) => (timer = setTimeout(done, FIRST_CONNECTION_MS)))]);
    clearTimeout(timer);
    if (store.down) store.log(`Redis at ${url} does not answer yet (${store.down.reason}): stateful answers are 503 until it does.`);
    return store;
  }

  private lost(reason: string): void {
    if (this.closing) return;
    if (!this.down) {
      this.down = { reason, since: Date.now() };
      this.log(`Redis at ${this.where} is unavailable (${reason}): stateful answers are 503, reconnecting.`);
    } else this.down.reason = reason;
  }

  private regained(): void {
    const was = this.down;
    this.down = undefined;
    if (was && was.reason !== 'not connected yet') this.log(`Redis at ${this.where} is back after ${((Date.now() - was.since) / 1000).toFixed(1)} s.`);
    // A Redis that restarted empty gets the initial records again (the scripts also seed what they miss).
    if (this.resources.size > 0) this.apply([...this.resources.values()]).catch(() => undefined);
  }

  /** One command, within the command timeout; a Redis that cannot answer is StoreUnavailable. */
  private async command<T>(args: string[]): Promise<T> {
    if (this.down && !this.client.isReady) throw new StoreUnavailable(`Redis at ${this.where} is unavailable (${this.down.reason})`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StoreUnavailable(`Redis at ${this.where} did not answer within ${this.commandTimeoutMs} ms`)), this.commandTimeoutMs);
    });
    try {
      return await Promise.race([this.client.sendCommand(args) as Promise<T>, timeout]);
    } catch (error) {
      throw unavailable(error, this.where);
    } finally {
      clearTimeout(timer);
    }
  }

  async health(): Promise<StoreHealth> {
    try {
      await this.command(['PING']);
      return { ok: true, where: this.where };
    } catch (error) {
      return { ok: false, where: this.where, reason: (error as Error).message };
    }
  }

  /** Runs a script on one bucket of one session, its names as key parts (`part`); seeds the resource first when Redis lost it. */
  private async runParts(name: ScriptName, session: string, resource: string, scope: string, args: string[] = []): Promise<unknown> {
    const at = `${session}:${resource}:${scope}`;
    const keys = [`${PREFIX}b:${at}`, `${PREFIX}m:${at}`, `${PREFIX}i:${resource}`, `${PREFIX}s:${session}`, SESSIONS];
    const argv = [session, `${resource}:${scope}`, ...this.bounds, ...args];
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.evaluate(name, keys, argv);
      } catch (error) {
        const known = this.resources.get(resource);
        if (!String((error as Error).message).startsWith('NOINIT') || !known || attempt > 0) throw error;
        await this.seed(known);
      }
    }
  }

  private async evaluate(name: ScriptName, keys: string[], argv: string[]): Promise<unknown> {
    try {
      return await this.command(['EVALSHA', SHAS[name], '5', ...keys, ...argv]);
    } catch (error) {
      // A Redis restarted since the script last ran has forgotten it.
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      return this.command(['EVAL', SCRIPTS[name], '5', ...keys, ...argv]);
    }
  }

  private seed(r: StoredResource): Promise<unknown> {
    const name = part(r.name);
    const records = JSON.stringify(r.initial.map(([id, record]) => [id, JSON.stringify(record)]));
    return this.evaluate(
      'seed',
      [`${PREFIX}b:`, `${PREFIX}m:`, `${PREFIX}i:${name}`, `${PREFIX}s:`, SESSIONS],
      ['', '', ...this.bounds, r.fingerprint, records, String(r.highestId)],
    );
  }

  private run(name: ScriptName, session: string, bucket: Bucket, args: string[] = []): Promise<unknown> {
    return this.runParts(name, part(session), part(bucket.resource), part(bucket.scope), args);
  }

  private async deleteMatching(pattern: string): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.command<[string, string[]]>(['SCAN', cursor, 'MATCH', pattern, 'COUNT', '500']);
      cursor = String(next);
      if (keys.length > 0) await this.command(['DEL', ...keys]);
    } while (cursor !== '0');
  }

  async define(resources: StoredResource[]): Promise<string[]> {
    this.resources = new Map(resources.map((r) => [part(r.name), r]));
    try {
      return await this.apply(resources);
    } catch (error) {
      // Applied when Redis is back; until then stateful answers are 503.
      if (error instanceof StoreUnavailable) return [];
      throw error;
    }
  }

  /** Puts the resources' initial records in Redis, dropping the records of those a new version changed or removed. */
  private async apply(resources: StoredResource[]): Promise<string[]> {
    const dropped: string[] = [];
    const names = new Set(resources.map((r) => part(r.name)));
    for (const r of resources) {
      const key = `${PREFIX}i:${part(r.name)}`;
      const fingerprint = await this.command<string | null>(['HGET', key, 'fingerprint']);
      if (fingerprint === r.fingerprint) continue;
      const records = JSON.stringify(r.initial.map(([id, record]) => [id, JSON.stringify(record)]));
      await this.command(['HSET', key, 'fingerprint', r.fingerprint, 'records', records, 'highest', String(r.highestId)]);
      if (fingerprint !== null) {
        dropped.push(r.name);
        await this.dropResource(part(r.name));
      }
    }
    // Resources a previous version had and this one has not.
    let cursor = '0';
    do {
      const [next, keys] = await this.command<[string, string[]]>(['SCAN', cursor, 'MATCH', `${PREFIX}i:*`, 'COUNT', '500']);
      cursor = String(next);
      for (const key of keys) {
        const name = key.slice(`${PREFIX}i:`.length);
        if (names.has(name)) continue;
        dropped.push(decodeURIComponent(name));
        await this.command(['DEL', key]);
        await this.dropResource(name);
      }
    } while (cursor !== '0');
    return dropped;
  }

  /** Every session's buckets of a resource (a key part), with what they cost their sessions. */
  private async dropResource(name: string): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.command<[string, string[]]>(['SCAN', cursor, 'MATCH', `${PREFIX}m:*:${name}:*`, 'COUNT', '500']);
      cursor = String(next);
      for (const key of keys) {
        const [session = '', resource, scope = ''] = key.slice(`${PREFIX}m:`.length).split(':');
        if (resource === name) await this.runParts('forget', session, name, scope);
      }
    } while (cursor !== '0');
    // Records of a bucket whose counters are gone (none, unless written by an older version of the mock).
    await this.deleteMatching(`${PREFIX}b:*:${name}:*`);
  }

  async list(session: string, bucket: Bucket): Promise<Rec[]> {
    const values = (await this.run('list', session, bucket)) as string[];
    return values
      .map((v) => [Number.parseInt(v, 10), v] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, v]) => parseStored(v));
  }

  async get(session: string, bucket: Bucket, key: string): Promise<Rec | undefined> {
    const value = (await this.run('get', session, bucket, [key])) as string | null;
    return value === null ? undefined : parseStored(value);
  }

  async put(session: string, bucket: Bucket, key: string, record: Rec): Promise<PutOutcome> {
    const outcome = Number(await this.run('put', session, bucket, [key, JSON.stringify(record)]));
    if (outcome === -1) return { stored: false, full: 'records', limit: Number(this.bounds[2]) };
    if (outcome === -2) return { stored: false, full: 'bytes', limit: Number(this.bounds[3]) };
    return { stored: true, existed: outcome === 1 };
  }

  async remove(session: string, bucket: Bucket, key: string): Promise<boolean> {
    return Number(await this.run('remove', session, bucket, [key])) === 1;
  }

  async nextId(session: string, bucket: Bucket): Promise<number> {
    return Number(await this.run('nextId', session, bucket));
  }

  async sessions(): Promise<number> {
    // A session named by no request (its name is not a key part): only the idle ones are swept.
    return Number(await this.runParts('sessions', '', '', ''));
  }

  async reset(session?: string): Promise<void> {
    if (session !== undefined) {
      await this.run('reset', session, { resource: '', scope: '' });
      return;
    }
    for (const kind of ['b', 'm', 's']) await this.deleteMatching(`${PREFIX}${kind}:*`);
    await this.command(['DEL', SESSIONS]);
  }

  async close(): Promise<void> {
    this.closing = true;
    try {
      if (this.client.isReady) await this.client.close();
      else this.client.destroy();
    } catch {
      this.client.destroy();
    }
  }
}

/**
 * An error of a command as the store reports it: StoreUnavailable when Redis could not answer
 * (not connected, timed out, closed, loading, out of memory), else the error itself (a fault).
 */
function unavailable(error: unknown, where: string): unknown {
  if (error instanceof StoreUnavailable) return error;
  const message = (error as Error)?.message ?? String(error);
  if (error instanceof ErrorReply && !UNAVAILABLE_REPLY.test(message)) return error;
  return new StoreUnavailable(`Redis at ${where} is unavailable (${message || (error as Error)?.name || 'no answer'})`);
}
