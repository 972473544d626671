// `info.version` judged against the changes, by semantic versioning: a
// breaking change needs a new major version (in 0.x a new minor one, as semver
// treats 0.x), and a changed description needs a version of its own.
import { compare, inc, parse, type SemVer } from 'semver';
import type { ApiChange, ChangeKind } from './types.ts';

/** Whether `head` may carry breaking changes after `base`. */
function isMajorBump(base: SemVer, head: SemVer): boolean {
  if (head.major > base.major) return true;
  // 0.x: anything may change, but a minor bump is the signal semver's ranges (^0.4.0) rely on.
  if (base.major === 0 && head.major === 0) return head.minor > base.minor;
  // A prerelease (2.0.0-rc.1) promises nothing yet: its own release may still break it.
  return base.prerelease.length > 0 && head.major === base.major;
}

/**
 * What semver lets `head` break after `base`: `minor` or `patch` when its version says clients'
 * ranges (`^1.2.0`) take it without notice, so it may not break them; undefined when it may (a major
 * bump, a minor one in 0.x, a release after a prerelease), when the version did not go up, or when
 * either is not a semantic version (nothing can be said then).
 */
export function compatibleRelease(baseVersion: string, headVersion: string): 'minor' | 'patch' | undefined {
  const base = parse(baseVersion);
  const head = parse(headVersion);
  if (!base || !head || compare(head, base) <= 0 || isMajorBump(base, head)) return undefined;
  return head.major === base.major && head.minor === base.minor ? 'patch' : 'minor';
}

/** The version a breaking release after `base` would take. */
function nextMajor(base: SemVer): string {
  return inc(base.version, base.major === 0 ? 'minor' : 'major') ?? base.version;
}

/** The changes `info.version` itself brings: none when the description did not change. */
export function versionChanges(baseVersion: string, headVersion: string, changes: readonly ApiChange[]): ApiChange[] {
  if (changes.length === 0) return [];
  // Levels come from the catalogue (compare.ts): api-major-version-not-bumped is breaking under the `semver` policy.
  const change = (kind: ChangeKind, id: string, message: string): ApiChange[] => [
    { id, kind, breaking: false, level: 'info', subject: 'version', location: 'info.version', message },
  ];
  const breaking = changes.some((c) => c.breaking);
  const base = parse(baseVersion);
  const head = parse(headVersion);
  if (baseVersion === headVersion) {
    if (breaking) {
      const next = base ? `; make it ${nextMajor(base)}` : '';
      return change(
        'version-not-bumped',
        'api-major-version-not-bumped',
        `Breaking changes need a new major version, but info.version is still ${headVersion}${next}.`,
      );
    }
    return change(
      'version-unchanged',
      'api-version-not-bumped',
      `info.version is still ${headVersion} though the description changed; give the new version its own number so clients and changelogs can tell them apart.`,
    );
  }
  if (!base || !head) {
    const odd = [!base ? baseVersion : undefined, !head ? headVersion : undefined].filter((v) => v !== undefined).map((v) => `"${v}"`);
    return change(
      'version-unchecked',
      'api-version-unchecked',
      `The version bump from ${baseVersion} to ${headVersion} could not be checked: ${odd.join(' and ')} ${odd.length > 1 ? 'are not semantic versions' : 'is not a semantic version'} (MAJOR.MINOR.PATCH).`,
    );
  }
  if (compare(head, base) < 0) {
    return change(
      'version-decreased',
      'api-version-decreased',
      `info.version went down from ${baseVersion} to ${headVersion}; clients and changelogs that order versions will take the new one for an older one.`,
    );
  }
  if (breaking && !isMajorBump(base, head)) {
    const rule = base.major === 0 ? ' (in 0.x a minor bump counts as major)' : '';
    return change(
      'version-not-bumped',
      'api-major-version-not-bumped',
      `Breaking changes need a new major version${rule}, but info.version went from ${baseVersion} to ${headVersion}; make it ${nextMajor(base)}.`,
    );
  }
  return [];
}
