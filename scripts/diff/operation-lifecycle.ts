// An operation's identity and lifecycle between two versions: its operationId, tags,
// deprecation (with the grace a sunset must leave, per stability, as oasdiff's
// --deprecation-days-stable/beta), `x-sunset`, `x-deprecated-at`, `x-replaced-by` and stability.
import type { Operation, Stability } from '../model/contract/types.ts';
import type { ChangeKind } from './types.ts';

export interface LifecycleOptions {
  /** YYYY-MM-DD: the day dates are judged against. */
  date: string;
  /** Days a sunset must be ahead of the comparison date when an operation is deprecated or its sunset moved earlier (0: no minimum). */
  deprecationDays: Record<Exclude<Stability, 'experimental'>, number>;
}

interface LifecycleFinding {
  id: string;
  kind: ChangeKind;
  message: string;
  pointer?: readonly string[];
}

const STABILITY_RANK: Record<Stability, number> = { experimental: 0, beta: 1, stable: 2 };
const DAY = 86_400_000;

const label = (op: Operation): string => (op.kind === 'webhook' ? `Webhook ${op.path}` : `${op.method.toUpperCase()} ${op.path}`);

/** Whole days from `date` to the day of `sunset` (negative when it has passed); undefined when it is not a date. */
function daysUntil(sunset: string, date: string): number | undefined {
  const day = Date.parse(`${sunset.slice(0, 10)}T00:00:00Z`);
  const from = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(day) || Number.isNaN(from) ? undefined : Math.round((day - from) / DAY);
}

function graceFor(op: Operation, options: LifecycleOptions): number {
  return op.stability === 'experimental' ? 0 : options.deprecationDays[op.stability];
}

export function lifecycleFindings(base: Operation, head: Operation, options: LifecycleOptions): LifecycleFinding[] {
  const out: LifecycleFinding[] = [];
  const add = (id: string, kind: ChangeKind, message: string): void => {
    out.push({ id, kind, message });
  };
  const name = label(head);
  if (base.operationId !== head.operationId) {
    if (base.operationId) {
      add(
        'api-operation-id-removed',
        'operation-id-changed',
        `The operationId of ${name} changed from ${base.operationId} to ${head.operationId ?? 'nothing'}; code generated from the description will name the method differently.`,
      );
    } else add('api-operation-id-added', 'operation-id-changed', `${name} now has the operationId ${head.operationId}.`);
  }
  for (const tag of head.tags.filter((t) => !base.tags.includes(t))) add('api-tag-added', 'tag-added', `${name} now has the tag ${tag}.`);
  for (const tag of base.tags.filter((t) => !head.tags.includes(t))) add('api-tag-removed', 'tag-removed', `${name} no longer has the tag ${tag}.`);
  out.push(...deprecationFindings(base, head, options));
  if (base.stability !== head.stability) {
    const demoted = STABILITY_RANK[head.stability] < STABILITY_RANK[base.stability];
    add(
      demoted ? 'api-stability-decreased' : 'api-stability-increased',
      'stability-changed',
      `${name} changed stability from ${base.stability} to ${head.stability}${demoted ? '; it may now change or go without notice, which clients built on its promise did not expect.' : '.'}`,
    );
  }
  return out;
}

function deprecationFindings(base: Operation, head: Operation, options: LifecycleOptions): LifecycleFinding[] {
  const out: LifecycleFinding[] = [];
  const add = (id: string, kind: ChangeKind, message: string): void => {
    out.push({ id, kind, message });
  };
  const name = label(head);
  const before = base.deprecation ?? {};
  const now = head.deprecation ?? {};
  const grace = graceFor(head, options);
  const left = now.sunset ? daysUntil(now.sunset, options.date) : undefined;
  if (!base.deprecated && head.deprecated) {
    const details = [
      now.sunset ? `it is scheduled for removal on ${now.sunset}` : '',
      now.replacedByOperationId ? `use ${now.replacedByOperationId} instead` : '',
    ].filter(Boolean);
    if (grace > 0 && !now.sunset) {
      add(
        'api-deprecated-sunset-missing',
        'operation-deprecated',
        `${name} was deprecated without an x-sunset date; ${head.stability} operations need one at least ${grace} days ahead.`,
      );
    } else if (grace > 0 && left !== undefined && left < grace) {
      add(
        'api-sunset-date-too-small',
        'operation-deprecated',
        `${name} was deprecated with a sunset on ${now.sunset}, ${left} days ahead; ${head.stability} operations need at least ${grace} days' notice.`,
      );
    } else {
      add(
        now.sunset ? 'endpoint-deprecated-with-sunset' : 'endpoint-deprecated',
        'operation-deprecated',
        `${name} is now deprecated${details.length ? `: ${details.join('; ')}` : ''}; it keeps working, but clients should move off it.`,
      );
    }
  } else if (base.deprecated && !head.deprecated) {
    add('endpoint-reactivated', 'operation-undeprecated', `${name} is no longer deprecated.`);
  }
  if (!head.deprecated) return out;
  if (before.sunset && !now.sunset) {
    add(
      'sunset-deleted',
      'sunset-changed',
      `${name} no longer has its sunset date (${before.sunset}); clients planning for its removal have lost the date they were promised.`,
    );
  } else if (!before.sunset && now.sunset && base.deprecated) {
    add('api-sunset-added', 'sunset-changed', `${name} is now scheduled for removal on ${now.sunset}.`);
  } else if (before.sunset && now.sunset && before.sunset !== now.sunset) {
    const earlier = now.sunset < before.sunset;
    const tooSoon = earlier && left !== undefined && left < grace;
    add(
      tooSoon ? 'api-sunset-date-changed-too-small' : 'api-sunset-date-changed',
      'sunset-changed',
      tooSoon
        ? `${name}'s sunset moved earlier, from ${before.sunset} to ${now.sunset}, leaving ${left} days where clients were promised at least ${grace}; those planning for the old date will be cut off.`
        : `${name}'s sunset moved from ${before.sunset} to ${now.sunset}${earlier ? '; clients have less time to move off it.' : '.'}`,
    );
  }
  if (before.deprecatedAt !== now.deprecatedAt && base.deprecated) {
    add(
      'api-deprecated-at-changed',
      'deprecated-at-changed',
      `${name}'s deprecation date changed from ${before.deprecatedAt ?? 'none'} to ${now.deprecatedAt ?? 'none'}.`,
    );
  }
  const from = before.replacedByOperationId;
  const to = now.replacedByOperationId;
  if (from !== to) {
    if (!from) add('api-replaced-by-added', 'replaced-by-changed', `${name} now names its replacement: ${to}.`);
    else if (!to)
      add(
        'api-replaced-by-removed',
        'replaced-by-changed',
        `${name} no longer names a replacement (was ${from}); clients moving to ${from} have lost their guide.`,
      );
    else
      add(
        'api-replaced-by-changed',
        'replaced-by-changed',
        `${name}'s replacement changed from ${from} to ${to}; clients that already moved to ${from} should check the new one.`,
      );
  }
  return out;
}
