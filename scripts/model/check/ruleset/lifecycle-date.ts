// `portal/lifecycle-date` (error): `x-deprecated-at` and `x-sunset` are dates the portal can
// read (lifecycle-dates.ts). Anything else shows no date on the operation's page, and the mock
// sends no `Deprecation` or `Sunset` header, or one for a day that does not exist.
import type { Oas3Rule } from '@redocly/openapi-core';
import { DATE_FIELDS, isCalendarDay, readLifecycleDate } from './lifecycle-dates.ts';
import { shown } from './shown.ts';

/** What is wrong with a value that starts like a date, in the writer's terms. */
function why(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return '';
  if (!isCalendarDay(value.slice(0, 10))) return ': there is no such day';
  return ': a date-time needs its seconds and its offset (Z or +02:00)';
}

export const LifecycleDate: Oas3Rule = () => ({
  Operation(node, ctx) {
    const operation = node as unknown as Record<string, unknown>;
    for (const field of DATE_FIELDS) {
      if (!Object.hasOwn(operation, field) || readLifecycleDate(operation[field]) !== undefined) continue;
      ctx.report({
        message: `\`${field}\` must be a date such as 2027-06-30, or a date-time with its offset such as 2027-06-30T00:00:00Z; found ${shown(operation[field])}${why(operation[field])}.`,
        location: ctx.location.child([field]),
      });
    }
  },
});
