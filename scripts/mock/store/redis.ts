// The state store on Redis (`--state redis://host:port`), so several mock
// instances behind one load balancer share their records. Each operation is
// one Lua script run atomically by Redis, the filling of a new bucket with the
// initial records included, so two instances never both fill one or hand out
// one id twice. Keys, under the `mock:` prefix:
//   mock:i:<resource>                     hash: fingerprint, initial records, highest id
//   mock:b:<session>:<resource>:<scope>   hash: id → "<order> <record JSON>"
//   mock:m:<session>:<resource>:<scope>   hash: filled, seq (last id), order (last position)
import { createClient } from '@redis/client';
import type { Rec } from '../stateful/types.ts';
import type { Bucket, StateStore, StoredResource } from './types.ts';

const PREFIX = 'mock:';

/** A name as a key part: `:` and glob characters escaped, so a session called `*` matches only itself. */
function part(text: string): string {
  return encodeURIComponent(text).replace(/[*?[\]!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

// Fills the bucket from the resource's initial records the first time it is used. KEYS: records, meta, init.
const FILL = `
local function fill()
  if redis.call('HSETNX', KEYS[2], 'filled', '1') == 0 then return end
  local init = redis.call('HGET', KEYS[3], 'records')
  local n = 0
  if init then
    for _, pair in ipairs(cjson.decode(init)) do
      n = n + 1
      redis.call('HSET', KEYS[1], pair[1], n .. ' ' .. pair[2])
    end
  end
  redis.call('HSET', KEYS[2], 'seq', redis.call('HGET', KEYS[3], 'highest') or '0', 'order', n)
end
fill()
`;

const SCRIPTS = {
  get: `${FILL} return redis.call('HGET', KEYS[1], ARGV[1])`,
  list: `${FILL} return redis.call('HVALS', KEYS[1])`,
  put: `${FILL}
local old = redis.call('HGET', KEYS[1], ARGV[1])
local order
if old then order = string.match(old, '^%d+') else order = redis.call('HINCRBY', KEYS[2], 'order', 1) end
redis.call('HSET', KEYS[1], ARGV[1], order .. ' ' .. ARGV[2])
if old then return 1 else return 0 end`,
  remove: `${FILL} return redis.call('HDEL', KEYS[1], ARGV[1])`,
  nextId: `${FILL}
local n
repeat n = redis.call('HINCRBY', KEYS[2], 'seq', 1) until redis.call('HEXISTS', KEYS[1], tostring(n)) == 0
return n`,
} as const;

type ScriptName = keyof typeof SCRIPTS;

function parseStored(value: string): Rec {
  return JSON.parse(value.slice(value.indexOf(' ') + 1)) as Rec;
}

export class RedisStore implements StateStore {
  readonly where: string;
  private readonly client: ReturnType<typeof createClient>;
  private readonly shas = new Map<ScriptName, string>();

  private connected = false;

  private constructor(url: string) {
    this.where = url;
    // No retries before the first connection (the mock says so and exits); after it, a lost connection is retried.
    this.client = createClient({
      url,
      socket: { connectTimeout: 5000, reconnectStrategy: (retries) => (!this.connected || retries > 20 ? false : Math.min(retries * 100, 2000)) },
    });
    this.client.on('error', () => {
      // Errors reach the request that met them; the client reconnects by itself.
    });
  }

  static async connect(url: string): Promise<RedisStore> {
    const store = new RedisStore(url);
    try {
      await store.client.connect();
      store.connected = true;
      for (const name of Object.keys(SCRIPTS) as ScriptName[]) {
        store.shas.set(name, String(await store.client.sendCommand(['SCRIPT', 'LOAD', SCRIPTS[name]])));
      }
    } catch (error) {
      store.client.destroy();
      throw new Error(`Cannot use Redis at ${url}: ${(error as Error).message}`);
    }
    return store;
  }

  private keys(session: string, bucket: Bucket): string[] {
    const at = `${part(session)}:${part(bucket.resource)}:${part(bucket.scope)}`;
    return [`${PREFIX}b:${at}`, `${PREFIX}m:${at}`, `${PREFIX}i:${part(bucket.resource)}`];
  }

  private async run(name: ScriptName, session: string, bucket: Bucket, args: string[] = []): Promise<unknown> {
    const keys = this.keys(session, bucket);
    try {
      return await this.client.sendCommand(['EVALSHA', this.shas.get(name)!, '3', ...keys, ...args]);
    } catch (error) {
      // A Redis restarted since the scripts were loaded has forgotten them.
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      return this.client.sendCommand(['EVAL', SCRIPTS[name], '3', ...keys, ...args]);
    }
  }

  private async deleteMatching(pattern: string): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = (await this.client.sendCommand(['SCAN', cursor, 'MATCH', pattern, 'COUNT', '500'])) as [string, string[]];
      cursor = String(next);
      if (keys.length > 0) await this.client.sendCommand(['DEL', ...keys]);
    } while (cursor !== '0');
  }

  async define(resources: StoredResource[]): Promise<string[]> {
    const dropped: string[] = [];
    const names = new Set(resources.map((r) => part(r.name)));
    for (const r of resources) {
      const key = `${PREFIX}i:${part(r.name)}`;
      const fingerprint = (await this.client.sendCommand(['HGET', key, 'fingerprint'])) as string | null;
      if (fingerprint === r.fingerprint) continue;
      const records = JSON.stringify(r.initial.map(([id, record]) => [id, JSON.stringify(record)]));
      await this.client.sendCommand(['HSET', key, 'fingerprint', r.fingerprint, 'records', records, 'highest', String(r.highestId)]);
      if (fingerprint !== null) {
        dropped.push(r.name);
        await this.dropResource(part(r.name));
      }
    }
    // Resources a previous version had and this one has not.
    let cursor = '0';
    do {
      const [next, keys] = (await this.client.sendCommand(['SCAN', cursor, 'MATCH', `${PREFIX}i:*`, 'COUNT', '500'])) as [string, string[]];
      cursor = String(next);
      for (const key of keys) {
        const name = key.slice(`${PREFIX}i:`.length);
        if (names.has(name)) continue;
        dropped.push(decodeURIComponent(name));
        await this.client.sendCommand(['DEL', key]);
        await this.dropResource(name);
      }
    } while (cursor !== '0');
    return dropped;
  }

  private async dropResource(name: string): Promise<void> {
    await this.deleteMatching(`${PREFIX}b:*:${name}:*`);
    await this.deleteMatching(`${PREFIX}m:*:${name}:*`);
  }

  async list(session: string, bucket: Bucket): Promise<Rec[]> {
    const values = (await this.run('list', session, bucket)) as string[];
    return values
      .map((v) => [Number(v.slice(0, v.indexOf(' '))), v] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, v]) => parseStored(v));
  }

  async get(session: string, bucket: Bucket, key: string): Promise<Rec | undefined> {
    const value = (await this.run('get', session, bucket, [key])) as string | null;
    return value === null ? undefined : parseStored(value);
  }

  async put(session: string, bucket: Bucket, key: string, record: Rec): Promise<boolean> {
    return Number(await this.run('put', session, bucket, [key, JSON.stringify(record)])) === 1;
  }

  async remove(session: string, bucket: Bucket, key: string): Promise<boolean> {
    return Number(await this.run('remove', session, bucket, [key])) === 1;
  }

  async nextId(session: string, bucket: Bucket): Promise<number> {
    return Number(await this.run('nextId', session, bucket));
  }

  async reset(session?: string): Promise<void> {
    const who = session === undefined ? '*' : part(session);
    await this.deleteMatching(`${PREFIX}b:${who}:*`);
    await this.deleteMatching(`${PREFIX}m:${who}:*`);
  }

  async close(): Promise<void> {
    try {
      await this.client.close();
    } catch {
      this.client.destroy();
    }
  }
}
