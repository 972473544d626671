// Editing the description while clients call the mock: a valid edit shows
// in the answers, an invalid one is reported with its file:line:col while
// the last good version keeps answering, and fixing it brings the new
// version; not one request fails meanwhile.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import type { ReloadEvent } from '../../scripts/mock/server-options.ts';
import { ROOT } from '../helpers/paths.ts';
import { AUTH, startMock, type Collected } from './helpers.ts';

let dir: string;
let mock: MockServer & { output: Collected };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mock-reload-'));
  cpSync(resolve(ROOT, 'openapi'), dir, { recursive: true });
  mock = await startMock({ spec: join(dir, 'openapi.yaml'), watch: true });
});

afterAll(async () => {
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function nextEvent(name: 'reload' | 'reload-failed'): Promise<ReloadEvent> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no ${name} within 20 s`)), 20_000);
    mock.events.once(name, (event: ReloadEvent) => {
      clearTimeout(timer);
      done(event);
    });
  });
}

describe('reload on save', () => {
  it('serves each valid edit, keeps the last good version through an invalid one, and drops no request', async () => {
    const file = join(dir, 'components/examples/Rex.yaml');
    const original = readFileSync(file, 'utf8');
    expect(original).toMatch(/name: Rex\b/);

    const seen: string[] = [];
    const failures: string[] = [];
    let running = true;
    let sent = 0;
    const client = async () => {
      while (running) {
        sent++;
        try {
          const response = await fetch(`${mock.url}/pets/records/42`, { headers: AUTH });
          const text = await response.text();
          if (response.status !== 200) failures.push(`${response.status} ${text}`);
          else seen.push(JSON.parse(text).name);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const clients = Array.from({ length: 4 }, client);
    const latest = () => seen[seen.length - 1];
    const waitFor = async (name: string) => {
      const started = Date.now();
      while (latest() !== name) {
        if (Date.now() - started > 20_000) throw new Error(`never saw ${name}; last ${latest()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    try {
      await waitFor('Rex');

      let reloaded = nextEvent('reload');
      writeFileSync(file, original.replace(/name: Rex\b/, 'name: Rexford'));
      expect((await reloaded).ok).toBe(true);
      await waitFor('Rexford');

      const failed = nextEvent('reload-failed');
      writeFileSync(file, 'summary: broken\nvalue:\n  id: 42\n  name: [unclosed\n');
      const event = await failed;
      expect(event.ok).toBe(false);
      expect(event.diagnostics.length).toBeGreaterThan(0);
      expect(mock.output.text).toMatch(/Rex\.yaml:\d+:\d+ error \S+ .+/);
      expect(mock.output.text).toContain('still serving the last good version');
      const before = seen.length;
      await new Promise((r) => setTimeout(r, 200));
      expect(seen.length).toBeGreaterThan(before);
      expect(seen.slice(before).every((name) => name === 'Rexford')).toBe(true);

      reloaded = nextEvent('reload');
      writeFileSync(file, original.replace(/name: Rex\b/, 'name: Rexella'));
      expect((await reloaded).ok).toBe(true);
      await waitFor('Rexella');
      expect(mock.output.text).toMatch(/^Recovered in \d+ ms after a change to components\/examples\/Rex\.yaml: Petstore API/m);
    } finally {
      running = false;
      await Promise.all(clients);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  });

  it('reloads for the files the description reads, not for another JSON or YAML file beside them', async () => {
    // Written first: the folder's events arrive in order, so had it counted, the reload would name it.
    writeFileSync(join(dir, 'package-lock.json'), '{"lockfileVersion": 3}\n');
    writeFileSync(join(dir, 'components/examples/notes.yaml'), 'not: read\n');
    const reloaded = nextEvent('reload');
    const file = join(dir, 'components/examples/Rex.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/name: Rex\w*/, 'name: Rexine'));
    expect((await reloaded).ok).toBe(true);
    const line = mock.output.text.split('\n').findLast((l) => l.startsWith('Reloaded in'));
    expect(line).toMatch(/^Reloaded in \d+ ms after a change to components\/examples\/Rex\.yaml: Petstore API/);
  });
});
