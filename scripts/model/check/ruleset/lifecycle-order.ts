// `portal/lifecycle-order` (error): an operation is deprecated before it is removed, so
// `x-deprecated-at` is on or before `x-sunset`. A date is compared with the other by its day, so
// an operation deprecated and removed on the same day is in order.
import type { Oas3Rule } from '@redocly/openapi-core';
import { isoDay, readLifecycleDate, type LifecycleDate } from './lifecycle-dates.ts';

/** A date as the writer wrote it (a Date, from a YAML 1.1 loader, as its day or instant). */
const written = (value: unknown, date: LifecycleDate): string =>
  typeof value === 'string' ? value : date.dayOnly ? isoDay(date) : new Date(date.ms).toISOString();

/** `a` is after `b`: by the instant, or by the UTC day when either is only a day. */
function after(a: LifecycleDate, b: LifecycleDate): boolean {
  return a.dayOnly || b.dayOnly ? isoDay(a) > isoDay(b) : a.ms > b.ms;
}

export const LifecycleOrder: Oas3Rule = () => ({
  Operation(node, ctx) {
    const operation = node as unknown as Record<string, unknown>;
    const deprecatedAt = readLifecycleDate(operation['x-deprecated-at']);
    const sunset = readLifecycleDate(operation['x-sunset']);
    if (!deprecatedAt || !sunset || !after(deprecatedAt, sunset)) return;
    ctx.report({
      message: `\`x-sunset\` (${written(operation['x-sunset'], sunset)}) comes before \`x-deprecated-at\` (${written(operation['x-deprecated-at'], deprecatedAt)}): an operation is deprecated first and removed on or after that day.`,
      location: ctx.location.child(['x-sunset']),
    });
  },
});
