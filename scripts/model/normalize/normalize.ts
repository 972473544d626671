// Normalization: a bundled document turned into the model every page, the mock and the diff read.
// Apart from loading, validation and lint (index.ts), so a process that only receives models or
// builds an empty one (the preview's pages and mock) never loads Redocly or swagger-parser.
import { WorkBudget } from './budget.ts';
import { createDeref, isObject, optionalString } from '../document/deref.ts';
import { writtenNodes } from '../load/expansion.ts';
import { nodeBudget } from '../limits.ts';
import { createExampleCollector, type CappedExample } from './examples.ts';
import type { OpenApiDocument } from '../document/document.ts';
import type { Locator } from '../load/locate.ts';
import { listOperations, normalizeOperation, normalizeServers, type OperationContext, type RawOperation } from './operation.ts';
import { collectRefs, createSchemaNormalizer } from './schema.ts';
import { normalizeRequirements, normalizeSecuritySchemes } from './security.ts';
import { schemaPage, tagPage } from '../contract/pages.ts';
import { formatPointer } from '../document/pointer.ts';
import { createSlugger, operationSlugBase } from '../contract/slug.ts';
import type { ApiModel, Operation, SchemaEntry, SchemaNode, SourceLocation, Tag } from '../contract/types.ts';

/** What the examples of one normalization share (examples.ts): the cut examples, and the budget. */
export interface ExampleLedger {
  capped: CappedExample[];
  /** Bytes generated so far. */
  spent(): number;
  /** Counts bytes generated earlier as generated now. */
  charge(bytes: number): void;
}

/** One normalization's parts, each made by `make` or taken from an earlier normalization of the same objects. */
export interface PartMemo {
  reused: number;
  operation(operation: object, pathItem: object, key: string, make: () => Operation): Operation;
  schema(value: object, make: () => { node: SchemaNode; example: unknown }): { node: SchemaNode; example: unknown };
  end(exhausted: boolean): void;
}

/** Parts made before, for the same objects (the preview's saves: scripts/dev/save-reuse.ts); the model never keeps any itself. */
export interface EarlierParts {
  begin(document: object, slugs: string, ledger: ExampleLedger): PartMemo;
}

/**
 * `capped` receives the examples cut short to stay within EXAMPLE_LIMITS; `earlier` may hand back parts it made before.
 * The schema nodes it makes count against WORK_LIMITS for a document of `written` nodes (counted when not given):
 * past them it throws BudgetExceeded at the document's object where they ran out.
 */
export function normalizeDocument(
  document: OpenApiDocument,
  locate?: Locator,
  capped: CappedExample[] = [],
  earlier?: EarlierParts,
  written: number = writtenNodes(document),
): ApiModel {
  const cappedBefore = capped.length;
  const deref = createDeref(document);
  const schema = createSchemaNormalizer(document, new WorkBudget(nodeBudget(written)));
  const examples = createExampleCollector(document, deref, capped);
  const rootServers = normalizeServers(document.servers);
  const ctx: OperationContext = {
    deref,
    schema,
    examples,
    rootSecurity: normalizeRequirements(document.security),
    rootServers: rootServers.length > 0 ? rootServers : [{ url: '/', resolvedUrl: '/', variables: {} }],
    root: document,
    slugByOperationId: new Map(),
  };

  const rawOperations = listOperations(document.paths, 'operation', ['paths'], deref);
  const rawWebhooks = listOperations('webhooks' in document ? document.webhooks : undefined, 'webhook', ['webhooks'], deref);
  // Slugs first, so `x-replaced-by` can point at any operation regardless of order.
  const slugger = createSlugger();
  const slugOf = (raw: (typeof rawOperations)[number]) => slugger(optionalString(raw.operation.operationId) ?? '', operationSlugBase(raw.method, raw.path));
  const operationsWithSlugs = rawOperations.map((raw) => ({ raw, slug: slugOf(raw) }));
  const webhooksWithSlugs = rawWebhooks.map((raw) => ({ raw, slug: slugOf(raw) }));
  for (const { raw, slug } of operationsWithSlugs) {
    if (typeof raw.operation.operationId === 'string') ctx.slugByOperationId.set(raw.operation.operationId, slug);
  }

  const memo = earlier?.begin(document, [...ctx.slugByOperationId].join('\n'), { capped, spent: examples.spent, charge: examples.charge });
  const normalized = (raw: RawOperation, slug: string): Operation =>
    memo
      ? memo.operation(raw.operation, raw.pathItem, `${raw.kind} ${raw.method} ${raw.path} ${slug} ${formatPointer(raw.pointer)}`, () =>
          normalizeOperation(raw, slug, ctx),
        )
      : normalizeOperation(raw, slug, ctx);
  const withSource = (op: Operation): Operation => (locate ? { ...op, source: toSourceLocation(locate(op.pointer)) } : op);
  const operations = operationsWithSlugs.map(({ raw, slug }) => withSource(normalized(raw, slug)));
  const webhooks = webhooksWithSlugs.map(({ raw, slug }) => withSource(normalized(raw, slug)));

  const tags = buildTags(document, operations, webhooks);
  const schemas = buildSchemas(document, [...operations, ...webhooks], schema, examples.sampled, locate, memo);
  if (memo) {
    const exhausted = examples.exhausted();
    memo.end(exhausted);
    // Once the budget is spent, which examples exist depends on what was generated before: made again from nothing.
    if (exhausted && memo.reused > 0) {
      capped.length = cappedBefore;
      return normalizeDocument(document, locate, capped, undefined, written);
    }
  }

  // Read as written: a document that validation would refuse still gets a model.
  const info: Record<string, unknown> = isObject(document.info) ? { ...document.info } : {};
  return {
    openapi: String(document.openapi),
    info: {
      title: String(info.title ?? 'API'),
      version: String(info.version ?? ''),
      summary: optionalString(info.summary),
      description: optionalString(info.description),
      termsOfService: optionalString(info.termsOfService),
      contact: isObject(info.contact) ? { ...info.contact } : undefined,
      license: isObject(info.license) && typeof info.license.name === 'string' ? { name: info.license.name, ...info.license } : undefined,
    },
    servers: ctx.rootServers,
    tags,
    operations,
    webhooks,
    schemas,
    securitySchemes: normalizeSecuritySchemes(document.components?.securitySchemes, deref),
    security: ctx.rootSecurity,
    stats: { operations: operations.length, webhooks: webhooks.length, schemas: schemas.length, tags: tags.length },
  };
}

