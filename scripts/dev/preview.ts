// The writers' preview: the portal in development mode and the mock server,
// both following the description as it is saved.
//
//   save ─▶ watcher ─▶ (quiet 40 ms) ─▶ preview worker: load + model, model JSON replaced atomically
//     good: the site reloads every open page ─▶ the mock takes the build ("checking…" on the pages)
//           ─▶ preview worker: comparison with the base ("What changed")
//           ─▶ check worker: validation + lint ─▶ their problems join the pages' panel and the terminal
//     bad:  nothing replaced; every problem printed and pushed to the pages' panel
//
// A save during a check stops it (unless its content is the same); the latest version's check always lands.
// Usable from code (benchmarks, tests) as well as from `npm run dev`.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ROOT } from '../cli/args.ts';
import { checkPorts } from '../infra/ports.ts';
import { httpOrigin } from '../defaults.ts';
import { normalizeDocument } from '../model/normalize/normalize.ts';
import { createModelBuilder } from '../model/process/isolated.ts';
import { createChecks } from './checks.ts';
import type { LoadOptions } from '../model/load/load.ts';
import { writeModelFile } from '../site/model-file.ts';
import { previewChannel, type PreviewChannel } from '../site/preview-channel.ts';
import { createChangeTracker } from './changes.ts';
import { createRebuildLoop } from '../infra/loop.ts';
import { createPreviewMock } from './mock.ts';
import { createRebuilder, type RebuildOutcome } from './rebuild.ts';
import { startSite } from './site.ts';
import { watchFiles } from '../infra/watch.ts';

/** The longest the first check waits for the site's first page. */
const FIRST_CHECK_WAIT_MS = 30_000;

export interface PreviewOptions {
  spec: string;
  port: number;
  mockPort: number;
  host: string;
  /** Compare with this file instead of the last committed version. */
  base?: string;
  /** What the description may read (--root, --allow-remote) and its config (--config). */
  access?: LoadOptions;
  /** Where build reports go (default stderr, keeping stdout for the addresses). */
  log?: (text: string) => void;
}

export interface Preview {
  url: string;
  mockUrl: string;
  /** The "What changed" page. */
  changesUrl: string;
  /** False until the description first builds (the mock needs one version to serve). */
  mockRunning(): boolean;
  channel: PreviewChannel;
  /** Resolves once no rebuild is running or queued. */
  idle(): Promise<void>;
  /** The outcome of the latest rebuild. */
  last(): RebuildOutcome;
  close(): Promise<void>;
}

export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const spec = resolve(options.spec);
  const log = options.log ?? ((text: string) => process.stderr.write(`${text}\n`));
  if (options.port === options.mockPort)
    throw new Error(`The preview and the mock server cannot share port ${options.port}: pass a different --port or --mock-port.`);
  if (!existsSync(spec)) throw new Error(`No API description at ${spec}: pass one with --spec.`);
  await checkPorts(options.host, [
    { port: options.port, what: 'preview', hint: { command: 'npm run dev', flag: '--port' } },
    { port: options.mockPort, what: 'mock server', hint: { command: 'npm run dev', flag: '--mock-port' } },
  ]);

  const url = `${httpOrigin(options.host, options.port)}/`;
  const changesUrl = `${url}changes/`;
  const dir = await mkdtemp(join(tmpdir(), 'portal-preview-'));
  const modelFile = join(dir, 'model.json');
  const access = options.access ?? {};
  const channel = previewChannel(ROOT);
  channel.folders = [access.root ?? dirname(spec), ROOT];
  // Every save is built on the preview's worker, under the model's memory bound: a save that would exhaust
  // memory is reported like any broken save, and the pages and the mock keep the last good version.
  const builder = createModelBuilder({ worker: new URL('./preview-worker.ts', import.meta.url) });
  builder.warm();
  const checks = createChecks();
  const mock = createPreviewMock({ spec, port: options.mockPort, host: options.host, site: url, log });
  const watcher = watchFiles(() => {
    rebuilder.touched();
    loop.schedule();
  });
  const rebuilder = createRebuilder({
    spec,
    modelFile,
    channel,
    watcher,
    changes: createChangeTracker(spec, options.base, builder, access),
    builder,
    checks,
    access,
    onBuild: (build) => mock.built(build),
    log,
    changesUrl,
  });
  let last: RebuildOutcome | undefined;
  const loop = createRebuildLoop(async () => {
    last = await rebuilder.rebuild();
  });

  let site: Awaited<ReturnType<typeof startSite>> | undefined;
  const close = async (): Promise<void> => {
    rebuilder.stop();
    await loop.stop();
    watcher.close();
    // Open event streams end first, or the dev server would wait on them.
    channel.close();
    await Promise.allSettled([site?.close(), mock.close(), builder.close(), checks.close()]);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // The site starts while the worker builds the first save: its config needs nothing from the description, and its pages wait for the model.
    // Until the worker writes the model, and for good when the document never loads: an empty site, its problems shown over it.
    await writeModelFile(modelFile, normalizeDocument({ openapi: '3.0.3', info: { title: '', version: '' }, paths: {} }));
    // On the rebuild loop like every save: a save landing while the first one waits for the first page queues after it,
    // rather than building beside it in the same worker (whose last document the first one would then hand the mock).
    const first = loop.now().then(() => {
      if (!last) throw new Error('The first build of the description stopped unexpectedly; see the message above.');
      return last;
    });
    // The pages need the model alone: they wait for the first save to be shown (or not to load), not for the mock to start with it.
    const shown = new Promise<void>((resolve) => {
      const stop = channel.onModel(() => {
        stop();
        resolve();
      });
    });
    // Its failure is awaited below, once the site has started (a failed start of the site fails the preview first).
    channel.ready = Promise.race([shown, first.catch(() => undefined)]);
    site = await startSite({ host: options.host, port: options.port, modelFile, url, mockUrl: mock.url });
    await channel.ready;
    // The dev server compiles the pages' modules on the first request (seconds): one is made now, so that a writer's
    // first page need not wait for it. Validation and lint start once a page is served: sooner, they would slow it.
    const page = channel.model?.operations[0]?.page ?? '/';
    const warmed = fetch(new URL(page, url), { signal: AbortSignal.timeout(FIRST_CHECK_WAIT_MS) })
      .then((answer) => answer.arrayBuffer())
      .catch(() => undefined);
    void Promise.race([channel.firstPage, warmed]).then(() => rebuilder.startChecks());
    last = await first;
  } catch (error) {
    await close();
    throw error;
  }
  return { url, mockUrl: mock.url, changesUrl, mockRunning: () => mock.running(), channel, idle: () => loop.idle(), last: () => last!, close };
}
