// The files the site reads (PORTAL_MODEL): one model JSON, or a manifest mounting several
// models under their own folders. Written atomically (temp file, then rename) because the
// writers' preview rewrites them while the dev server watches them: readers never see half a file.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { ApiModel } from '../model/contract/types.ts';

export const MODEL_ENV = 'PORTAL_MODEL';

// A site build may start before its model is written, so Astro starts up and bundles meanwhile
// (scripts/build.ts): the model plugin, in the same process, waits on this before it reads MODEL_ENV.
const WRITTEN = Symbol.for('portal.model-written');
type Slot = Record<symbol, Promise<void> | undefined>;

/** Sets MODEL_ENV once `path` is known; until then modelWritten() waits (and fails if it does). */
export function modelComing(path: Promise<string>): () => void {
  const written = path.then((file) => {
    process.env[MODEL_ENV] = file;
  });
  // Nobody may ask (a build that stopped first): its failure is not an unhandled rejection.
  written.catch(() => undefined);
  (globalThis as Slot)[WRITTEN] = written;
  return () => {
    if ((globalThis as Slot)[WRITTEN] === written) delete (globalThis as Slot)[WRITTEN];
  };
}

/** Whether a build said its model is coming (and nothing is there to watch yet). */
export function modelPending(): boolean {
  return (globalThis as Slot)[WRITTEN] !== undefined;
}

/** Resolves at once unless a build said its model is coming. */
export async function modelWritten(): Promise<void> {
  await (globalThis as Slot)[WRITTEN];
}

export async function writeAtomic(path: string, data: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2)}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function writeModelFile(path: string, model: ApiModel): Promise<void> {
  await writeAtomic(path, JSON.stringify(model));
}

export interface ManifestDocument {
  slug: string;
  file: string;
  downloads?: boolean;
  /** Its versions and changelog (versions/context.ts), when the portal publishes them. */
  context?: string;
}

/** A manifest for several documents: each model is mounted under `/<slug>/`. */
export async function writeManifest(path: string, documents: ManifestDocument[]): Promise<void> {
  const entries = documents.map((d) => ({
    slug: d.slug,
    file: relative(dirname(path), d.file),
    downloads: d.downloads ?? false,
    ...(d.context ? { context: relative(dirname(path), d.context) } : {}),
  }));
  await writeAtomic(path, JSON.stringify({ documents: entries }, null, 2));
}
