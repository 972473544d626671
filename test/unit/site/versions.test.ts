// The pure parts of publishing versions: the order of tags, a version's folder, and what the
// changelog says of each operation.
import { describe, expect, it } from 'vitest';
import type { ApiChange, ApiChanges } from '../../../scripts/diff/types.ts';
import { changelogUpTo, operationHistory, type Changelog } from '../../../scripts/site/versions/changelog.ts';
import { versionFolder } from '../../../scripts/site/versions/context.ts';
import { sortTags } from '../../../scripts/site/versions/git-tags.ts';

describe('tag order', () => {
  it('follows semver when every tag parses, whatever their dates', () => {
    const tags = [
      { ref: 'v1.10.0', date: '2026-01-01T00:00:00Z' },
      { ref: 'v1.2.0', date: '2026-05-01T00:00:00Z' },
      { ref: '2.0.0', date: '2025-01-01T00:00:00Z' },
    ];
    expect(sortTags(tags).map((t) => t.ref)).toEqual(['v1.2.0', 'v1.10.0', '2.0.0']);
  });

  it('follows the dates when one tag is not a version', () => {
    const tags = [
      { ref: 'v2.0.0', date: '2026-03-01T00:00:00Z' },
      { ref: 'spring-release', date: '2026-01-01T00:00:00Z' },
      { ref: 'v1.0.0', date: '2026-02-01T00:00:00+01:00' },
    ];
    expect(sortTags(tags).map((t) => t.ref)).toEqual(['spring-release', 'v1.0.0', 'v2.0.0']);
  });
});

describe('version folders', () => {
  it("keeps a version's name, never one of the site's own folders, and never one taken", () => {
    expect(versionFolder('1.0.0', new Set())).toBe('1.0.0');
    expect(versionFolder('2024 spring/beta', new Set())).toBe('2024-spring-beta');
    expect(versionFolder('../..', new Set())).toBe('version');
    expect(versionFolder('operations', new Set())).toBe('v-operations');
    expect(versionFolder('1.0.0', new Set(['1.0.0']))).toBe('1.0.0-2');
  });

  it("never names one of the site's own files, whatever the case", () => {
    for (const name of [
      'openapi.json',
      'openapi.yaml',
      'llms.txt',
      'index.html',
      '404.html',
      'sitemap-index.xml',
      'favicon.svg',
      'Index.HTML',
      'changelog.xml',
    ]) {
      expect(versionFolder(name, new Set()), name).toBe(`v-${name}`);
    }
    expect(versionFolder('2.0.0-rc.1', new Set())).toBe('2.0.0-rc.1');
  });

  it('caps a long version at 80 characters, two long versions alike at the start kept apart', () => {
    const a = versionFolder(`1.0.0-${'a'.repeat(300)}`, new Set());
    const b = versionFolder(`1.0.0-${'a'.repeat(299)}b`, new Set());
    expect(a.length).toBeLessThanOrEqual(80);
    expect(a.startsWith('1.0.0-aaaa')).toBe(true);
    expect(b).not.toBe(a);
  });

  it('is unique as a file system that ignores case sees it', () => {
    expect(versionFolder('1.0.0-RC', new Set(['1.0.0-rc']))).toBe('1.0.0-RC-2');
  });
});

const change = (kind: ApiChange['kind'], slug: string, subject: ApiChange['subject'] = 'operation'): ApiChange => ({
  id: kind,
  kind,
  breaking: false,
  level: 'info',
  subject,
  operation: { method: 'get', path: `/${slug}`, slug },
  message: kind,
});
const entry = (version: string, previous: string, changes: ApiChange[]) => ({
  version,
  previous,
  date: '2026-01-01T00:00:00Z',
  changes: { changes } as unknown as ApiChanges,
});

describe('operation history', () => {
  const changelog: Changelog = {
    entries: [
      entry('1.2.0', '1.1.0', [change('operation-deprecated', 'old'), change('type-changed', 'pets'), change('parameter-added', 'new')]),
      entry('1.1.0', '1.0.0', [change('operation-added', 'new'), change('parameter-added', 'new'), change('operation-added', 'hook', 'webhook')]),
    ],
  };

  it('names the version that added, last changed and deprecated each operation, webhooks apart', () => {
    const history = operationHistory(changelog);
    expect(history.get('operation:new')).toEqual({ added: '1.1.0', changed: '1.2.0' });
    expect(history.get('operation:old')).toEqual({ deprecated: '1.2.0' });
    expect(history.get('operation:pets')).toEqual({ changed: '1.2.0' });
    expect(history.get('webhook:hook')).toEqual({ added: '1.1.0' });
    expect(history.get('operation:hook')).toBeUndefined();
  });

  it('gives an earlier version the changelog up to it', () => {
    expect(changelogUpTo(changelog, '1.1.0').entries.map((e) => e.version)).toEqual(['1.1.0']);
    expect(changelogUpTo(changelog, '1.0.0').entries).toEqual([]);
    expect(operationHistory(changelogUpTo(changelog, '1.1.0')).get('operation:new')).toEqual({ added: '1.1.0' });
  });
});
