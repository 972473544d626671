// The published changelog: each version compared with the one before it by the same engine as
// `npm run diff` and the preview (scripts/diff/compare.ts), newest first. Plain JSON, written
// beside the model for the site's Changes page, its Atom feed and each operation's history.
import { compareModels } from '../../diff/compare.ts';
import type { ApiChanges } from '../../diff/types.ts';
import { compatibleRelease } from '../../diff/version.ts';
import type { ApiModel } from '../../model/contract/types.ts';

export interface ChangelogEntry {
  /** The version this entry brought, e.g. `1.1.0`. */
  version: string;
  /** The version it is compared with. */
  previous: string;
  /** When it was released (RFC 3339): its tag's date, or the build's for the working copy. */
  date: string;
  /** The comparison, as `npm run diff -- --format json` gives it. */
  changes: ApiChanges;
  /**
   * Set when the version brought breaking changes under a minor or patch bump of `info.version`: clients whose
   * version ranges follow semver (`^1.0.0`) take it without notice. Unset when either version is not semver.
   */
  breakingIn?: 'minor' | 'patch';
}

export interface Changelog {
  /** Newest first. */
  entries: ChangelogEntry[];
}

export interface DatedVersion {
  version: string;
  date: string;
  model: ApiModel;
}

/** `versions` oldest first: one entry per version after the first. */
export function buildChangelog(versions: DatedVersion[]): Changelog {
  const entries: ChangelogEntry[] = [];
  for (let i = 1; i < versions.length; i++) {
    const before = versions[i - 1];
    const after = versions[i];
    if (!before || !after) continue;
    // Sunsets are judged on the day the version was released: a removal after its announced sunset is not breaking.
    const changes = compareModels(before.model, after.model, { date: after.date.slice(0, 10) });
    const release = changes.changes.some((c) => c.breaking) ? compatibleRelease(before.model.info.version, after.model.info.version) : undefined;
    entries.push({ version: after.version, previous: before.version, date: after.date, changes, ...(release ? { breakingIn: release } : {}) });
  }
  return { entries: entries.reverse() };
}

/** Only the entries up to `version` (the changelog an older version's pages show). */
export function changelogUpTo(changelog: Changelog, version: string): Changelog {
  const at = changelog.entries.findIndex((e) => e.version === version);
  return { entries: at < 0 ? [] : changelog.entries.slice(at) };
}

export interface OperationHistory {
  added?: string;
  changed?: string;
  deprecated?: string;
}

const WHOLE = new Set(['operation-added', 'operation-removed', 'operation-removed-after-sunset', 'operation-deprecated']);

/** What the changelog says of each operation and webhook, by its page slug: the version that added, last changed and deprecated it. */
export function operationHistory(changelog: Changelog): Map<string, OperationHistory> {
  const history = new Map<string, OperationHistory>();
  for (const entry of [...changelog.entries].reverse()) {
    for (const change of entry.changes.changes) {
      // A component schema's change is reported once, on the schema: it changed every operation that uses it.
      // Slugs are unique across operations and webhooks, so the user is whichever of the two has its page.
      for (const key of (change.users ?? []).flatMap((user) => [`operation:${user.slug}`, `webhook:${user.slug}`])) {
        const seen = history.get(key) ?? {};
        if (seen.added !== entry.version) seen.changed = entry.version;
        history.set(key, seen);
      }
      const slug = change.operation?.slug;
      if (!slug) continue;
      const key = `${change.subject === 'webhook' ? 'webhook' : 'operation'}:${slug}`;
      const seen = history.get(key) ?? {};
      if (change.kind === 'operation-added') seen.added = entry.version;
      else if (change.kind === 'operation-deprecated') seen.deprecated = entry.version;
      else if (!WHOLE.has(change.kind) && seen.added !== entry.version) seen.changed = entry.version;
      history.set(key, seen);
    }
  }
  return history;
}
