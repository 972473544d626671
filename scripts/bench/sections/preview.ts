// 5. Writers' preview (`npm run dev`) on a copy of our description and of GitHub's REST API:
// start-up until the first page, from saving an edit to the open page showing it and to the
// mock's first answer with it, until validation and lint of that save are done, and the peak
// memory of the whole process tree. On ours, how many requests sent all along fail while the
// mock reloads, with `prism mock` reloading on a save as the anchor.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PreviewStatus } from '../../preview-channel.ts';
import { measureSave } from '../../dev/measure.ts';
import { launchChromium } from '../browser.ts';
import type { Context } from '../context.ts';
import { freePort, send, waitForOk, type Probe } from '../http.ts';
import { treeResident, treeRss } from '../memory.ts';
import { MOCKS, PRISM } from '../mocks.ts';
import { DOCS, type DocName, NODE, ROOT, TMP, TOOLS } from '../paths.ts';
import { start, type Started } from '../processes.ts';
import { formatValue } from '../results.ts';

const SECTION = 'preview';
const GET_PETS: Probe = { method: 'GET', path: '/pets', headers: { authorization: 'Bearer bench-token' } };
/** Requests in flight all along: two on fresh connections, two on kept-alive ones. */
const LOOPS = 4;
/** How long after an edit shows the request loops keep counting failures. */
const AFTER_MS = 1500;
/** Validation and lint of GitHub's API take seconds on two busy cores; past this they have hung. */
const CHECK_TIMEOUT_MS = 300_000;

/** One document the preview is measured on: how to copy it, what to edit and where to see the edit. */
interface PreviewCase {
  doc: DocName;
  /** Copies the description into `dir`; gives the entry file, the file the edits go to and the preview's own options. */
  copy(dir: string): { spec: string; file: string; args: string[] };
  page: string;
  edit(tag: string): (text: string) => string;
  pageText(tag: string): string;
  mock: Probe;
  mockText(tag: string): string;
}

const CASES: PreviewCase[] = [
  {
    doc: 'ours',
    copy(dir) {
      cpSync(join(ROOT, 'openapi'), dir, { recursive: true });
      // The copy's own config, named so it is trusted as ours is: the same house rules run on every save.
      return { spec: join(dir, 'openapi.yaml'), file: join(dir, 'paths/pets.yaml'), args: ['--base', DOCS.ours.path, '--config', join(dir, 'redocly.yaml')] };
    },
    page: '/operations/list-pets/',
    edit: (tag) => (text) => text.replace(/summary: List pets.*$/m, `summary: List pets ${tag}`).replace(/name: Rex\w*/, `name: Rex${tag}`),
    pageText: (tag) => `List pets ${tag}`,
    mock: GET_PETS,
    mockText: (tag) => `Rex${tag}`,
  },
  {
    doc: 'github',
    copy(dir) {
      const spec = join(dir, 'api.github.com.json');
      cpSync(DOCS.github.path, spec);
      return { spec, file: spec, args: ['--base', DOCS.github.path] };
    },
    page: '/operations/meta-root/',
    // The root operation's summary, and the example its mock answer is made of.
    edit: (tag) => (text) =>
      text
        .replace(/"summary": "GitHub API Root[^"]*"/, `"summary": "GitHub API Root ${tag}"`)
        .replace(/"current_user_url": "https:\/\/api\.github\.com\/user[^"]*"/, `"current_user_url": "https://api.github.com/user?${tag}"`),
    pageText: (tag) => `GitHub API Root ${tag}`,
    mock: { method: 'GET', path: '/' },
    mockText: (tag) => `user?${tag}`,
  },
];

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

/** Polls the preview's status until `version` (or a later one) is checked; resolves with that status. */
async function checked(url: string, version: number, exited: Promise<unknown>): Promise<PreviewStatus> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = performance.now() + CHECK_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (gone) throw new Error('the preview exited before its check was done');
    const status = JSON.parse((await send(url, { method: 'GET', path: '/__preview/status' })).body) as PreviewStatus;
    if (status.state === 'ok' && status.version >= version) return status;
    await sleep(20);
  }
  throw new Error(`the check of version ${version} was not done within ${CHECK_TIMEOUT_MS / 1000} s`);
}

