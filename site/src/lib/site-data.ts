// Everything the pages need, computed once per build at module scope: lookups by slug,
// URLs, and one sidebar per tag (shared by every page of that tag, never rebuilt per page).
import { documents } from 'virtual:api-model';
import type { ApiModel, Operation, SchemaEntry } from '#model/contract/types.ts';
import { operationHistory, type OperationHistory } from '#site-build/versions/changelog.ts';
import type { PortalContext } from '#site-build/versions/context.ts';
import { portalTitle } from './portal-title.ts';
import { sectionNavigation, type Navigation, type SidebarSection } from './sidebar.ts';
import { urlsFor, type SiteUrls } from './urls.ts';

export interface PortalDocument {
  /** '' for the document at the site root, else the folder it is mounted under. */
  slug: string;
  model: ApiModel;
  /** Every address as a page writes it: under the site's base (SITE_BASE) and the document's folder. */
  urls: SiteUrls;
  /** The same addresses without the site's base, for Starlight's sidebar, which puts the base in front itself. */
  navUrls: SiteUrls;
  /** Whether `/openapi.yaml` and `/openapi.json` are published beside the pages. */
  downloads: boolean;
  operationBySlug: Map<string, Operation>;
  webhookBySlug: Map<string, Operation>;
  schemaByName: Map<string, SchemaEntry>;
  schemaBySlug: Map<string, SchemaEntry>;
  /** A section's navigation (lib/sidebar.ts), for PortalPage's `navigation`. */
  navigationFor(section: SidebarSection): Navigation;
  /** Its version, the versions beside it and its changelog, when the portal publishes them. */
  context: PortalContext;
  /** What the changelog says of an operation or webhook: the versions that added, changed and deprecated it. */
  historyOf(op: Pick<Operation, 'kind' | 'slug'>): OperationHistory | undefined;
}

/** Which part of the navigation is open: a tag's operations or the webhooks (at the page of `operation`, by its slug), or none. */
/**
 * The path the site is served under without its trailing slash (`''` at a domain's root, `/docs`):
 * Astro's `base`, which `npm run build -- --base` or a `--site` with a path sets. The one place
 * the pages read it: every address below starts with it.
 */
export const SITE_BASE = import.meta.env.BASE_URL.replace(/\/+$/, '');

function prepare(slug: string, model: ApiModel, downloads: boolean, context: PortalContext = {}): PortalDocument {
  const folder = slug ? `/${slug}` : '';
  const urls = urlsFor(`${SITE_BASE}${folder}`, model);
  const navUrls = urlsFor(folder, model);
  const operationBySlug = new Map(model.operations.map((op) => [op.slug, op]));
  const webhookBySlug = new Map(model.webhooks.map((op) => [op.slug, op]));
  const schemaByName = new Map(model.schemas.map((s) => [s.name, s]));
  const schemaBySlug = new Map(model.schemas.map((s) => [s.slug, s]));
  const history = context.changelog ? operationHistory(context.changelog) : new Map<string, OperationHistory>();
  const doc: PortalDocument = {
    context,
    historyOf: (op) => history.get(`${op.kind}:${op.slug}`),
    slug,
    model,
    urls,
    navUrls,
    downloads,
    operationBySlug,
    webhookBySlug,
    schemaByName,
    schemaBySlug,
    navigationFor: (section) => navigationOf(section),
  };
  const navigationOf = sectionNavigation(doc, SITE_BASE);
  return doc;
}

export const portalDocuments: PortalDocument[] = documents.map((d) => prepare(d.slug, d.model, d.downloads, d.context));

/** The site's title in the header and every page's `<title>`. */
export const PORTAL_TITLE = portalTitle(portalDocuments);

/** The version of a document that is an earlier version published beside its API's latest; undefined for a latest one. */
export function earlierVersionOf(doc: PortalDocument): string | undefined {
  const latest = doc.context.versions?.[0];
  return latest && latest.slug !== doc.slug ? doc.context.version : undefined;
}

/** Each API's latest version, in the portal's order: what a several-API portal lists and its API switch offers. */
export function apiHomes(): PortalDocument[] {
  return portalDocuments.filter((d) => earlierVersionOf(d) === undefined);
}

/** The latest version of a document's API (the document itself when it is the latest). */
export function apiOf(doc: PortalDocument): PortalDocument {
  const latest = doc.context.versions?.[0];
  return (latest && documentBySlug(latest.slug)) || doc;
}

/** The site's title on a page: the portal's, or on an earlier version's pages that version's API title and version. */
export function siteTitleAt(pathname: string): string {
  const doc = documentAt(pathname);
  const version = doc ? earlierVersionOf(doc) : undefined;
  return doc && version !== undefined ? `${doc.model.info.title || PORTAL_TITLE} ${version}` : PORTAL_TITLE;
}

/** The `[...base]` route parameter of a document: undefined mounts it at the root. */
export function baseParam(doc: PortalDocument): string | undefined {
  return doc.slug || undefined;
}

/** The document a page belongs to, by its address: the one whose home is the longest prefix of it (none on a portal's root listing). */
export function documentAt(pathname: string): PortalDocument | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  let found: PortalDocument | undefined;
  for (const doc of portalDocuments) {
    const home = doc.urls.home.endsWith('/') ? doc.urls.home : `${doc.urls.home}/`;
    if (path.startsWith(home) && (!found || home.length > found.urls.home.length)) found = doc;
  }
  return found;
}

/** The document mounted at `slug`. */
export function documentBySlug(slug: string): PortalDocument | undefined {
  return portalDocuments.find((d) => d.slug === slug);
}
