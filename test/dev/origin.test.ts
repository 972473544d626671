// `npm run dev` serves its own origin only. A real preview process, whose editor is a script
// that records what it was asked to open (LAUNCH_EDITOR, as Vite's open-in-editor reads it):
// a request from another localhost port gets no CORS header and cannot open the editor, from
// curl-like requests and from a real page in Chromium; the preview's own pages still can, on
// the description's files only.
import { once } from 'node:events';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';
import { freePort, refused } from '../helpers/ports.ts';
import { gone, start, stop, type Running } from '../helpers/processes.ts';
import { userShellEnv } from '../helpers/shell-env.ts';
import { defined } from '../helpers/defined.ts';
import { WAIT_MS } from '../helpers/wait.ts';

const PREVIEW_TIMEOUT_MS = 300_000;
const NODE = join(ROOT, 'node_modules/.bin/node');

let tmp: string;
let spec: string;
let calls: string;
let outside: string;
let preview: Running;
let site: string;
let own: string;
let other: Server;
let otherOrigin: string;
let browser: Browser;

/** What the editor was asked to open so far, one call a line. */
const opened = (): string[] => (existsSync(calls) ? readFileSync(calls, 'utf8').split('\n').filter(Boolean) : []);

const editorUrl = (file: string) => `${site}__open-in-editor?file=${encodeURIComponent(file)}`;

/**
 * Asks the preview's own origin to open the spec, and waits until the editor has run: a refusal
 * before it would have run before it too, so afterwards only the allowed calls may be there.
 */
async function openFromOwnPage(): Promise<void> {
  const before = opened().length;
  const answer = await fetch(editorUrl(spec), { headers: { Origin: own, 'Sec-Fetch-Site': 'same-origin' } });
  expect(answer.status).toBe(200);
  await expect.poll(() => opened().length, { timeout: WAIT_MS }).toBe(before + 1);
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'preview-origin-'));
  cpSync(join(ROOT, 'openapi'), join(tmp, 'openapi'), { recursive: true });
  spec = join(tmp, 'openapi/openapi.yaml');
  calls = join(tmp, 'editor-calls.txt');
  outside = join(tmp, 'not-the-description.txt');
  writeFileSync(outside, 'private\n');
  const editor = join(tmp, 'editor.sh');
  writeFileSync(editor, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\n`);
  chmodSync(editor, 0o755);
  const port = await freePort();
  const mockPort = await freePort();
  preview = start(NODE, ['scripts/dev.ts', '--spec', spec, '--port', String(port), '--mock-port', String(mockPort), '--host', '127.0.0.1'], {
    cwd: ROOT,
    env: userShellEnv({ LAUNCH_EDITOR: editor }),
    timeoutMs: PREVIEW_TIMEOUT_MS,
  });
  site = defined((await preview.waitFor(/^Preview: (http:\/\/\S+)$/m, 150_000))[1], 'the preview address');
  own = new URL(site).origin;
  // Another page on this machine, on another port: same site, another origin.
  other = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Another local page</title>');
  }).listen(0, '127.0.0.1');
  await once(other, 'listening');
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (other) {
    other.close();
    await once(other, 'close');
  }
  if (preview) {
    await stop(preview);
    expect(gone(preview)).toBe(true);
    expect(await refused(Number(new URL(site).port))).toBe(true);
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('CORS of the preview', () => {
  it('gives no Access-Control-Allow-Origin to another localhost origin, on pages and on the dev server’s modules', async () => {
    for (const path of ['', 'operations/get-pet-by-id/', '@vite/client', '__preview/status']) {
      const answer = await fetch(`${site}${path}`, { headers: { Origin: otherOrigin } });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('access-control-allow-origin'), path).toBeNull();
      await answer.body?.cancel();
    }
  });

  it('still allows its own origin', async () => {
    const answer = await fetch(`${site}@vite/client`, { headers: { Origin: own } });
    expect(answer.headers.get('access-control-allow-origin')).toBe(own);
    await answer.body?.cancel();
  });

  it('keeps another page in Chromium from reading the preview', async () => {
    const page = await browser.newPage();
    await page.goto(otherOrigin);
    const read = await page.evaluate(
      (url) =>
        fetch(url).then(
          (r) => r.text().then((t) => `read ${t.length} characters`),
          (e: Error) => `blocked: ${e.name}`,
        ),
      site,
    );
    expect(read).toBe('blocked: TypeError');
    await page.close();
  });
});

describe('open-in-editor of the preview', () => {
  it('refuses another origin (403), whatever the file, and does not run the editor', async () => {
    const tries: Record<string, string>[] = [
      { Origin: otherOrigin, 'Sec-Fetch-Site': 'same-site' },
      { Origin: otherOrigin },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of tries) {
      const answer = await fetch(editorUrl(spec), { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      await answer.body?.cancel();
    }
    await openFromOwnPage();
    expect(opened()).toEqual([expect.stringContaining(spec)]);
  });

  it('refuses, even from its own pages, a file outside the description’s folder and the project', async () => {
    const before = opened();
    for (const file of [outside, '/etc/passwd', `file://${outside}`, `${outside}:1:1`]) {
      const answer = await fetch(editorUrl(file), { headers: { Origin: own, 'Sec-Fetch-Site': 'same-origin' } });
      expect(answer.status, file).toBe(403);
      expect(await answer.text()).toBe('Refused: only files of the description or the project open in the editor.');
    }
    await openFromOwnPage();
    expect(opened()).toEqual([...before, expect.stringContaining(spec)]);
    expect(opened().join('\n')).not.toContain(outside);
  });

  it('in Chromium: another local page cannot open the editor; a preview page can, on a file of the description', async () => {
    const before = opened();
    const page = await browser.newPage();
    await page.goto(otherOrigin);
    // Without CORS a page can still send a request and not read the answer: the request itself must be refused.
    await page.evaluate((url) => fetch(url, { mode: 'no-cors' }).then(() => undefined), editorUrl(spec));
    // A page of the preview's own origin that does not reload itself as the site's pages do on a rebuild.
    await page.goto(`${site}__preview/status`);
    const status = await page.evaluate((url) => fetch(url).then((r) => r.status), editorUrl(`${spec}:2:1`));
    expect(status).toBe(200);
    await expect.poll(() => opened().length, { timeout: WAIT_MS }).toBe(before.length + 1);
    expect(opened()).toEqual([...before, expect.stringContaining(spec)]);
    await page.close();
  });
});
