// Lifecycle rules: what a client was promised decides how much a change
// counts. An operation removed on or after the sunset date its base version
// announced was expected to go; a `beta` or `experimental` operation may
// change without a new major version, so its would-be breaking changes are
// reported one or two levels lower, saying why.
import type { Operation, Stability } from '../model/contract/types.ts';
import type { StabilityLevel } from './settings.ts';
import type { ApiChange, ChangeLevel } from './types.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in UTC (YYYY-MM-DD): the same day on every machine a pipeline runs on. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isDate(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return DATE.test(text) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

/** The calendar day of an `x-sunset` (a date, or a date-time whose day counts). */
export function sunsetDay(op: Operation): string | undefined {
  const sunset = op.deprecation?.sunset;
  return sunset && DATE.test(sunset.slice(0, 10)) ? sunset.slice(0, 10) : undefined;
}

/** The sunset has come when its day is on or before the comparison date (ISO dates compare as text). */
export function sunsetHasPassed(op: Operation, date: string): boolean {
  const day = sunsetDay(op);
  return day !== undefined && day <= date;
}

/** The level a change that would break a stable operation's clients gets at each stability. */
const CAP: Record<Exclude<Stability, 'stable'>, ChangeLevel> = { beta: 'warning', experimental: 'info' };

const RANK: Record<Stability, number> = { experimental: 0, beta: 1, stable: 2 };

/** A schema is as stable as the most stable operation relying on it. */
export function mostStable(levels: Iterable<Stability>): Stability | undefined {
  let best: Stability | undefined;
  for (const level of levels) if (!best || RANK[level] > RANK[best]) best = level;
  return best;
}

function why(of: 'operation' | 'webhook' | 'schema', stability: Exclude<Stability, 'stable'>): string {
  if (of === 'schema') {
    return stability === 'beta'
      ? 'no stable operation uses it, and beta operations may still change'
      : 'only experimental operations use it, and they may change or go away at any time';
  }
  return stability === 'beta'
    ? `the ${of} is in beta, and beta ${of}s may still change`
    : `the ${of} is experimental, and experimental ${of}s may change or go away at any time`;
}

/** How far down the threshold reaches: oasdiff's draft and alpha are the model's `experimental`. */
const THRESHOLD_RANK: Record<StabilityLevel, number> = { draft: 0, alpha: 0, beta: 1, stable: 2 };

/**
 * Lowers a breaking change of an operation below the stability `threshold` (oasdiff's
 * --stability-level, beta by default) to its stability's level (beta: warning, experimental:
 * info), marking it and saying why it does not count as breaking. Other changes are returned as they are.
 */
export function atStability(
  change: ApiChange,
  stability: Stability | undefined,
  of: 'operation' | 'webhook' | 'schema',
  threshold: StabilityLevel = 'beta',
): ApiChange {
  if (!change.breaking || !stability || RANK[stability] >= THRESHOLD_RANK[threshold]) return change;
  const capped = stability as Exclude<Stability, 'stable'>;
  return {
    ...change,
    breaking: false,
    level: CAP[capped],
    stability: capped,
    message: `${change.message.replace(/\.$/, '')}. Not counted as breaking: ${why(of, capped)}.`,
  };
}
