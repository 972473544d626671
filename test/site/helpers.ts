// Shared by the site tests: running the build commands, reading the built files, the browser.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const NODE = process.execPath;

const created: string[] = [];

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `portal-test-${prefix}-`));
  created.push(dir);
  return dir;
}

/** Removes every folder tempDir made in this test file. */
export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface Finished {
  code: number | null;
  output: string;
}

/** Runs a project script with Node and collects its output. */
export function runScript(script: string, args: string[], timeoutMs = 240_000): Promise<Finished> {
  return new Promise((done, fail) => {
    const env = { ...process.env };
    delete env.PORTAL_MODEL;
    delete env.PORTAL_PREVIEW;
    const child = spawn(NODE, [join(ROOT, script), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${script} took longer than ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

export async function buildSite(spec: string, out: string, extra: string[] = []): Promise<Finished> {
  const result = await runScript('scripts/build.ts', ['--spec', spec, '--out', out, ...extra]);
  if (result.code !== 0) throw new Error(`Build of ${spec} failed:\n${result.output}`);
  return result;
}

export function read(dir: string, path: string): string {
  return readFileSync(join(dir, path), 'utf8');
}

/** Every file under a folder, as relative paths. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** A fingerprint of a folder's every file (path and bytes). */
export function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(dir)) {
    hash.update(file).update('\0').update(readFileSync(join(dir, file))).update('\0');
  }
  return hash.digest('hex');
}

export function exists(dir: string, path: string): boolean {
  try {
    statSync(join(dir, path));
    return true;
  } catch {
    return false;
  }
}

/** The main content of a page, without Starlight's header and navigation. */
export function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

/** The navigation sidebar of a page. */
export function sidebarOf(html: string): string {
  const start = html.indexOf('id="starlight__sidebar"');
  const end = html.indexOf('</nav>', start);
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Operations of a `paths` or `webhooks` map, counted from the raw JSON (path items by $ref included). */
export function countOperations(map: Record<string, any> | undefined, document: Record<string, any>): number {
  let count = 0;
  for (const item of Object.values(map ?? {})) {
    let pathItem = item;
    if (pathItem && typeof pathItem.$ref === 'string' && pathItem.$ref.startsWith('#/')) {
      pathItem = pathItem.$ref
        .slice(2)
        .split('/')
        .reduce((node: any, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    }
    for (const method of METHODS) if (pathItem && typeof pathItem[method] === 'object') count++;
  }
  return count;
}

/** Page folders (`<name>/index.html`) directly under a folder. */
export function pageFolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && exists(join(dir, e.name), 'index.html'))
      .map((e) => e.name);
  } catch {
    return [];
  }
}
