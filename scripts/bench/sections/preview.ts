// 5. Writers' preview (`npm run dev`) on a copy of our description: from saving an edit to
// the open page showing it and to the mock's first answer with it, and how many requests
// sent all along fail while the mock reloads. `prism mock` reloading on a save is the anchor
// for the dropped requests.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { launchChromium } from '../browser.ts';
import type { Context } from '../context.ts';
import { freePort, send, waitForOk, type Probe } from '../http.ts';
import { MOCKS, PRISM } from '../mocks.ts';
import { DOCS, NODE, ROOT, TMP, TOOLS } from '../paths.ts';
import { start, type Started } from '../processes.ts';
import { formatValue } from '../results.ts';
import { measureSave } from '../../dev/measure.ts';

const SECTION = 'preview';
const PAGE = '/operations/list-pets/';
const GET_PETS: Probe = { method: 'GET', path: '/pets', headers: { authorization: 'Bearer bench-token' } };
/** Requests in flight all along: two on fresh connections, two on kept-alive ones. */
const LOOPS = 4;
/** How long after an edit shows the request loops keep counting failures. */
const AFTER_MS = 1500;

interface Sent {
  at: number;
  ok: boolean;
}

/** Sends GET /pets back to back on `LOOPS` loops until stopped, recording each outcome. */
function requestLoops(base: string): { sent: Sent[]; stop(): Promise<void> } {
  const sent: Sent[] = [];
  let running = true;
  const keepAlive = new Agent({ keepAlive: true, maxSockets: LOOPS });
  const loop = async (agent: Agent | false) => {
    while (running) {
      const at = performance.now();
      const ok = await send(base, GET_PETS, 5000, agent).then(
        (a) => a.status === 200,
        () => false,
      );
      sent.push({ at, ok });
      if (!ok) await sleep(5);
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, i) => loop(i % 2 ? keepAlive : false));
  return {
    sent,
    async stop() {
      running = false;
      await Promise.all(loops);
      keepAlive.destroy();
    },
  };
}

const dropped = (sent: Sent[], from: number, to: number) => sent.filter((s) => s.at >= from && s.at <= to && !s.ok).length;

function copyDescription(name: string): string {
  const dir = join(TMP, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ROOT, 'openapi'), dir, { recursive: true });
  return dir;
}

export async function runPreview(ctx: Context): Promise<void> {
  const { results, options } = ctx;
  if (!options.docs.includes('ours')) return;
  if (!existsSync(TOOLS.ourDev)) {
    results.note('Preview: `npm run dev` is not there yet; not measured.');
    return;
  }
  const dir = copyDescription('preview-openapi');
  const spec = join(dir, 'openapi.yaml');
  const pets = join(dir, 'paths/pets.yaml');
  const [port, mockPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const mockUrl = `http://127.0.0.1:${mockPort}`;
  const since = performance.now();
  const dev: Started = start(
    NODE,
    // The copy's own config, named so it is trusted as ours is: the same house rules run on every save.
    [
      TOOLS.ourDev,
      '--spec',
      spec,
      '--port',
      String(port),
      '--mock-port',
      String(mockPort),
      '--host',
      '127.0.0.1',
      '--base',
      DOCS.ours.path,
      '--config',
      join(dir, 'redocly.yaml'),
    ],
    { log: join(TMP, 'logs', 'preview.log') },
  );
  const browser = await launchChromium();
  try {
    const startupMs = await waitForOk(url, { method: 'GET', path: PAGE }, since, dev.exited);
    await waitForOk(mockUrl, GET_PETS, since, dev.exited);
    results.add(SECTION, 'ours', 'ours', 'start-up until the first page', 'ms', [startupMs]);
    const page = await browser.newPage();
    await page.goto(url + PAGE, { waitUntil: 'load' });
    const loops = requestLoops(mockUrl);
    const pageMs: number[] = [];
    const mockMs: number[] = [];
    const drops: number[] = [];
    try {
      // The first save is a warm-up: the development server compiles the page once.
      for (let run = 0; run <= options.runs; run++) {
        const tag = `${Date.now().toString(36)}${run}`;
        const saved = performance.now();
        const t = await measureSave({
          page,
          file: pets,
          edit: (text) => text.replace(/summary: List pets.*$/m, `summary: List pets ${tag}`).replace(/name: Rex\w*/, `name: Rex${tag}`),
          pageText: `List pets ${tag}`,
          mock: { url: mockUrl + GET_PETS.path, init: { headers: GET_PETS.headers }, expect: `Rex${tag}` },
          timeoutMs: 60_000,
        });
        await sleep(AFTER_MS);
        const lost = dropped(loops.sent, saved, performance.now());
        ctx.log(`preview: save ${run || 'warm-up'}: page ${formatValue(t.pageMs, 'ms')}, mock ${formatValue(t.mockMs ?? NaN, 'ms')}, ${lost} requests failed`);
        if (run === 0) continue;
        pageMs.push(t.pageMs);
        if (t.mockMs !== undefined) mockMs.push(t.mockMs);
        drops.push(lost);
      }
    } finally {
      await loops.stop();
    }
    const total = loops.sent.length;
    results.add(SECTION, 'ours', 'ours', 'save to the updated page', 'ms', pageMs);
    if (mockMs.length) results.add(SECTION, 'ours', 'ours', 'save to the updated mock answer', 'ms', mockMs);
    results.add(SECTION, 'ours', 'ours', 'requests failed during a reload', 'count', drops);
    results.note(
      `Preview: edits to paths/pets.yaml (a summary and an example) of a copy of openapi/; ${LOOPS} request loops on the mock sent ${total.toLocaleString('en-US')} requests in all. One warm-up save first, not counted.`,
    );
  } finally {
    await browser.close();
    await dev.stop();
  }
  await prismReload(ctx);
  const page = results.find(SECTION, 'ours', 'ours', 'save to the updated page');
  results.target(SECTION, 'save to the updated page ≈ 1 s (ours)', page?.median, 1500, {
    better: 'lower',
    format: (n) => formatValue(n, 'ms'),
    goal: '≈ 1 s (≤ 1.5 s)',
  });
}

/** `prism mock` reloads when its root file changes: the same loops count what it drops. */
async function prismReload(ctx: Context): Promise<void> {
  const { results, options } = ctx;
  const dir = copyDescription('prism-reload-openapi');
  const spec = join(dir, 'openapi.yaml');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const [command, args] = MOCKS.prismSilent.args(spec, port);
  const since = performance.now();
  const prism = start(command, args, { log: join(TMP, 'logs', 'prism-reload.log') });
  try {
    await waitForOk(base, GET_PETS, since, prism.exited);
    const loops = requestLoops(base);
    const drops: number[] = [];
    try {
      await sleep(500);
      for (let run = 1; run <= options.runs; run++) {
        const saved = performance.now();
        writeFileSync(spec, readFileSync(spec, 'utf8') + `\n# edit ${run}\n`);
        // Prism notices after about 0.6 s; 3 s covers its reload.
        await sleep(3000);
        const lost = dropped(loops.sent, saved, performance.now());
        ctx.log(`preview: ${PRISM} -v silent reload ${run}: ${lost} requests failed`);
        drops.push(lost);
      }
    } finally {
      await loops.stop();
    }
    results.add(SECTION, 'ours', `${PRISM} -v silent (root file saved)`, 'requests failed during a reload', 'count', drops);
  } finally {
    await prism.stop();
  }
}
