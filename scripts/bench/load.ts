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

export async function load(base: string, probe: Probe, connections: number, seconds: number): Promise<LoadResult> {
  const r = await loadAutocannon()({
    url: new URL(probe.path, base).href,
    method: probe.method,
    headers: probe.headers,
    body: probe.body,
    connections,
    duration: seconds,
  });
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
