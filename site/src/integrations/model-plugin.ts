// Vite plugin: exposes the API model(s) named by PORTAL_MODEL as `virtual:api-model`.
// The module reads the JSON when it is evaluated (not inlined), so a 16 MB model never
// passes through the bundler, and a change to the file reloads every page in dev. Inside
// the writers' preview it takes the model the preview already read, which the mock uses too.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { isRunnableDevEnvironment, type EnvironmentModuleNode, type Plugin } from 'vite';
import { runningPreview } from '../../../scripts/preview-channel.ts';
import { MODEL_ENV, modelPending, modelWritten } from '../../../scripts/site/model-file.ts';
const VIRTUAL_ID = 'virtual:api-model';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const CHANNEL = fileURLToPath(new URL('../../../scripts/preview-channel.ts', import.meta.url));

/**
 * PORTAL_MODEL names either one model JSON (mounted at the site root) or a manifest
 * `{ "documents": [{ "slug": "x", "file": "x.json" }] }` mounting each model under `/<slug>/`.
 */
export interface ModelSource {
  slug: string;
  file: string;
  downloads: boolean;
  /** Versions and changelog beside the model (scripts/site/versions/context.ts). */
  context?: string;
}

export function readModelSources(entry = process.env[MODEL_ENV]): ModelSource[] {
  if (!entry) throw new Error(`${MODEL_ENV} is not set: point it at a model JSON written by the build (npm run build).`);
  const file = resolve(entry);
  // A manifest is small; sniffing its first bytes avoids reading a large model (the preview asks on every save).
  if (!/^\s*\{\s*"documents"/.test(head(file, 64))) return [{ slug: '', file, downloads: true }];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { documents: { slug: string; file: string; downloads?: boolean; context?: string }[] };
  return manifest.documents.map((d) => ({
    slug: d.slug,
    file: resolve(dirname(file), d.file),
    downloads: d.downloads ?? false,
    ...(d.context ? { context: resolve(dirname(file), d.context) } : {}),
  }));
}

function head(file: string, bytes: number): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

export function apiModelPlugin(): Plugin {
  let watched: string[] = [];
  let serving = false;
  return {
    name: 'portal:api-model',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const entry = resolve(process.env[MODEL_ENV] ?? '');
      const sources = readModelSources(entry);
      watched = [entry, ...sources.flatMap((s) => (s.context ? [s.file, s.context] : [s.file]))];
      // The dev server follows the files itself (configureServer below). A watch file joins the module graph, where the
      // dev server's style collection would turn a 16 MB model into a JavaScript module before the first page: seconds.
      if (!serving) for (const file of watched) this.addWatchFile(file);
      const read = `JSON.parse(readFileSync(s.file, 'utf8'))`;
      // The preview's model, when there is one: the file holds the same, but reading 16 MB again for every reload would be spent twice.
      // Its site starts while the first save is built: a page asked for sooner waits for it.
      const model = serving && sources.length === 1 ? `preview?.model ?? ${read}` : read;
      return [
        `import { readFileSync } from 'node:fs';`,
        ...(serving ? [`import { runningPreview } from ${JSON.stringify(CHANNEL)};`, 'const preview = runningPreview();', 'await preview?.ready;'] : []),
        `const sources = ${JSON.stringify(sources)};`,
        `export const documents = sources.map((s) => ({ slug: s.slug, downloads: s.downloads, model: ${model}, context: s.context ? JSON.parse(readFileSync(s.context, 'utf8')) : undefined }));`,
      ].join('\n');
    },
    configureServer(server) {
      // The short-lived server a build syncs with, before its model is written: nothing to watch.
      if (modelPending()) return;
      const entry = resolve(process.env[MODEL_ENV] ?? '');
      watched = [entry, ...readModelSources(entry).map((s) => s.file)];
      // A new model: the model module and the modules that import it, directly or not, are evaluated again on the
      // next request, and the browser reloads. As Astro does for a server-only module: a full reload of the server's
      // runner would evaluate every module again (Starlight's included), which takes longer than the page itself.
      const reload = () => {
        const timestamp = Date.now();
        for (const environment of Object.values(server.environments)) {
          const mod = environment.moduleGraph.getModuleById(RESOLVED_ID);
          if (!mod) continue;
          const invalidated = new Set<EnvironmentModuleNode>();
          environment.moduleGraph.invalidateModule(mod, invalidated, timestamp, true);
          if (!isRunnableDevEnvironment(environment)) {
            // The browser's reload is told once, below.
            if (environment !== server.environments.client) environment.hot.send({ type: 'full-reload', path: '*' });
            continue;
          }
          for (const { id } of invalidated) {
            const evaluated = id ? environment.runner.evaluatedModules.getModuleById(id) : undefined;
            if (evaluated) environment.runner.evaluatedModules.invalidateModule(evaluated);
          }
        }
        server.environments.client.hot.send({ type: 'full-reload', path: '*' });
      };
      // The preview says when it wrote a new model, as soon as it did: no wait for the file watcher to notice.
      const preview = runningPreview();
      if (preview) {
        const stop = preview.onModel(reload);
        server.httpServer?.once('close', stop);
        return;
      }
      server.watcher.add(watched);
      const onChange = (file: string) => {
        if (watched.includes(resolve(file))) reload();
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
    },
    hotUpdate({ file }) {
      // Handled by the watcher above; returning [] stops Vite from attempting a partial update.
      if (watched.includes(resolve(file))) return [];
      return undefined;
    },
  };
}

/**
 * A build started before its model is written (scripts/build.ts) starts up, syncs and plans its
 * routes meanwhile, and bundles once the model is written: bundling is where Astro's memory grows
 * most (to about 500 MB), and the model's own process peaks as it ends (GitHub's: about 480 MB).
 */
export function modelGate(): AstroIntegration {
  return {
    name: 'portal:model-gate',
    hooks: {
      'astro:build:setup': async ({ logger }) => {
        const started = performance.now();
        await modelWritten();
        // With --verbose: how long the site waited for the model, the part of the model's time the build still shows.
        logger.info(`Waited ${Math.round(performance.now() - started)} ms for the model.`);
      },
    },
  };
}
