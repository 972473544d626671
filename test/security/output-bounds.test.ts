// Output proportional to the description: documents made here to weigh on every page (a thousand
// tags, each listed in the navigation and described at length; an enumeration of 20,000 values that
// 200 operations use)
// build within a bound on their bytes and CPU time, and a build past its output bound
// (`--max-output`) stops there with an `output-limit` error, the previous site left as it was.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';
import { BUILD_TIMEOUT_MS, run, scriptEnv, type Finished } from '../helpers/processes.ts';
import { fingerprint, removeTempDirs, serveSite, tempDir, type ServedSite } from '../site/helpers.ts';

const TAGS = 1000;
const ENUM_VALUES = 20_000;
const ENUM_OPERATIONS = 200;

/** A thousand tags of one operation each, each tag with 2 KB of description; the first 200 operations take a parameter and answer a schema that allow 20,000 values. */
function hostileDescription(): string {
  const values = Array.from({ length: ENUM_VALUES }, (_, i) => `value-${i}`);
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < TAGS; i++) {
    const heavy = i < ENUM_OPERATIONS;
    paths[`/things${i}`] = {
      get: {
        operationId: `getThing${i}`,
        summary: `Get thing ${i}`,
        tags: [`tag${i}`],
        ...(heavy ? { parameters: [{ $ref: '#/components/parameters/Kind' }] } : {}),
        responses: {
          '200': { description: 'The thing', content: { 'application/json': { schema: heavy ? { $ref: '#/components/schemas/Kind' } : { type: 'object' } } } },
        },
      },
    };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Heavy', version: '1.0.0' },
    // Each tag described at length: its page shows it once, the home page's list of tags a line of it.
    tags: Array.from({ length: TAGS }, (_, i) => ({ name: `tag${i}`, description: `Things of kind ${i}. ${'All about them. '.repeat(128)}` })),
    paths,
    components: {
      schemas: { Kind: { type: 'string', enum: values } },
      parameters: { Kind: { name: 'kind', in: 'query', schema: { type: 'string', enum: values } } },
    },
  });
}

/** A build, with the CPU time it and every process it started used (bash's `times`: not inflated by other load). */
async function timedBuild(args: string[]): Promise<Finished & { cpuSeconds: number }> {
  const result = await run('bash', ['-c', '"$@"; code=$?; times; exit $code', 'build', process.execPath, join(ROOT, 'scripts/build.ts'), ...args], {
    env: scriptEnv(),
    timeoutMs: BUILD_TIMEOUT_MS,
  });
  // The second line of `times`: the user and system time of the commands it ran.
  const children = result.stdout.trim().split('\n').at(-1)!;
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
  return { ...result, cpuSeconds: seconds };
}

function files(dir: string): { path: string; bytes: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return { path: path.slice(dir.length), bytes: statSync(path).size };
    });
}

afterAll(removeTempDirs);

describe('a description made to weigh on every page', () => {
  let spec: string;
  let out: string;
  let build: Finished & { cpuSeconds: number };
  let site: ServedSite | undefined;

  beforeAll(async () => {
    const dir = tempDir('heavy');
    spec = join(dir, 'openapi.json');
    writeFileSync(spec, hostileDescription());
    out = join(dir, 'site');
    build = await timedBuild(['--spec', spec, '--out', out, '--no-lint']);
  });

  afterAll(() => site?.close());

  it('builds within a bound on its bytes and CPU time', () => {
    expect(build.code, build.output).toBe(0);
    const written = files(out);
    const pages = written.filter((f) => f.path.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(2 * TAGS);
    // Every page of an operation or a tag stays small, whatever the number of tags and the size of an enumeration.
    const largest = Math.max(...pages.filter((f) => /^\/(operations|tags)\//.test(f.path)).map((f) => f.bytes));
    expect(largest).toBeLessThan(64 * 1024);
    // In all: tens of kilobytes a page, where each page listing every tag and value came to hundreds of megabytes.
    const total = written.reduce((sum, f) => sum + f.bytes, 0);
    expect(total).toBeLessThan(pages.length * 48 * 1024 + 8 * 1024 * 1024);
    // The home page lists every tag with the start of its description: a line each, not 2 KB.
    expect(statSync(join(out, 'index.html')).size).toBeLessThan(TAGS * 512);
    // The CPU time of the whole build, model and search index included: about 10 ms a page here.
    expect(build.cpuSeconds).toBeGreaterThan(0);
    expect(build.cpuSeconds).toBeLessThan(60);
  });

  it('shows the first values of the large enumeration, and writes all of them once', () => {
    const lists = readdirSync(join(out, 'enums'));
    expect(lists).toHaveLength(1);
    const all = JSON.parse(readFileSync(join(out, 'enums', lists[0]!), 'utf8')) as string[];
    expect(all).toHaveLength(ENUM_VALUES);
    for (const page of ['operations/get-thing0/index.html', 'operations/get-thing199/index.html', 'schemas/kind/index.html']) {
      const html = readFileSync(join(out, page), 'utf8');
      const shown = new Set(html.match(/value-\d+/g));
      expect(shown.size, page).toBeGreaterThan(0);
      expect(shown.size, page).toBeLessThanOrEqual(50);
      expect(html, page).toContain(`href="/enums/${lists[0]}"`);
    }
    // The try-it panel asks for the value in a text field.
    expect(readFileSync(join(out, 'operations/get-thing0/index.html'), 'utf8')).not.toMatch(/<option[^>]*>&quot;?value-1\b/);
  });

  it('leads a reader through the tags by the links around each page’s own part, in Chromium', async () => {
    site = await serveSite(out);
    const page = await site.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${site.server.url}/operations/get-thing500/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Get thing 500' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: /^tag\d+$/ }).count()).toBe(99);
    expect(await nav.getByRole('link', { name: `All ${TAGS} tags` }).getAttribute('href')).toBe('/#tags');
    await nav.getByRole('link', { name: `Tags 401 to 500 of ${TAGS}` }).waitFor();
    await Promise.all([page.waitForURL('**/tags/tag600/'), nav.getByRole('link', { name: `Tags 601 to 700 of ${TAGS}` }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('tag600');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('a build past its output bound', () => {
  it('stops with an output-limit error at the description, and leaves the previous site as it was', async () => {
    const dir = tempDir('bound');
    const spec = join(dir, 'openapi.json');
    writeFileSync(spec, hostileDescription());
    const out = join(dir, 'site');
    const previous = join(out, 'index.html');
    mkdirSync(out);
    writeFileSync(previous, 'the previous site');
    const before = fingerprint(out);
    const build = await timedBuild(['--spec', spec, '--out', out, '--no-lint', '--max-output', '2']);
    expect(build.code, build.output).toBe(1);
    const line = build.output.split('\n').find((l) => l.includes(' output-limit '));
    expect(line).toMatch(
      /openapi\.json:1:1 error output-limit The portal would be larger than --max-output 2, 2\.0 MiB in all: stopped at \/\S+ with ([\d.]+) MiB/,
    );
    // Stopped at the page that went past the bound: the pages and files rendered at once (four, the
    // home page's list of 800 tags among them) at most beyond it, where the whole site is far larger.
    expect(Number(/with ([\d.]+) MiB/.exec(line!)![1])).toBeLessThan(3);
    expect(build.output).toContain(`The previous output in ${out} is unchanged.`);
    expect(fingerprint(out)).toBe(before);
    expect(readdirSync(dir).filter((name) => name.includes('-building-'))).toEqual([]);
  });
});
