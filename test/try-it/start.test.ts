// `npm start`: one command builds and serves the portal beside the mock, the
// panel talks to that mock, and Ctrl-C leaves nothing behind.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { freePort, refused } from '../helpers/ports.ts';
import { gone, startScript, stop, type Running } from '../helpers/processes.ts';
import { openPanel, sampleCode, send } from './helpers.ts';

/** Building the portal included; past this, `npm start` has hung. */
const START_TIMEOUT_MS = 300_000;

const started: Running[] = [];
const folders: string[] = [];

afterAll(async () => {
  for (const running of started) {
    await stop(running);
    expect(gone(running)).toBe(true);
  }
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'try-it-start-'));
  folders.push(dir);
  return dir;
}

describe('npm start', () => {
  it('serves the portal and the mock, the panel reaches the mock, and SIGINT stops both', async () => {
    const port = await freePort();
    const mockPort = await freePort();
    const out = await tempDir();
    const start = startScript('scripts/start.ts', ['--port', String(port), '--mock-port', String(mockPort), '--out', out], { timeoutMs: START_TIMEOUT_MS });
    started.push(start);
    await start.waitFor(/Mock server: \S+/, 120_000);
    expect(start.output()).toContain(`Portal: http://127.0.0.1:${port}/`);
    expect(start.output()).toContain(`Mock server: http://127.0.0.1:${mockPort}/`);

    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      // The description names the mock at its documented 4010: the portal shows where this one runs.
      await page.goto(`http://127.0.0.1:${port}/`);
      const baseUrls = page.getByRole('table', { name: 'Base URLs' });
      expect(await baseUrls.getByRole('cell', { name: new RegExp(`^http://127\\.0\\.0\\.1:${mockPort}\\b`) }).count()).toBe(1);
      expect(await baseUrls.textContent()).toContain('the description says http://127.0.0.1:4010');
      await page.goto(`http://127.0.0.1:${port}/operations/get-pet-by-id/`);
      // Before anything is chosen, the sample and the panel send to this mock, and 4010 is not offered.
      expect(await sampleCode(page)).toContain(`http://127.0.0.1:${mockPort}/pets/42`);
      await openPanel(page, { target: 'first' });
      const target = page.getByLabel('Send requests to');
      expect(await target.inputValue()).toBe('mock');
      expect(await target.locator('option').allTextContents()).not.toContainEqual(expect.stringContaining(':4010'));
      // Built for this mock's port, not the default 4010.
      expect(await page.getByLabel('Mock server address').inputValue()).toBe(`http://127.0.0.1:${mockPort}`);
      await page.getByLabel('API key (Bearer token)').fill('start-key');
      expect(await send(page)).toMatch(/^Response: 200 OK in \d+ ms\.$/);
      expect(JSON.parse((await page.locator('#try-it-response-body').textContent()) ?? '')).toMatchObject({ id: 42 });
    } finally {
      await browser.close();
    }

    start.child.kill('SIGINT');
    const { code, signal } = await start.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(await refused(port)).toBe(true);
    expect(await refused(mockPort)).toBe(true);
  });

  it('says which ports are taken, all at once, before building anything', async () => {
    const blockers = [createServer(), createServer()];
    for (const blocker of blockers) await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', () => done()));
    const [portal, mock] = blockers.map((blocker) => (blocker.address() as { port: number }).port);
    try {
      const out = await tempDir();
      const start = startScript('scripts/start.ts', ['--port', String(portal), '--mock-port', String(mock), '--out', out], {
        timeoutMs: START_TIMEOUT_MS,
      });
      started.push(start);
      const { code } = await start.closed;
      expect(code).toBe(1);
      expect(start.output()).toContain(`Port ${portal} on 127.0.0.1 is already in use, so the portal cannot start there.`);
      expect(start.output()).toContain(`Port ${mock} on 127.0.0.1 is already in use, so the mock server cannot start there.`);
      expect(start.output()).not.toContain('Building the portal');
    } finally {
      for (const blocker of blockers) await new Promise((done) => blocker.close(done));
    }
  });
});
