// Time and failure on request: `Prefer: delay=<ms>` and `Prefer:
// fault=reset|hang|slow` for one request, `--latency`, `--fault-rate` and
// `--error-rate` for all. What to do with a request is decided here (pure,
// given the random source); fault-actions.ts does it to the connection.
import type { PreparedResponse } from './answers.ts';
import { MAX_DELAY_MS, type MockFeatures } from './features.ts';
import { printable } from './log.ts';

export const FAULTS = ['reset', 'hang', 'slow'] as const;
export type Fault = (typeof FAULTS)[number];

export interface Timing {
  /** Milliseconds to wait before handling the request. */
  delay: number;
  fault: Fault | undefined;
  /** Answer with a declared 5xx or 429 (`--error-rate`). */
  error: boolean;
  /** A malformed `delay` or `fault` preference: answered 400 `invalid_prefer`. */
  problem?: string;
}

function unquote(value: string): string {
  const v = value.trim();
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v;
}

/** `delay` and `fault` from a Prefer header (other preferences are prefer.ts's). */
export function readTimingPreferences(header: string | undefined): { delay?: number; fault?: Fault; problem?: string } {
  const out: { delay?: number; fault?: Fault; problem?: string } = {};
  if (!header) return out;
  for (const part of header.split(/[,;]/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = unquote(part.slice(eq + 1));
    if (key === 'delay') {
      if (!/^\d{1,6}$/.test(value) || Number(value) > MAX_DELAY_MS) {
        out.problem ??= `Prefer delay=${printable(value, 40)} must be milliseconds from 0 to ${MAX_DELAY_MS}, e.g. delay=500.`;
      } else out.delay = Number(value);
    } else if (key === 'fault') {
      const fault = value.toLowerCase();
      if ((FAULTS as readonly string[]).includes(fault)) out.fault = fault as Fault;
      else out.problem ??= `Prefer fault=${printable(value, 40)} is not one of ${FAULTS.join(', ')}.`;
    }
  }
  return out;
}

/** What happens to this request: its delay, its fault, whether it gets an error; a request's own preferences win. */
export function planTiming(features: Pick<MockFeatures, 'latency' | 'faultRate' | 'errorRate'>, prefer: string | undefined, random: () => number): Timing {
  const asked = readTimingPreferences(prefer);
  let delay = asked.delay;
  if (delay === undefined && features.latency) {
    const { min, max } = features.latency;
    delay = min === max ? min : min + Math.floor(random() * (max - min + 1));
  }
  let fault = asked.fault;
  if (fault === undefined && features.faultRate > 0 && random() < features.faultRate) fault = FAULTS[Math.floor(random() * FAULTS.length)];
  const error = fault === undefined && features.errorRate > 0 && random() < features.errorRate;
  const out: Timing = { delay: delay ?? 0, fault, error };
  if (asked.problem) out.problem = asked.problem;
  return out;
}

/** Whether any request can be delayed or failed without asking: if not, only a Prefer header can. */
export function timingEnabled(features: Pick<MockFeatures, 'latency' | 'faultRate' | 'errorRate'>): boolean {
  return features.latency !== undefined || features.faultRate > 0 || features.errorRate > 0;
}

/** The declared responses `--error-rate` picks from: server errors and 429. */
export function failureResponses(responses: PreparedResponse[]): PreparedResponse[] {
  return responses.filter((r) => /^5(\d\d|XX)$/i.test(r.key) || r.key === '429');
}
