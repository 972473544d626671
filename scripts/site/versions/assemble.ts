// One API's documents in the portal: its latest version (already built) at its own folder, and,
// from its earlier versions (git tags, refs, files), a changelog, each earlier version's
// description under `/<version>/` and, when asked, its pages side by side there.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DiagnosticsError, formatDiagnostics } from '../../diagnostics.ts';
import type { ModelBuilder } from '../../model/process/isolated.ts';
import type { LoadOptions } from '../../model/load/load.ts';
import type { ApiModel } from '../../model/contract/types.ts';
import { writeAtomic, type ManifestDocument } from '../model-file.ts';
import { buildChangelog, changelogUpTo, type DatedVersion } from './changelog.ts';
import { versionFolder, type PortalContext, type VersionMount } from './context.ts';
import { loadEarlier, sourceLabel, type EarlierFiles, type EarlierVersion, type VersionSource } from './earlier.ts';

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
  /** Whether the portal's address was given (`--site`). */
  siteGiven: boolean;
}

/** An earlier version's description, published in its folder as `openapi.json` and `openapi.yaml`. */
export interface PublishedDescription {
  slug: string;
  document: string;
  yaml: string;
}

export interface AssembledApi {
  documents: ManifestDocument[];
  /** Each earlier version's description, for its folder. */
  descriptions: PublishedDescription[];
  /** Versions that were left out, and why. */
  notes: string[];
  /** The versions published, newest first. */
  versions: string[];
  /** Whether a changelog is published. */
  changelog: boolean;
}

const join2 = (a: string, b: string): string => (a ? `${a}/${b}` : b);

type LoadedVersion = EarlierVersion & { files: EarlierFiles };

async function loadAll(api: ApiVersions, builder: ModelBuilder, dir: string): Promise<{ loaded: LoadedVersion[]; notes: string[] }> {
  const notes: string[] = [];
  const loaded: LoadedVersion[] = [];
  if (api.earlier.length > 0) await mkdir(dir, { recursive: true });
  for (const [i, source] of api.earlier.entries()) {
    const files = { model: join(dir, `earlier-${i}.json`), document: join(dir, `earlier-${i}.openapi.json`), yaml: join(dir, `earlier-${i}.openapi.yaml`) };
    try {
      loaded.push({ ...(await loadEarlier(builder, api.spec, source, api.access, files)), files });
    } catch (error) {
      const why = error instanceof DiagnosticsError ? `it does not load:\n${formatDiagnostics(error.diagnostics)}` : (error as Error).message;
      notes.push(`Earlier version ${sourceLabel(source)} left out: ${why}`);
    }
  }
  return { loaded, notes };
}

/** The latest alone, as the build wrote it: no earlier version loaded, or none to publish. */
const alone = (api: ApiVersions, notes: string[]): AssembledApi => ({
  documents: [{ slug: api.slug, file: api.modelFile, downloads: api.downloads }],
  descriptions: [],
  notes,
  versions: [api.version],
  changelog: false,
});

type NamedVersion = DatedVersion & { label: string; files?: EarlierFiles };

/** Every version, oldest first, the latest last, each named by its `info.version` (by its tag where two share one). */
function namedVersions(loaded: LoadedVersion[], latest: ApiModel): NamedVersion[] {
  let latestDate = new Date().toISOString();
  // The working copy at the newest tag's version is that version: not a release of its own.
  if (loaded.at(-1)?.model.info.version === latest.info.version) latestDate = loaded.pop()!.date;
  const versions: NamedVersion[] = [
    ...loaded.map((v) => ({ ...v, version: v.model.info.version })),
    { label: 'latest', version: latest.info.version, date: latestDate, model: latest },
  ];
  // Two versions under one `info.version` (a release that forgot to bump it) are told apart by their tags.
  const counts = new Map<string, number>();
  for (const v of versions) counts.set(v.version, (counts.get(v.version) ?? 0) + 1);
  for (const v of versions) if (counts.get(v.version)! > 1 && v.label !== 'latest') v.version = v.label;
  return versions;
}

export async function assembleApi(api: ApiVersions, builder: ModelBuilder, work: string): Promise<AssembledApi> {
  const dir = join(work, 'versions', api.slug || 'root');
  const { loaded, notes } = await loadAll(api, builder, dir);
  // Reading the latest's model again (GitHub's: 16 MB) only when there is something to compare it with.
  if (loaded.length === 0) return alone(api, notes);
  const latest = JSON.parse(await readFile(api.modelFile, 'utf8')) as ApiModel;
  const versions = namedVersions(loaded, latest);
  if (versions.length < 2 || !(api.sideBySide || api.changelog)) return alone(api, notes);
  const changelog = api.changelog ? buildChangelog(versions) : undefined;
  // Each earlier version's folder, newest first: its description always, its pages when side by side.
  const taken = new Set<string>();
  const earlier = versions
    .slice(0, -1)
    .reverse()
    .map((v): VersionMount & { files: EarlierFiles } => {
      const folder = versionFolder(v.version, taken);
      taken.add(folder);
      return { version: v.version, slug: join2(api.slug, folder), files: v.files! };
    });
  const listed = earlier.map(({ version, slug }) => ({ version, slug }));
  const mounts: VersionMount[] = [{ version: latest.info.version, slug: api.slug }, ...(api.sideBySide ? listed : [])];
  const shared = { earlier: listed, siteGiven: api.siteGiven, ...(mounts.length > 1 ? { versions: mounts } : {}) };
  const write = async (name: string, context: PortalContext): Promise<string> => {
    const file = join(dir, `${name}.context.json`);
    await writeAtomic(file, JSON.stringify(context));
    return file;
  };
  const documents: ManifestDocument[] = [
    {
      slug: api.slug,
      file: api.modelFile,
      downloads: api.downloads,
      context: await write('latest', { version: latest.info.version, ...shared, ...(changelog ? { changelog } : {}) }),
    },
  ];
  for (const v of api.sideBySide ? earlier : []) {
    const context: PortalContext = { version: v.version, ...shared, ...(changelog ? { changelog: changelogUpTo(changelog, v.version) } : {}) };
    documents.push({ slug: v.slug, file: v.files.model, downloads: true, context: await write(`mount-${v.slug.replace(/\//g, '_')}`, context) });
  }
  return {
    documents,
    descriptions: earlier.map((v) => ({ slug: v.slug, document: v.files.document, yaml: v.files.yaml })),
    notes,
    versions: versions.map((v) => v.version).reverse(),
    changelog: changelog !== undefined,
  };
}
