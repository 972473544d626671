// Load generation with autocannon, from anchors/ like the other tools measured against.
import { createRequire } from 'node:module';
import { TOOLS } from './paths.ts';
import type { Probe } from './http.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

// Required when first used, not when imported: on a fresh clone the anchors are installed by
// ensureAnchors() after this module is loaded.
let autocannon: Autocannon | undefined;
const loadAutocannon = (): Autocannon => (autocannon ??= createRequire(TOOLS.autocannon)('autocannon') as Autocannon);

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** What a run measured: requests per second, latency percentiles, and what went wrong. */
function loadResult(r: AutocannonResult): LoadResult {
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export async function load(base: string, probe: Probe, connections: number, seconds: number): Promise<LoadResult> {
  const r = await loadAutocannon()({
    url: new URL(probe.path, base).href,
    method: probe.method,
    headers: probe.headers,
    body: probe.body,
    connections,
    duration: seconds,
  });
  return loadResult(r);
}

/** `amount` requests of one probe, each in a session of its own (`Mock-Session: <prefix><n>`). */
export async function loadSessions(base: string, probe: Probe, connections: number, amount: number, prefix: string): Promise<LoadResult> {
  let n = 0;
  const r = await loadAutocannon()({
    url: base,
    connections,
    amount,
    requests: [
      {
        method: probe.method,
        path: probe.path,
        body: probe.body,
        setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: { ...probe.headers, 'mock-session': `${prefix}${n++}` } }),
      },
    ],
  });
  return loadResult(r);
}

/** One step of a loop each connection runs in turn; `next` reads an answer into the connection's context. */
export interface LoopStep {
  probe: Probe;
  /** The path to request, from what earlier steps read (e.g. the id just created). */
  path?: (context: Record<string, unknown>) => string;
  /** Headers to add, from the connection's context (e.g. the session a loop turn runs in). */
  headers?: (context: Record<string, unknown>) => Record<string, string>;
  /** Reads an answer's body into the context. */
  read?: (body: string, context: Record<string, unknown>) => void;
}

/** Load where each connection repeats the same steps in order (create, then read what it created). */
export async function loadLoop(base: string, steps: LoopStep[], connections: number, seconds: number): Promise<LoadResult> {
  const r = await loadAutocannon()({
    url: base,
    connections,
    duration: seconds,
    requests: steps.map((step) => {
      const request: Record<string, unknown> = { method: step.probe.method, path: step.probe.path, headers: step.probe.headers, body: step.probe.body };
      // autocannon calls whatever is set: a hook is given only where the step has one.
      const { path, headers, read } = step;
      if (path || headers)
        request.setupRequest = (req: Record<string, unknown>, context: Record<string, unknown>) => ({
          ...req,
          ...(path ? { path: path(context) } : {}),
          ...(headers ? { headers: { ...step.probe.headers, ...headers(context) } } : {}),
        });
      if (read) request.onResponse = (_status: number, body: string, context: Record<string, unknown>) => read(body, context);
      return request;
    }),
  });
  return loadResult(r);
}
