// The mock's switches beyond serving examples, all off by default so that
// `npm run mock` answers as it always has: state (`--stateful`, `--state`,
// and what the store holds at most: `--max-sessions`, `--session-ttl`,
// `--max-records`, `--max-session-bytes`), generated answers (`--seed`, `--dynamic`), time and failure (`--latency`,
// `--fault-rate`, `--error-rate`) and callbacks (`--callbacks`,
// `--callback-hosts`). Parsing them is pure, for the command line and tests.
import { COMMAND_TIMEOUT_MS } from './store/command-timeout.ts';
import { DEFAULT_STORE_LIMITS, parseCount, parseDuration, parseSize, type StoreLimits } from './store/limits.ts';

export interface LatencyRange {
  min: number;
  max: number;
}

export interface MockFeatures {
  /** Resources keep what is written to them. */
  stateful: boolean;
  /** `redis://host:port` to keep the records in Redis; in-process when undefined. */
  state: string | undefined;
  /** How long one Redis command may take before its request is a 503 (`--store-timeout`). */
  storeTimeoutMs: number;
  /** What the store holds at most: sessions, their idle time, records and bytes per session. */
  limits: StoreLimits;
  /** Generated answers are the same for the same request, across restarts. */
  seed: string | undefined;
  /** Every answer is generated from its schema instead of taken from an example. */
  dynamic: boolean;
  /** Added to every answer. */
  latency: LatencyRange | undefined;
  /** Share of requests that meet a connection fault (reset, hang or a slow body). */
  faultRate: number;
  /** Share of requests answered with a declared 5xx or 429. */
  errorRate: number;
  /** Callbacks are sent after the operations that declare them. */
  callbacks: boolean;
  /** Hosts (any port) or hosts and ports that callbacks may be sent to besides the request's own host (`*`: any). */
  callbackHosts: CallbackHost[];
  /** `--proxy`: the real API every request is relayed to (origin and base path), its answers checked. */
  proxy: string | undefined;
  /** `--errors`: a proxied answer the description does not allow is a 502 instead. */
  errors: boolean;
  /** `--record`: the folder proxied answers are written to, as examples `--examples` serves. */
  record: string | undefined;
  /** `--examples`: a folder of recorded answers served before the description's examples. */
  examples: string | undefined;
}

/** A host callbacks may reach: on any port, or on one. */
export interface CallbackHost {
  host: string;
  port?: number;
}

export const DEFAULT_FEATURES: Readonly<MockFeatures> = Object.freeze({
  stateful: false,
  state: undefined,
  storeTimeoutMs: COMMAND_TIMEOUT_MS,
  limits: DEFAULT_STORE_LIMITS,
  seed: undefined,
  dynamic: false,
  latency: undefined,
  faultRate: 0,
  errorRate: 0,
  callbacks: false,
  callbackHosts: [],
  proxy: undefined,
  errors: false,
  record: undefined,
  examples: undefined,
});

/** The longest delay the mock adds, so a typo cannot hold a connection for hours. */
export const MAX_DELAY_MS = 60_000;

/** `300` or `100-500` (milliseconds); a message when it is neither. */
export function parseLatency(text: string): LatencyRange | string {
  const m = /^\s*(\d{1,6})\s*(?:-\s*(\d{1,6})\s*)?$/.exec(text);
  if (!m) return `--latency ${JSON.stringify(text)} is not milliseconds: use 300 or a range such as 100-500.`;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (max < min) return `--latency ${text}: the range's end is below its start.`;
  if (max > MAX_DELAY_MS) return `--latency ${text}: at most ${MAX_DELAY_MS} ms.`;
  return { min, max };
}

/** A share from 0 to 1; a message when it is not one. */
export function parseRate(flag: string, text: string): number | string {
  const n = /^\s*(0|1|0?\.\d+|1\.0*)\s*$/.test(text) ? Number(text) : Number.NaN;
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : `${flag} ${JSON.stringify(text)} must be a number from 0 to 1, e.g. 0.1.`;
}

export interface FeatureArgs {
  stateful?: boolean;
  state?: string;
  seed?: string;
  dynamic?: boolean;
  latency?: string;
  'fault-rate'?: string;
  'error-rate'?: string;
  callbacks?: boolean;
  'callback-hosts'?: string;
  'max-sessions'?: string;
  'session-ttl'?: string;
  'max-records'?: string;
  'max-session-bytes'?: string;
  'store-timeout'?: string;
  proxy?: string;
  errors?: boolean;
  record?: string;
  examples?: string;
}

