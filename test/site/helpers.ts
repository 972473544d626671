// Shared by the site tests: running the build commands, reading the built files, serving a
// built portal to the browser.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { serveStatic, type StaticServer } from '../../scripts/infra/serve-static.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { refused } from '../helpers/ports.ts';
import { BUILD_TIMEOUT_MS, runScript, scriptEnv, type Finished } from '../helpers/processes.ts';

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

/** Runs a project script as a plain build would (none of the preview's variables) and collects its output. */
export function runSiteScript(script: string, args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return runScript(script, args, { env: scriptEnv(env), timeoutMs: BUILD_TIMEOUT_MS });
}

/** `env` adds variables a build reads, such as PORTAL_MOCK_URL (the try-it panels' default target). */
export async function buildSite(spec: string, out: string, extra: string[] = [], env: Record<string, string> = {}): Promise<Finished> {
  const result = await runSiteScript('scripts/build.ts', ['--spec', spec, '--out', out, ...extra], env);
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
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)))
      .update('\0');
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

export interface ServedSite {
  /** The built portal's folder. */
  out: string;
  server: StaticServer;
  browser: Browser;
  /** Closes the browser and the server, and checks nothing listens on its port any more (the folder goes with removeTempDirs). */
  close(): Promise<void>;
}

/** Builds a description into a fresh folder, serves it on 127.0.0.1 and opens Chromium: the setup of the browser tests. */
export async function serveBuiltSite(name: string, spec: string, extra: string[] = []): Promise<ServedSite> {
  const out = join(tempDir(name), 'site');
  await buildSite(spec, out, extra);
  return serveSite(out);
}

/** Serves a built portal on 127.0.0.1 (under `base` when it was built for one) and opens Chromium. */
export async function serveSite(out: string, options: { base?: string } = {}): Promise<ServedSite> {
  const server = await serveStatic(out, { host: '127.0.0.1', port: 0, ...(options.base ? { base: options.base } : {}) });
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    out,
    server,
    browser,
    async close() {
      try {
        await browser.close();
      } finally {
        await server.close();
      }
      expect(await refused(server.port)).toBe(true);
    },
  };
}
