// Load generation with autocannon, from anchors/ like the other tools measured against.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ANCHOR_MODULES } from './paths.ts';
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

const autocannon = createRequire(join(ANCHOR_MODULES, 'autocannon', 'package.json'))('autocannon') as Autocannon;

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(base: string, probe: Probe, connections: number, seconds: number): Promise<LoadResult> {
  const r = await autocannon({
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