/** The switches from the command line's values, or the first problem with them. */
export function readFeatures(args: FeatureArgs): MockFeatures | string {
  const out: MockFeatures = { ...DEFAULT_FEATURES, callbackHosts: [] };
  if (args.state !== undefined) {
    const state = args.state.trim();
    if (state !== 'memory') {
      let url: URL;
      try {
        url = new URL(state);
      } catch {
        return `--state ${JSON.stringify(args.state)} is neither memory nor a redis://host:port address.`;
      }
      if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
        return `--state ${JSON.stringify(args.state)}: only redis:// and rediss:// addresses are supported.`;
      out.state = state;
    }
    // Naming a store asks for state.
    out.stateful = true;
  }
  if (args.stateful) out.stateful = true;
  if (args['store-timeout'] !== undefined) {
    const ms = parseDuration('--store-timeout', args['store-timeout']);
    if (typeof ms === 'string') return ms;
    if (ms < 1) return '--store-timeout must be at least 1ms.';
    out.storeTimeoutMs = ms;
  }
  const limits = readLimits(args);
  if (typeof limits === 'string') return limits;
  out.limits = limits;
  if (args.seed !== undefined) {
    if (args.seed.trim() === '') return '--seed needs a value, e.g. --seed 42.';
    out.seed = args.seed.trim();
  }
  out.dynamic = args.dynamic === true;
  if (args.latency !== undefined) {
    const latency = parseLatency(args.latency);
    if (typeof latency === 'string') return latency;
    out.latency = latency.max > 0 ? latency : undefined;
  }
  for (const [flag, key] of [
    ['--fault-rate', 'faultRate'],
    ['--error-rate', 'errorRate'],
  ] as const) {
    const text = args[flag.slice(2) as 'fault-rate' | 'error-rate'];
    if (text === undefined) continue;
    const rate = parseRate(flag, text);
    if (typeof rate === 'string') return rate;
    out[key] = rate;
  }
  const relay = readProxy(args);
  if (typeof relay === 'string') return relay;
  Object.assign(out, relay);
  if (out.proxy && out.stateful) return '--proxy relays every request to the real API: --stateful and --state have nothing to keep.';
  if (args.callbacks === true) out.callbacks = true;
  if (args['callback-hosts'] !== undefined) {
    out.callbacks = true;
    const hosts: CallbackHost[] = [];
    for (const entry of args['callback-hosts'].split(',')) {
      if (entry.trim() === '') continue;
      const host = readCallbackHost(entry);
      if (typeof host === 'string') return host;
      hosts.push(host);
    }
    out.callbackHosts = hosts;
  }
  return out;
}

/** `--proxy <url>` (http or https, no credentials, query or fragment), `--errors` and `--record` with it, `--examples`. */
function readProxy(args: FeatureArgs): Pick<MockFeatures, 'proxy' | 'errors' | 'record' | 'examples'> | string {
  const out: Pick<MockFeatures, 'proxy' | 'errors' | 'record' | 'examples'> = { proxy: undefined, errors: false, record: undefined, examples: undefined };
  if (args.proxy !== undefined) {
    let url: URL;
    try {
      url = new URL(args.proxy.trim());
    } catch {
      return `--proxy ${JSON.stringify(args.proxy)} is not a URL: use the real API's address, e.g. https://api.example.com/v1.`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--proxy ${JSON.stringify(args.proxy)}: only http:// and https:// addresses.`;
    if (url.username || url.password) return '--proxy: put credentials in the requests (Authorization), not in the address.';
    if (url.search || url.hash) return `--proxy ${JSON.stringify(args.proxy)}: an address without a query or fragment.`;
    out.proxy = url.href;
  }
  if (args.errors === true) {
    if (!out.proxy) return '--errors needs --proxy <url>: it answers a proxied answer the description does not allow with a 502.';
    out.errors = true;
  }
  for (const flag of ['record', 'examples'] as const) {
    const dir = args[flag]?.trim();
    if (dir === undefined) continue;
    if (dir === '') return `--${flag} needs a folder.`;
    out[flag] = dir;
  }
  if (out.record && !out.proxy) return '--record needs --proxy <url>: it writes what the real API answers.';
  return out;
}

/** The store's limits from their flags, the defaults for those not given; the first problem, if any. */
function readLimits(args: FeatureArgs): StoreLimits | string {
  const limits: StoreLimits = { ...DEFAULT_STORE_LIMITS };
  const readers = [
    ['max-sessions', 'maxSessions', parseCount],
    ['session-ttl', 'sessionTtlMs', parseDuration],
    ['max-records', 'maxRecords', parseCount],
    ['max-session-bytes', 'maxSessionBytes', parseSize],
  ] as const;
  for (const [flag, key, parse] of readers) {
    const text = args[flag];
    if (text === undefined) continue;
    const value = parse(`--${flag}`, text);
    if (typeof value === 'string') return value;
    limits[key] = value;
  }
  return limits;
}

/** `hooks.example.com`, `hooks.example.com:8443`, `[::1]:9000`, `::1` (an IPv6 address without a port), `*`. */
export function readCallbackHost(text: string): CallbackHost | string {
  const entry = text.trim().toLowerCase();
  if (entry === '*') return { host: '*' };
  const m =
    /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/.exec(entry) ?? /^([a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry) ?? /^([0-9a-f:.]*:[0-9a-f:.]*:[0-9a-f:.]*)()$/.exec(entry);
  const port = m?.[2] ? Number(m[2]) : undefined;
  if (!m?.[1] || (port !== undefined && (port < 1 || port > 65535))) return `--callback-hosts: ${JSON.stringify(text.trim())} is not a host or host:port.`;
  return port === undefined ? { host: m[1] } : { host: m[1], port };
}
