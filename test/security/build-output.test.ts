// Build output: an output folder on another file system (a Docker volume, a CI mount, here a tmpfs)
// works; the folders a killed build leaves are removed by the next build, and only those whose
// process is gone; names too long for a file system become short unique slugs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { BUILD_TIMEOUT_MS, runScript, startScript, stop } from '../helpers/processes.ts';
import { waitUntil, workspace, type Workspace } from './helpers.ts';

let ws: Workspace;
const OTHER_DEVICE = '/dev/shm';

beforeAll(() => {
  ws = workspace('build-output');
});

afterAll(() => ws?.remove());

/** A process id that belonged to a process now gone. */
function deadPid(): number {
  const child = spawnSync('true');
  return child.pid!;
}

const named = (dir: string, pattern: RegExp): string[] => (existsSync(dir) ? readdirSync(dir).filter((name) => pattern.test(name)) : []);

describe('npm run build output', () => {
  it('removes the folders of a killed build, and of no build still running', async () => {
    const out = join(ws.dir, 'killed/out');
    mkdirSync(dirname(out), { recursive: true });
    const build = startScript('scripts/build.ts', ['--out', out], { timeoutMs: BUILD_TIMEOUT_MS });
    const pid = build.child.pid!;
    const staging = new RegExp(`^\\.out-building-${pid}-`);
    // Killed while the site is being built: its staging folder and its work folder stay behind.
    await waitUntil(() => named(dirname(out), staging).length > 0, BUILD_TIMEOUT_MS, 'the staging folder');
    await stop(build, 'SIGKILL');
    expect(named(dirname(out), staging)).toHaveLength(1);
    expect(named(tmpdir(), new RegExp(`^portal-build-${pid}-`))).toHaveLength(1);
    // Folders of a build still running (this test's process stands for it), and of one long gone.
    const running = join(dirname(out), `.out-building-${process.pid}-live`);
    mkdirSync(running);
    const gone = deadPid();
    mkdirSync(join(dirname(out), `.out-building-${gone}-old`));
    mkdirSync(join(tmpdir(), `portal-build-${gone}-old`));
    try {
      const next = await runScript('scripts/build.ts', ['--out', out, '--no-lint'], { timeoutMs: BUILD_TIMEOUT_MS });
      expect(next.code, next.output).toBe(0);
      expect(named(dirname(out), /^\.out-building-/)).toEqual([basename(running)]);
      expect(named(tmpdir(), new RegExp(`^portal-build-(${pid}|${gone})-`))).toEqual([]);
      expect(existsSync(join(out, 'index.html'))).toBe(true);
    } finally {
      rmSync(running, { recursive: true, force: true });
    }
  });

  it('builds into a folder on another file system, with names past 250 characters as short unique slugs', async () => {
    expect(statSync(OTHER_DEVICE).dev).not.toBe(statSync(ROOT).dev);
    const long = 'a'.repeat(300);
    const spec = ws.write(
      'long/openapi.yaml',
      `openapi: 3.0.3
info: {title: Long names, version: '1'}
tags:
  - name: ${'Tag'.repeat(100)}
paths:
  /one:
    get:
      operationId: ${long}One
      tags: [${'Tag'.repeat(100)}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/${'Schema'.repeat(50)}'}}}}
  /two:
    get:
      operationId: ${long}Two
      tags: [${'Tag'.repeat(100)}]
      responses:
        '200': {description: ok}
components:
  schemas:
    ${'Schema'.repeat(50)}: {type: object}
`,
    );
    const out = join(OTHER_DEVICE, `${basename(ws.dir)}-out`);
    try {
      const result = await runScript('scripts/build.ts', ['--spec', spec, '--out', out, '--no-lint'], { timeoutMs: BUILD_TIMEOUT_MS });
      expect(result.code, result.output).toBe(0);
      expect(result.output).not.toMatch(/EXDEV|ENAMETOOLONG/);
      const operations = readdirSync(join(out, 'operations'), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
      expect(operations).toHaveLength(2);
      expect(new Set(operations).size).toBe(2);
      for (const folder of [...operations, ...readdirSync(join(out, 'tags')), ...readdirSync(join(out, 'schemas'))])
        expect(folder.length).toBeLessThanOrEqual(80);
      const titles = operations.map((slug) => /<title>([^<|]+)/.exec(readFileSync(join(out, 'operations', slug, 'index.html'), 'utf8'))?.[1]?.trim());
      expect(titles.sort()).toEqual(['GET /one', 'GET /two']);
      expect(readFileSync(join(out, 'llms.txt'), 'utf8')).toContain(`/operations/${operations[0]}`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