function buildTags(document: OpenApiDocument, operations: Operation[], webhooks: Operation[]): Tag[] {
  const slugger = createSlugger();
  const tags = new Map<string, Tag>();
  const declared = Array.isArray(document.tags) ? document.tags.filter((t: any) => isObject(t) && typeof t.name === 'string') : [];
  for (const t of declared) {
    if (!tags.has(t.name)) tags.set(t.name, { name: t.name, slug: '', page: '', description: optionalString(t.description), operations: [] });
  }
  for (const op of [...operations, ...webhooks]) {
    for (const name of op.tags) if (!tags.has(name) && name !== 'default') tags.set(name, { name, slug: '', page: '', operations: [] });
  }
  if ([...operations, ...webhooks].some((op) => op.tag === 'default') && !tags.has('default')) {
    tags.set('default', { name: 'default', slug: '', page: '', operations: [] });
  }
  for (const op of operations) tags.get(op.tag)?.operations.push(op.slug);
  const out = [...tags.values()];
  for (const tag of out) {
    tag.slug = slugger(tag.name, 'tag');
    tag.page = tagPage(tag.slug);
  }
  return out;
}

function buildSchemas(
  document: OpenApiDocument,
  operations: Operation[],
  normalize: ReturnType<typeof createSchemaNormalizer>,
  sampled: (schema: unknown, direction: 'request' | 'response') => unknown,
  locate?: Locator,
  memo?: PartMemo,
): SchemaEntry[] {
  const raw = isObject(document.components?.schemas) ? document.components.schemas : {};
  const slugger = createSlugger();
  const entries: SchemaEntry[] = Object.entries(raw).map(([name, value]) => {
    const make = () => {
      const node = normalize(value);
      return { node, example: node.example !== undefined ? node.example : sampled(value, 'response') };
    };
    const { node, example } = memo && isObject(value) ? memo.schema(value, make) : make();
    const slug = slugger(name, 'schema');
    const entry: SchemaEntry = { name, slug, page: schemaPage(slug), schema: node, usedBy: [], reach: { request: [], response: [] } };
    if (example !== undefined) entry.example = example;
    if (locate) entry.source = toSourceLocation(locate(formatPointer(['components', 'schemas', name])));
    return entry;
  });
  const byName = new Map(entries.map((e) => [e.name, e]));
  const direct = new Map(entries.map((e) => [e.name, collectRefs(e.schema, new Set())]));
  /** Everything reachable from these nodes, through other schemas too. */
  const reachedFrom = (nodes: (SchemaNode | undefined)[]): Set<string> => {
    const seeds = new Set<string>();
    for (const node of nodes) collectRefs(node, seeds);
    const reached = new Set<string>();
    const stack = [...seeds];
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (reached.has(name)) continue;
      reached.add(name);
      for (const next of direct.get(name) ?? []) stack.push(next);
    }
    return reached;
  };

  for (const op of operations) {
    const request = reachedFrom([...op.parameters.map((p) => p.schema), ...(op.requestBody?.content ?? []).map((m) => m.schema)]);
    const response = reachedFrom(op.responses.flatMap((r) => [...r.content.map((m) => m.schema), ...r.headers.map((h) => h.schema)]));
    for (const name of request) byName.get(name)?.reach.request.push(op.slug);
    for (const name of response) byName.get(name)?.reach.response.push(op.slug);
    for (const name of new Set([...request, ...response])) byName.get(name)?.usedBy.push(op.slug);
  }
  return entries;
}

/** A place as the model keeps it: the file relative to the working folder when inside it. */
function toSourceLocation(location: { file: string; line: number; col: number }, cwd = process.cwd()): SourceLocation {
  const file = location.file.startsWith(`${cwd}/`) ? location.file.slice(cwd.length + 1) : location.file;
  return { file, line: location.line, col: location.col };
}
