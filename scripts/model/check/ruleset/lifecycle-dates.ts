// Reading `x-deprecated-at` and `x-sunset` as the portal's rules judge them: an RFC 3339 date
// (2027-06-30) or date-time with its offset (2027-06-30T12:00:00Z), the profile of ISO 8601 that
// OpenAPI's own `date` and `date-time` formats use. The portal, the mock's headers and the diff
// read them with `Date.parse`, which rolls 2027-02-30 over to March; ajv-formats checks real days.
import { fullFormats } from 'ajv-formats/dist/formats.js';

export const DATE_FIELDS = ['x-deprecated-at', 'x-sunset'] as const;
export const LIFECYCLE_FIELDS = [...DATE_FIELDS, 'x-replaced-by'] as const;

type Check = (text: string) => boolean;
const validator = (name: 'date' | 'date-time'): Check => {
  const format = fullFormats[name];
  return typeof format === 'object' && 'validate' in format && typeof format.validate === 'function' ? (format.validate as Check) : () => false;
};
/** A real day of the calendar, written YYYY-MM-DD. */
export const isCalendarDay = validator('date');
const isDateTime = validator('date-time');

export interface LifecycleDate {
  /** Milliseconds since the epoch: midnight UTC for a date. */
  ms: number;
  /** A calendar day (no time of day): compared with others by its day. */
  dayOnly: boolean;
}

/** The value as a date, or undefined when it is not one the portal can read. */
export function readLifecycleDate(value: unknown): LifecycleDate | undefined {
  // A YAML 1.1 loader turns an unquoted 2027-06-30 into a Date; it is still a date.
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? undefined : { ms, dayOnly: ms % 86_400_000 === 0 };
  }
  if (typeof value !== 'string') return undefined;
  if (isCalendarDay(value)) return { ms: Date.parse(value), dayOnly: true };
  if (isDateTime(value)) {
    const ms = Date.parse(value.replace(' ', 'T'));
    return Number.isNaN(ms) ? undefined : { ms, dayOnly: false };
  }
  return undefined;
}

/** The UTC day of a date, as YYYY-MM-DD. */
export const isoDay = (date: LifecycleDate): string => new Date(date.ms).toISOString().slice(0, 10);
