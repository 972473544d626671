// Loads an earlier version of a description: a git ref (a tag) or a file the writer names.
// A ref's files are copied out of git by diff/base.ts (`git show <ref>:<path>`) into a temporary
// folder that mirrors the description's own, so relative `$ref`s resolve and the same loader,
// with the same confinement, reads them: an earlier version is as untrusted as any description.
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve, sep } from 'node:path';
import { DiagnosticsError } from '../../diagnostics.ts';
import { resolveBaseSpec } from '../../diff/base.ts';
import { refProblem } from '../../infra/git.ts';
import type { ModelBuilder } from '../../model/process/isolated.ts';
import type { LoadOptions } from '../../model/load/load.ts';
import type { ApiModel } from '../../model/contract/types.ts';
import { refDate } from './git-tags.ts';

export type VersionSource = { ref: string; date?: string } | { file: string };

export interface EarlierVersion {
  /** `v1.1.0` for a ref, the file's name for a file. */
  label: string;
  date: string;
  model: ApiModel;
}

/** Where an earlier version's model and its downloadable description (`openapi.json`, `openapi.yaml`) are written. */
export interface EarlierFiles {
  model: string;
  document: string;
  yaml: string;
}

export function sourceLabel(source: VersionSource): string {
  return 'ref' in source ? source.ref : source.file;
}

/** Each name of `--versions-from`: a file when one exists there, else a git ref. */
export async function namedSources(names: string[]): Promise<VersionSource[]> {
  const out: VersionSource[] = [];
  for (const name of names) {
    const isFile = await stat(resolve(name)).then(
      (s) => s.isFile(),
      () => false,
    );
    out.push(isFile ? { file: name } : { ref: name });
  }
  return out;
}

/**
 * When a version was released (RFC 3339): its tag's or ref's date, a file's time. A date JavaScript
 * cannot hold (git keeps years past 275,760; a file's time can be anything) cannot be shown or
 * compared: that version is left out, and the caller says so.
 */
async function releaseDate(spec: string, source: VersionSource): Promise<string> {
  const date = 'ref' in source ? (source.date ?? (await refDate(spec, source.ref)) ?? new Date().toISOString()) : (await stat(resolve(source.file))).mtime;
  const time = typeof date === 'string' ? Date.parse(date) : date.getTime();
  if (Number.isNaN(time)) throw new Error(`its date (${String(date)}) is outside the dates a changelog can show`);
  return typeof date === 'string' ? date : date.toISOString();
}

/**
 * Builds the model of one earlier version on the build's model worker, which writes it and the version's
 * description to `files` (the document stays in that process); throws the loader's DiagnosticsError when it does not load.
 */
export async function loadEarlier(
  builder: ModelBuilder,
  spec: string,
  source: VersionSource,
  access: LoadOptions,
  files: EarlierFiles,
): Promise<EarlierVersion> {
  const refused = 'ref' in source ? refProblem(source.ref) : undefined;
  if (refused) throw new Error(refused);
  const date = await releaseDate(spec, source);
  const found = await resolveBaseSpec(spec, { ...('ref' in source ? { ref: source.ref } : { base: source.file }), access });
  if (!found) throw new Error(`${sourceLabel(source)}: ${spec} is not in git at that ref (or not in a git repository)`);
  try {
    try {
      await builder.buildInto(found.path, { lint: false, validate: false, ...found.access }, files.model);
      await builder.writeCopies(found.path, { document: files.document, yaml: files.yaml });
    } catch (error) {
      if (!(error instanceof DiagnosticsError) || !('ref' in source)) throw error;
      // Problems name the file as git does (`v1.0.0:api/openapi.yaml`), not the temporary copy.
      const copy = found.path.slice(0, found.path.length - found.label.slice(found.label.indexOf(':') + 1).length);
      const named = (file: string) => (file.startsWith(copy) ? `${source.ref}:${file.slice(copy.length).split(sep).join('/')}` : file);
      throw new DiagnosticsError(
        error.message,
        error.diagnostics.map((d) => ({ ...d, file: named(d.file), message: d.message.replaceAll(copy, `${source.ref}:`) })),
      );
    }
    const model = JSON.parse(await readFile(files.model, 'utf8')) as ApiModel;
    return { label: 'ref' in source ? source.ref : basename(source.file), date, model };
  } finally {
    await found.cleanup();
  }
}
