// The exit code a pipeline reads: which level of change fails the job.
import type { ChangeSummary } from './types.ts';

export const FAIL_ON = ['breaking', 'warning', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export function isFailOn(value: string): value is FailOn {
  return (FAIL_ON as readonly string[]).includes(value);
}

/** True when the changes fail the gate: `breaking` on any breaking change, `warning` on a warning too, `never` never. */
export function failsGate(summary: ChangeSummary, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  return summary.breaking > 0 || (failOn === 'warning' && summary.warnings > 0);
}
