// info.version judged against the changes: a breaking change needs a major
// bump (a minor one in 0.x), a changed description a version of its own.
import { describe, expect, it } from 'vitest';
import type { ApiChanges } from '../../../scripts/diff/types.ts';
import { compatibleRelease } from '../../../scripts/diff/version.ts';
import { diff, op, pets } from './documents.ts';
import { defined } from '../../helpers/defined.ts';

/** Compares Pets at `from` with a copy at `to`, changed by `edit`, with the version check on. */
function bump(from: string, to: string, edit: (d: Record<string, any>) => void): ApiChanges {
  const base = pets();
  base.info.version = from;
  return diff(
    (d) => {
      d.info.version = to;
      edit(d);
    },
    { checkVersion: true },
    base,
  );
}

const breakingEdit = (d: Record<string, any>): void => {
  delete d.paths['/pets'].get;
};
const safeEdit = (d: Record<string, any>): void => {
  op(d, '/pets', 'get').responses['429'] = { description: 'Slow down' };
};
const versionChanges = (changes: ApiChanges) => changes.changes.filter((c) => c.subject === 'version');

describe('version bump', () => {
  it('a breaking change with a major bump is fine', () => {
    const changes = bump('1.4.0', '2.0.0', breakingEdit);
    expect(versionChanges(changes)).toEqual([]);
    expect(changes.summary.breaking).toBe(1);
  });

  it('a breaking change with only a minor bump is an error of its own, naming the versions', () => {
    const changes = bump('1.4.0', '1.5.0', breakingEdit);
    expect(versionChanges(changes)).toEqual([
      {
        id: 'api-major-version-not-bumped',
        kind: 'version-not-bumped',
        breaking: true,
        level: 'breaking',
        subject: 'version',
        location: 'info.version',
        pointer: '#/info/version',
        message: 'Breaking changes need a new major version, but info.version went from 1.4.0 to 1.5.0; make it 2.0.0.',
      },
    ]);
    expect(changes.summary.breaking).toBe(2);
  });

  it('a breaking change with the version unchanged is the same error', () => {
    const c = defined(versionChanges(bump('1.4.0', '1.4.0', breakingEdit))[0], 'the version change');
    expect(c).toMatchObject({ kind: 'version-not-bumped', level: 'breaking' });
    expect(c.message).toBe('Breaking changes need a new major version, but info.version is still 1.4.0; make it 2.0.0.');
  });

  it('in 0.x a minor bump counts as major; a patch bump does not', () => {
    expect(versionChanges(bump('0.4.1', '0.5.0', breakingEdit))).toEqual([]);
    const c = defined(versionChanges(bump('0.4.1', '0.4.2', breakingEdit))[0], 'the version change');
    expect(c).toMatchObject({ kind: 'version-not-bumped', breaking: true });
    expect(c.message).toBe(
      'Breaking changes need a new major version (in 0.x a minor bump counts as major), but info.version went from 0.4.1 to 0.4.2; make it 0.5.0.',
    );
    expect(versionChanges(bump('0.4.1', '1.0.0', breakingEdit))).toEqual([]);
  });

  it('a prerelease of the next major version counts; leaving a prerelease for its release does too', () => {
    expect(versionChanges(bump('1.4.0', '2.0.0-rc.1', breakingEdit))).toEqual([]);
    expect(versionChanges(bump('2.0.0-rc.1', '2.0.0', breakingEdit))).toEqual([]);
    expect(versionChanges(bump('2.0.0', '2.1.0-rc.1', breakingEdit)).map((c) => c.kind)).toEqual(['version-not-bumped']);
  });

  it('a version that is not semver: an info line saying the bump could not be checked', () => {
    const changes = bump('2024-06', '2024-07', breakingEdit);
    expect(versionChanges(changes)).toEqual([
      {
        id: 'api-version-unchecked',
        kind: 'version-unchecked',
        pointer: '#/info/version',
        breaking: false,
        level: 'info',
        subject: 'version',
        location: 'info.version',
        message: 'The version bump from 2024-06 to 2024-07 could not be checked: "2024-06" and "2024-07" are not semantic versions (MAJOR.MINOR.PATCH).',
      },
    ]);
    expect(changes.summary.breaking).toBe(1);
    expect(versionChanges(bump('1.4.0', 'v2', safeEdit))[0]?.message).toBe(
      'The version bump from 1.4.0 to v2 could not be checked: "v2" is not a semantic version (MAJOR.MINOR.PATCH).',
    );
  });

  it('changes that are not breaking with no version change at all: information, as oasdiff says', () => {
    const changes = bump('1.4.0', '1.4.0', safeEdit);
    expect(versionChanges(changes)).toEqual([
      {
        id: 'api-version-not-bumped',
        kind: 'version-unchanged',
        breaking: false,
        level: 'info',
        pointer: '#/info/version',
        subject: 'version',
        location: 'info.version',
        message:
          'info.version is still 1.4.0 though the description changed; give the new version its own number so clients and changelogs can tell them apart.',
      },
    ]);
    expect(changes.summary).toMatchObject({ breaking: 0, warnings: 0 });
    expect(versionChanges(bump('1.4.0', '1.4.1', safeEdit))).toEqual([]);
  });

  it('nothing to say when nothing changed, and nothing unless asked', () => {
    expect(bump('1.4.0', '1.4.0', () => {}).changes).toEqual([]);
    expect(versionChanges(diff(breakingEdit))).toEqual([]);
  });

  it('an experimental operation’s changes need no major version', () => {
    const changes = bump('1.4.0', '1.5.0', (d) => {
      op(d, '/labs/match', 'post').parameters[0].required = true;
    });
    expect(changes.changes.map((c) => [c.kind, c.level])).toEqual([['parameter-became-required', 'info']]);
  });
});

describe('a release semver says may not break (the changelog calls out breaking changes in one)', () => {
  it('is a minor or a patch release, a 0.x patch included', () => {
    expect(compatibleRelease('1.0.0', '1.1.0')).toBe('minor');
    expect(compatibleRelease('1.0.0', '1.0.1')).toBe('patch');
    expect(compatibleRelease('0.4.0', '0.4.1')).toBe('patch');
    expect(compatibleRelease('2.0.0', '2.1.0-rc.1')).toBe('minor');
    expect(compatibleRelease('v1.2.3', 'v1.2.4')).toBe('patch');
  });

  it('is nothing for a release that may break: a major bump, a minor one in 0.x, a prerelease and its release', () => {
    expect(compatibleRelease('1.4.0', '2.0.0')).toBeUndefined();
    expect(compatibleRelease('0.4.1', '0.5.0')).toBeUndefined();
    expect(compatibleRelease('1.4.0', '2.0.0-rc.1')).toBeUndefined();
    expect(compatibleRelease('2.0.0-rc.1', '2.0.0')).toBeUndefined();
  });

  it('says nothing when the version did not go up or either version is not semver', () => {
    expect(compatibleRelease('1.1.0', '1.1.0')).toBeUndefined();
    expect(compatibleRelease('1.1.0', '1.0.0')).toBeUndefined();
    expect(compatibleRelease('2024-spring', '2024-summer')).toBeUndefined();
    expect(compatibleRelease('1.0', '1.1')).toBeUndefined();
  });
});
