// One API's documents in the portal: its latest version (already built) at its own folder, and,
// from its earlier versions (git tags, refs, files), a changelog and, when asked, each earlier
// version's pages side by side under `/<version>/`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DiagnosticsError, formatDiagnostics } from '../../diagnostics.ts';
import type { ModelBuilder } from '../../model/process/isolated.ts';
import type { LoadOptions } from '../../model/load/load.ts';
import type { ApiModel } from '../../model/contract/types.ts';
import { writeAtomic, writeModelFile, type ManifestDocument } from '../model-file.ts';
import { buildChangelog, changelogUpTo, type DatedVersion } from './changelog.ts';
import { versionFolder, type PortalContext, type VersionMount } from './context.ts';
import { loadEarlier, sourceLabel, type EarlierVersion, type VersionSource } from './earlier.ts';

export interface ApiVersions {
  /** The API's folder ('' at the root). */
  slug: string;
  spec: string;
  access: LoadOptions;
  /** The latest version's model, as the build wrote it, and its `info.version`. */
  modelFile: string;
  version: string;
  /** Whether `openapi.json` and `openapi.yaml` are published beside the latest version's pages. */
  downloads: boolean;
  /** Earlier versions, oldest first. */
  earlier: VersionSource[];
  changelog: boolean;
  sideBySide: boolean;
}

export interface AssembledApi {
  documents: ManifestDocument[];
  /** Versions that were left out, and why. */
  notes: string[];
  /** The versions published, newest first. */
  versions: string[];
}

const join2 = (a: string, b: string): string => (a ? `${a}/${b}` : b);

export async function assembleApi(api: ApiVersions, builder: ModelBuilder, work: string): Promise<AssembledApi> {
  const notes: string[] = [];
  const loaded: EarlierVersion[] = [];
  for (const source of api.earlier) {
    try {
      loaded.push(await loadEarlier(builder, api.spec, source, api.access));
    } catch (error) {
      const why = error instanceof DiagnosticsError ? `it does not load:\n${formatDiagnostics(error.diagnostics)}` : (error as Error).message;
      notes.push(`Earlier version ${sourceLabel(source)} left out: ${why}`);
    }
  }
  // No earlier version loaded: the latest alone, as the build wrote it; reading its model again (GitHub's: 16 MB) would only delay the site.
  if (loaded.length === 0) return { documents: [{ slug: api.slug, file: api.modelFile, downloads: api.downloads }], notes, versions: [api.version] };
  const latest = JSON.parse(await readFile(api.modelFile, 'utf8')) as ApiModel;
  let latestDate = new Date().toISOString();
  // The working copy at the newest tag's version is that version: not a release of its own.
  if (loaded.length > 0 && loaded.at(-1)!.model.info.version === latest.info.version) latestDate = loaded.pop()!.date;

  const versions: (DatedVersion & { label: string })[] = [
    ...loaded.map((v) => ({ ...v, version: v.model.info.version })),
    { label: 'latest', version: latest.info.version, date: latestDate, model: latest },
  ];
  // Two versions under one `info.version` (a release that forgot to bump it) are told apart by their tags.
  const counts = new Map<string, number>();
  for (const v of versions) counts.set(v.version, (counts.get(v.version) ?? 0) + 1);
  for (const v of versions) if (counts.get(v.version)! > 1 && v.label !== 'latest') v.version = v.label;

  const changelog = api.changelog && versions.length > 1 ? buildChangelog(versions) : undefined;
  const taken = new Set<string>();
  const mounts: VersionMount[] = [{ version: latest.info.version, slug: api.slug }];
  if (api.sideBySide) {
    for (const v of versions.slice(0, -1).reverse()) {
      const folder = versionFolder(v.version, taken);
      taken.add(folder);
      mounts.push({ version: v.version, slug: join2(api.slug, folder) });
    }
  }
  const published = versions.length > 1 && (api.sideBySide || api.changelog);
  const documents: ManifestDocument[] = [];
  const dir = join(work, 'versions', api.slug || 'root');
  const write = async (name: string, context: PortalContext): Promise<string> => {
    const file = join(dir, `${name}.context.json`);
    await writeAtomic(file, JSON.stringify(context));
    return file;
  };
  documents.push({
    slug: api.slug,
    file: api.modelFile,
    downloads: api.downloads,
    ...(published
      ? {
          context: await write('latest', {
            version: latest.info.version,
            ...(mounts.length > 1 ? { versions: mounts } : {}),
            ...(changelog ? { changelog } : {}),
          }),
        }
      : {}),
  });
  for (const mount of mounts.slice(1)) {
    const v = versions.find((x) => x.version === mount.version)!;
    const name = `mount-${mount.slug.replace(/\//g, '_')}`;
    const file = join(dir, `${name}.json`);
    await writeModelFile(file, v.model);
    const context: PortalContext = { version: v.version, versions: mounts, ...(changelog ? { changelog: changelogUpTo(changelog, v.version) } : {}) };
    documents.push({ slug: mount.slug, file, downloads: false, context: await write(name, context) });
  }
  return { documents, notes, versions: versions.map((v) => v.version).reverse() };
}
