// The exit code a pipeline reads: which level of change fails the job.
import type { ChangeLevel, ChangeSummary } from './types.ts';

export const FAIL_ON = ['breaking', 'warning', 'info', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export function isFailOn(value: string): value is FailOn {
  return (FAIL_ON as readonly string[]).includes(value);
}

const RANK: Record<ChangeLevel, number> = { info: 0, warning: 1, breaking: 2 };

/** Does a change of `level` fail a gate set to `failOn`? */
export function failsAt(level: ChangeLevel, failOn: FailOn): boolean {
  return failOn !== 'never' && RANK[level] >= RANK[failOn];
}

/** True when the changes fail the gate: `breaking` on any breaking change, `warning` on a warning too, `info` on any change, `never` never. */
export function failsGate(summary: ChangeSummary, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  return summary.breaking > 0 || (failOn !== 'breaking' && summary.warnings > 0) || (failOn === 'info' && summary.total > 0);
}
