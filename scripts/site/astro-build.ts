// Runs the Astro build of the portal in this process, reading the model(s) named by `modelPath`.
import { cp, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ROOT } from '../cli/args.ts';
import { DEFAULT_SITE } from '../defaults.ts';
import { crossDevicePrefix } from './leftovers.ts';
import { withLock } from './lock.ts';
import { MODEL_ENV, modelComing } from './model-file.ts';

export const SITE_ROOT = resolve(ROOT, 'site');
const NO_SYNC = { sync: false } as NonNullable<Parameters<typeof import('astro').build>[1]>;
/** Astro's own working folder, where it prepares what it then moves into the output. */
export const ASTRO_DIR = join(SITE_ROOT, '.astro');

export interface AstroBuildOptions {
  /** A model JSON or a manifest (see model-file.ts); a promise of one lets Astro start up before it is written. */
  modelPath: string | Promise<string>;
  outDir: string;
  site?: string;
  /** The path the portal is served under, `/docs/` (infra/base-path.ts); `/` by default. */
  base?: string;
  /** Astro's own log output: 'error' keeps a build quiet but for failures. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export async function runAstroBuild(options: AstroBuildOptions): Promise<void> {
  const outDir = resolve(options.outDir);
  await mkdir(outDir, { recursive: true });
  await withLock(SITE_ROOT, async () => {
    // Astro moves prepared files from its own folder into the output by rename, which no file system
    // does across to another (a Docker volume, a tmpfs): then it builds on its own one, and the
    // result is copied over.
    await mkdir(ASTRO_DIR, { recursive: true });
    const crossDevice = (await stat(outDir)).dev !== (await stat(ASTRO_DIR)).dev;
    const astroOut = crossDevice ? await mkdtemp(join(ASTRO_DIR, crossDevicePrefix())) : outDir;
    const saved = { ...process.env };
    const previousCwd = process.cwd();
    const { modelPath } = options;
    const forget = typeof modelPath === 'string' ? undefined : modelComing(modelPath.then((path) => resolve(path)));
    if (typeof modelPath === 'string') process.env[MODEL_ENV] = resolve(modelPath);
    // Vite decides development or production from NODE_ENV, and Astro lets MODE, DEV, PROD,
    // SSR and BASE_URL from the environment override its own: values inherited from a test
    // runner or a shell would build the site's scripts in development mode.
    process.env.NODE_ENV = 'production';
    for (const key of ['MODE', 'DEV', 'PROD', 'SSR', 'BASE_URL']) delete process.env[key];
    // Astro writes its server chunks under the output folder when that folder is inside the
    // working directory, else under `<cwd>/.astro`. Working from the site folder keeps them
    // where their imports resolve (an output in /tmp has no node_modules above it); the lock
    // keeps two builds from sharing that folder.
    process.chdir(SITE_ROOT);
    // The bundler's and the compiler's native allocator (mimalloc) keeps freed memory for reuse; read
    // when their modules load, below, this hands it back at once: GitHub's build held about 70 MB less.
    process.env.MIMALLOC_PURGE_DELAY ??= '0';
    try {
      const { build } = await import('astro');
      await build(
        {
          root: SITE_ROOT,
          outDir: astroOut,
          site: options.site ?? DEFAULT_SITE,
          base: options.base ?? '/',
          logLevel: options.logLevel ?? 'error',
          mode: 'production',
        },
        // Astro's sync writes the content collections' types (for editors and `astro check`, which run it
        // themselves) and syncs a content layer the portal leaves empty (src/content.config.ts): about a
        // second of start-up on GitHub's API, on the cores the model's process needs then. The built site
        // is the same byte for byte. `build` hands its options to Astro's builder, whose `sync` this is
        // (measured on GitHub's API: 1.2–2 s more CPU with the sync). test/site/astro-sync.test.ts fails
        // if Astro stops honouring it, test/unit/site/content-config.test.ts if a collection gets content.
        NO_SYNC,
      );
      if (crossDevice) await cp(astroOut, outDir, { recursive: true });
    } finally {
      forget?.();
      process.chdir(previousCwd);
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
      if (crossDevice) await rm(astroOut, { recursive: true, force: true });
    }
  });
}