interface RunFigures {
  readyMs: number;
  firstCheckMs: number;
  pageMs: number;
  pageScriptsMs: number;
  mockMs?: number;
  checkedMs: number;
  peakBytes: number;
  peakResidentBytes: number;
  drops?: number;
  sent?: number;
}

/**
 * One preview process: started, its first page and first check waited for, a warm-up save (the
 * development server compiles the page once), then a measured one whose check is waited for too.
 */
async function runOnce(ctx: Context, subject: PreviewCase, run: number): Promise<RunFigures> {
  const dir = join(TMP, `preview-${subject.doc}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { spec, file, args } = subject.copy(dir);
  const [port, mockPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const mockUrl = `http://127.0.0.1:${mockPort}`;
  const since = performance.now();
  const dev: Started = start(NODE, [TOOLS.ourDev, '--spec', spec, '--port', String(port), '--mock-port', String(mockPort), '--host', '127.0.0.1', ...args], {
    log: join(TMP, 'logs', `preview-${subject.doc}-${run}.log`),
  });
  // The whole tree (the dev server, its workers, esbuild), sampled while the process lives.
  let peakBytes = 0;
  let peakResidentBytes = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakBytes = Math.max(peakBytes, treeRss(dev.pid));
      peakResidentBytes = Math.max(peakResidentBytes, treeResident(dev.pid));
      await sleep(100);
    }
  })();
  // Launched inside the try: a browser that does not start still stops the preview and its sampler.
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    browser = await launchChromium();
    const readyMs = await waitForOk(url, { method: 'GET', path: subject.page }, since, dev.exited);
    await waitForOk(mockUrl, subject.mock, since, dev.exited);
    const first = await checked(url, 1, dev.exited);
    const firstCheckMs = performance.now() - since;
    const page = await browser.newPage();
    await page.goto(url + subject.page, { waitUntil: 'load' });
    const loops = subject.doc === 'ours' ? requestLoops(mockUrl) : undefined;
    let version = first.version;
    let figures: Pick<RunFigures, 'pageMs' | 'pageScriptsMs' | 'mockMs' | 'checkedMs' | 'drops'> | undefined;
    try {
      for (const warmUp of [true, false]) {
        const tag = `${Date.now().toString(36)}${run}${warmUp ? 'w' : ''}`;
        const saved = performance.now();
        const t = await measureSave({
          page,
          file,
          edit: subject.edit(tag),
          pageText: subject.pageText(tag),
          mock: { url: mockUrl + subject.mock.path, init: { headers: subject.mock.headers }, expect: subject.mockText(tag) },
          timeoutMs: 60_000,
        });
        version = (await checked(url, version + 1, dev.exited)).version;
        const checkedMs = performance.now() - saved;
        if (loops) await sleep(AFTER_MS);
        const drops = loops ? dropped(loops.sent, saved, performance.now()) : undefined;
        ctx.log(
          `preview (${subject.doc}) run ${run}${warmUp ? ' warm-up' : ''}: page ${formatValue(t.pageMs, 'ms')} (its scripts run ${formatValue(t.pageScriptsMs, 'ms')}), mock ${formatValue(t.mockMs ?? NaN, 'ms')}, checked ${formatValue(checkedMs, 'ms')}${loops ? `, ${drops} requests failed` : ''}`,
        );
        if (!warmUp)
          figures = {
            pageMs: t.pageMs,
            pageScriptsMs: t.pageScriptsMs,
            ...(t.mockMs !== undefined ? { mockMs: t.mockMs } : {}),
            checkedMs,
            ...(drops !== undefined ? { drops } : {}),
          };
      }
    } finally {
      await loops?.stop();
    }
    ctx.log(`preview (${subject.doc}) run ${run}: first page ${formatValue(readyMs, 'ms')}, first check ${formatValue(firstCheckMs, 'ms')}`);
    return { readyMs, firstCheckMs, ...figures!, peakBytes, peakResidentBytes, ...(loops ? { sent: loops.sent.length } : {}) };
  } finally {
    await browser?.close();
    await dev.stop();
    sampling = false;
    await sampler;
    ctx.log(
      `preview (${subject.doc}) run ${run}: peak ${formatValue(peakBytes, 'bytes')} (RSS sum), ${formatValue(peakResidentBytes, 'bytes')} (each program's code once)`,
    );
  }
}

