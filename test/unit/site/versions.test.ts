// The pure parts of publishing versions: the order of tags, a version's folder, what the
// changelog says of each operation and of a version that breaks clients under a minor bump, and the feed's ids.
import { describe, expect, it } from 'vitest';
import type { ApiChange, ApiChanges } from '../../../scripts/diff/types.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';
import { buildChangelog, changelogUpTo, operationHistory, type Changelog } from '../../../scripts/site/versions/changelog.ts';
import { versionFolder } from '../../../scripts/site/versions/context.ts';
import { sortTags } from '../../../scripts/site/versions/git-tags.ts';
import { nameUuid } from '../../../site/src/lib/name-uuid.ts';
import { op, pets } from '../diff/documents.ts';

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

describe('a version that breaks clients under a minor or patch bump', () => {
  /** Pets at `version`, getPet asking for the required query parameters named. */
  const at = (version: string, required: string[]) => {
    const doc = pets();
    doc.info.version = version;
    for (const name of required) op(doc, '/pets/{petId}', 'get').parameters.push({ name, in: 'query', required: true, schema: { type: 'string' } });
    return { version, date: '2026-01-01T00:00:00Z', model: normalizeDocument(doc as OpenApiDocument) };
  };

  it('is marked with the kind of release; a major bump, a safe release and versions that are not semver are not', () => {
    const changelog = buildChangelog([
      at('1.0.0', []),
      at('1.1.0', ['a']),
      at('1.1.1', ['a', 'b']),
      at('1.2.0', ['a', 'b']),
      at('2.0.0', ['a', 'b', 'c']),
      at('spring', ['a', 'b', 'c', 'd']),
    ]);
    expect(changelog.entries.map((e) => [e.version, e.breakingIn])).toEqual([
      ['spring', undefined],
      ['2.0.0', undefined],
      ['1.2.0', undefined],
      ['1.1.1', 'patch'],
      ['1.1.0', 'minor'],
    ]);
  });
});

describe('name-based ids', () => {
  it('are RFC 9562 version 5 UUIDs, the same for the same name', () => {
    // Python's uuid.uuid5(uuid.NAMESPACE_URL, 'https://example.org/').
    expect(nameUuid('6ba7b811-9dad-11d1-80b4-00c04fd430c8', 'https://example.org/')).toBe('urn:uuid:527dda32-a0de-5105-a042-cb475b5f7d11');
    expect(nameUuid('6ba7b811-9dad-11d1-80b4-00c04fd430c8', 'https://example.org/x')).not.toBe('urn:uuid:527dda32-a0de-5105-a042-cb475b5f7d11');
  });
});
