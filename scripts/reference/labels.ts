// Short texts shared by pages, navigation and llms.txt, so each mark reads the same everywhere.
import type { Operation, Stability } from '../model/contract/types.ts';

export function operationLabel(op: Pick<Operation, 'summary' | 'method' | 'path'>): string {
  return op.summary?.trim() || `${op.method.toUpperCase()} ${op.path}`;
}

export const STABILITY_TEXT: Record<Exclude<Stability, 'stable'>, { label: string; promise: string }> = {
  beta: {
    label: 'Beta',
    promise: 'Complete and supported, but breaking changes are still possible; they are announced ahead of time.',
  },
  experimental: {
    label: 'Experimental',
    promise: 'For trying out and feedback. It may change or disappear in any release, without notice.',
  },
};

/** The mark an operation carries in lists and navigation, if any; deprecation outranks stability. */
export function operationMark(op: Pick<Operation, 'deprecated' | 'stability'>): { text: string; variant: 'caution' | 'note' | 'danger' } | undefined {
  if (op.deprecated) return { text: 'Deprecated', variant: 'caution' };
  if (op.stability === 'beta') return { text: STABILITY_TEXT.beta.label, variant: 'note' };
  if (op.stability === 'experimental') return { text: STABILITY_TEXT.experimental.label, variant: 'danger' };
  return undefined;
}

/** "30 June 2027" for an ISO date, in UTC so the day never shifts with the build machine's zone. */
export function humanDate(iso: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