export async function runPreview(ctx: Context): Promise<void> {
  const { results, options } = ctx;
  if (!existsSync(TOOLS.ourDev)) {
    results.note('Preview: `npm run dev` is not there yet; not measured.');
    return;
  }
  for (const subject of CASES.filter((c) => options.docs.includes(c.doc))) {
    const runs: RunFigures[] = [];
    for (let run = 1; run <= options.runs; run++) runs.push(await runOnce(ctx, subject, run));
    const add = (metric: string, unit: 'ms' | 'bytes' | 'count', values: (number | undefined)[]) => {
      const samples = values.filter((v): v is number => v !== undefined);
      if (samples.length) results.add(SECTION, subject.doc, 'ours', metric, unit, samples);
    };
    add(
      'start-up until the first page',
      'ms',
      runs.map((r) => r.readyMs),
    );
    add(
      'start-up until validation and lint are done',
      'ms',
      runs.map((r) => r.firstCheckMs),
    );
    add(
      'save to the updated page',
      'ms',
      runs.map((r) => r.pageMs),
    );
    add(
      "save to the updated page's scripts run (DOMContentLoaded)",
      'ms',
      runs.map((r) => r.pageScriptsMs),
    );
    add(
      'save to the updated mock answer',
      'ms',
      runs.map((r) => r.mockMs),
    );
    add(
      'save to validation and lint done',
      'ms',
      runs.map((r) => r.checkedMs),
    );
    add(
      'peak memory (RSS of the process tree)',
      'bytes',
      runs.map((r) => r.peakBytes),
    );
    add(
      "peak memory (resident, each program's code once)",
      'bytes',
      runs.map((r) => r.peakResidentBytes),
    );
    add(
      'requests failed during a reload',
      'count',
      runs.map((r) => r.drops),
    );
    const sent = runs.reduce((sum, r) => sum + (r.sent ?? 0), 0);
    if (sent) {
      results.note(
        `Preview: edits to paths/pets.yaml (a summary and an example) of a copy of openapi/; ${LOOPS} request loops on the mock sent ${sent.toLocaleString('en-US')} requests in all.`,
      );
    }
  }
  results.note(
    "Preview: each run is one `npm run dev` process: start-up until the first page answers, until the first validation and lint are done, then a warm-up save (the development server compiles the page once, not counted) and a measured save, each waited for until its validation and lint are done. A save reaches the page at the first frame Chromium paints with the edit in it (checked before each frame, as \"title visible\" is); its scripts run later, at DOMContentLoaded, given beside (in development each module is its own request). Peak memory is the process tree's resident memory sampled every 100 ms over the whole run, as a sum of RSS and with each program's file pages (Node's own code, about 50 MB, in each of the preview's three Node processes) counted once; the target reads the second. On GitHub's API the edit is the root operation's summary and the example its mock answer comes from.",
  );
  if (options.docs.includes('ours')) await prismReload(ctx);
  const ms = (n: number) => formatValue(n, 'ms');
  const row = (doc: DocName, metric: string) => results.find(SECTION, doc, 'ours', metric)?.median;
  if (options.docs.includes('ours')) {
    results.target(SECTION, 'save to the updated page ≤ 0.5 s (ours)', row('ours', 'save to the updated page'), 500, {
      better: 'lower',
      format: ms,
      goal: '≤ 0.5 s',
    });
  }
  if (options.docs.includes('github')) {
    results.target(SECTION, 'preview ready ≤ 8 s (github)', row('github', 'start-up until the first page'), 8000, {
      better: 'lower',
      format: ms,
      goal: '≤ 8 s',
    });
    results.target(SECTION, 'save to the updated page ≤ 1 s (github)', row('github', 'save to the updated page'), 1000, {
      better: 'lower',
      format: ms,
      goal: '≤ 1 s',
    });
    results.target(SECTION, 'preview peak memory ≤ 1.5 GiB (github)', row('github', "peak memory (resident, each program's code once)"), 1.5 * 2 ** 30, {
      better: 'lower',
      format: (n) => formatValue(n, 'bytes'),
      goal: '≤ 1.50 GiB',
    });
  }
}

/** `prism mock` reloads when its root file changes: the same loops count what it drops. */
async function prismReload(ctx: Context): Promise<void> {
  const { results, options } = ctx;
  const dir = join(TMP, 'prism-reload-openapi');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ROOT, 'openapi'), dir, { recursive: true });
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
        writeFileSync(spec, `${readFileSync(spec, 'utf8')}\n# edit ${run}\n`);
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
