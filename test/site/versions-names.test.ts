// Versions named by their descriptions, published side by side with `--version-tags`: an
// `info.version` naming one of the site's own files (`openapi.json`, `index.html`, `404.html`,
// `llms.txt`) gets a folder of its own beside them, a 300-character one a short unique folder,
// and a tag dated past what JavaScript's dates hold is left out with a warning. The build passes
// and the site's own files stay the latest version's.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionFolder } from '../../scripts/site/versions/context.ts';
import { buildSite, exists, mainOf, read, removeTempDirs, tempDir } from './helpers.ts';

const LONG = `1.0.0-${'a'.repeat(300)}`;
const SITE_NAMED = ['openapi.json', 'index.html', '404.html', 'llms.txt'];
// Seconds since 1970 past JavaScript's last date (year 275,760): git keeps and prints it.
const FAR_FUTURE = '@9999999999999 +0000';

const TAGS: { tag: string; version: string; date: string }[] = [
  ...SITE_NAMED.map((version, i) => ({ tag: `t${i + 1}`, version, date: `2026-0${i + 1}-10T12:00:00Z` })),
  { tag: 't5', version: LONG, date: '2026-05-10T12:00:00Z' },
  { tag: 't6', version: '9.9.9', date: FAR_FUTURE },
];

const description = (version: string) => `openapi: 3.0.3
info: { title: Named versions, version: '${version}' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      responses: { '200': { description: The pets. } }
`;

function createRepo(dir: string): string {
  const git = (env: Record<string, string>, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Docs', '-c', 'user.email=docs@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
      cwd: dir,
      env: { ...process.env, ...env },
    });
  mkdirSync(join(dir, 'api'), { recursive: true });
  git({}, 'init', '-q', '-b', 'main');
  const spec = join(dir, 'api', 'openapi.yaml');
  for (const { tag, version, date } of [...TAGS, { tag: '', version: '2.0.0', date: '2026-07-10T12:00:00Z' }]) {
    writeFileSync(spec, description(version));
    const env = { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
    git(env, 'add', '.');
    git(env, 'commit', '-q', '-m', `Version ${version.slice(0, 20)}`);
    if (tag) git(env, 'tag', tag);
  }
  return spec;
}

let out: string;
let output: string;

beforeAll(async () => {
  const dir = tempDir('versions-names');
  const spec = createRepo(join(dir, 'repo'));
  out = join(dir, 'site');
  output = (await buildSite(spec, out, ['--no-lint', '--version-tags'])).output;
});

afterAll(removeTempDirs);

/** The version folders at the site's root: those whose home page shows a version other than the latest. */
function versionFolders(): string[] {
  return readdirSync(out).filter((name) => exists(out, `${name}/index.html`) && !['operations', 'tags', 'schemas', 'changelog'].includes(name));
}

describe('versions named like the site, or too long for a folder name', () => {
  it("keeps the site's own files the latest version's", () => {
    expect(JSON.parse(read(out, 'openapi.json')).info.version).toBe('2.0.0');
    expect(mainOf(read(out, 'index.html'))).toContain('<strong>2.0.0</strong>');
    expect(read(out, 'llms.txt')).toContain('Named versions');
    expect(statSync(join(out, '404.html')).isFile()).toBe(true);
  });

  it('publishes each version named like a site file in a folder beside it', () => {
    for (const version of SITE_NAMED) {
      expect(mainOf(read(out, `v-${version}/index.html`)), version).toContain(`<strong>${version}</strong>`);
    }
  });

  it('publishes a 300-character version in a folder of at most 80 characters', () => {
    const long = versionFolders().filter((name) => name.startsWith('1.0.0-aaa'));
    expect(long).toHaveLength(1);
    expect(long[0]!.length).toBeLessThanOrEqual(80);
    expect(mainOf(read(out, `${long[0]}/index.html`))).toContain('1.0.0-aaa');
  });

  it('leaves out a tag dated past the dates JavaScript holds, saying so, and builds the rest', () => {
    expect(output).toMatch(/Earlier version t6 left out: its date \(318857-[^)]+\) is outside the dates a changelog can show/);
    const published = [...mainOf(read(out, 'changelog/index.html')).matchAll(/data-version="([^"]+)"/g)].map((m) => m[1]);
    expect(published).not.toContain('9.9.9');
    expect(published).toContain('2.0.0');
  });

  it('writes nothing at its root that a version could be named after', () => {
    const folders = new Set(versionFolders().filter((name) => name.startsWith('v-') || name.startsWith('1.0.0-')));
    const own = readdirSync(out).filter((name) => !folders.has(name));
    expect(own).toEqual(expect.arrayContaining(['openapi.json', 'openapi.yaml', 'index.html', '404.html', 'llms.txt', 'operations', 'changelog.xml']));
    for (const name of own) expect(versionFolder(name, new Set()), name).not.toBe(name);
  });
});
