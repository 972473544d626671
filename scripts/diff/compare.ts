// Compares two versions of an API model and lists what changed, marking the
// changes that break existing clients. Deterministic: the same two models and
// comparison date always give the same list, in document order.
import type { ApiModel, Operation, Stability } from '../model/types.ts';
import { atStability, mostStable, sunsetDay, sunsetHasPassed, today } from './lifecycle.ts';
import { compareOperation, operationLabel, type OperationFinding } from './operation.ts';
import { SchemaComparer, type Direction, type Finding } from './schema.ts';
import { compareSchemes } from './security.ts';
import type { ApiChange, ApiChanges, ChangedOperation, ChangeLevel, ChangeSummary } from './types.ts';
import { versionChanges } from './version.ts';

export type { ApiChange, ApiChanges } from './types.ts';

export interface CompareOptions {
  /** YYYY-MM-DD: removals on or after the sunset their base version announced are not breaking. Default: today (UTC). */
  date?: string;
  /**
   * Judge `info.version` against the changes (a breaking change needs a major bump). Off by default:
   * a working copy between two releases keeps its version, so the preview leaves it out; the CLI turns it on.
   */
  checkVersion?: boolean;
}

const LEVEL_RANK: Record<ChangeLevel, number> = { breaking: 2, warning: 1, info: 0 };

/** `/pets/{id}` and `/pets/{petId}` are the same URL to a client. */
function routeKey(op: Operation): string {
  return `${op.method} ${op.path.replace(/\{[^}]*\}/g, '{}')}`;
}

function identity(op: Operation): ChangedOperation {
  return { method: op.method, path: op.path, ...(op.operationId ? { operationId: op.operationId } : {}), slug: op.slug };
}

interface Matching {
  /** In head's order; unmatched head operations have no base. */
  head: { op: Operation; base?: Operation }[];
  /** Base operations with no counterpart, in base's order. */
  removed: Operation[];
}

/**
 * operationId first, so an operation that moved to another path or method
 * keeps its history; then method and path for operations without one (or
 * whose operationId changed).
 */
function matchOperations(base: Operation[], head: Operation[]): Matching {
  const pairs = new Map<Operation, Operation>(); // head -> base
  const taken = new Set<Operation>();
  const headById = new Map<string, Operation>();
  for (const op of head) if (op.operationId && !headById.has(op.operationId)) headById.set(op.operationId, op);
  for (const op of base) {
    const h = op.operationId ? headById.get(op.operationId) : undefined;
    if (h && !pairs.has(h)) {
      pairs.set(h, op);
      taken.add(op);
    }
  }
  const headByRoute = new Map<string, Operation>();
  for (const op of head) if (!pairs.has(op) && !headByRoute.has(routeKey(op))) headByRoute.set(routeKey(op), op);
  for (const op of base) {
    if (taken.has(op)) continue;
    const h = headByRoute.get(routeKey(op));
    if (h && !pairs.has(h)) {
      pairs.set(h, op);
      taken.add(op);
    }
  }
  return { head: head.map((op) => ({ op, base: pairs.get(op) })), removed: base.filter((op) => !taken.has(op)) };
}

function compareOperationLists(base: Operation[], head: Operation[], schemas: SchemaComparer, webhooks: boolean, date: string): ApiChange[] {
  const subject = webhooks ? 'webhook' : 'operation';
  const out: ApiChange[] = [];
  /**
   * `stability` is what clients were promised: the base version's. A demotion to beta in the same
   * release does not excuse the changes made with it (the demotion itself is reported as a warning).
   */
  const push = (op: Operation, stability: Stability, f: OperationFinding | Omit<OperationFinding, 'subject'>, extra: Partial<ApiChange> = {}): void => {
    const change: ApiChange = {
      kind: f.kind,
      breaking: f.level === 'breaking',
      level: f.level,
      subject: 'subject' in f ? f.subject : subject,
      operation: identity(op),
      ...extra,
      ...(f.location ? { location: f.location } : {}),
      message: f.message,
    };
    out.push(atStability(change, stability, subject));
  };
  const { head: matched, removed } = matchOperations(base, head);
  for (const { op, base: before } of matched) {
    const source = op.source ? { source: op.source } : {};
    if (!before) {
      push(op, op.stability, { kind: 'operation-added', level: 'info', message: `${capitalize(named(op))} was added.` }, source);
      continue;
    }
    if (routeKey(before) !== routeKey(op)) {
      push(
        op,
        before.stability,
        {
          kind: 'operation-moved',
          level: 'breaking',
          message: webhooks
            ? `Webhook ${op.operationId} was renamed from ${before.path} to ${op.path}; clients that route on the old name will not recognise it.`
            : `${op.operationId} moved from ${operationLabel(before)} to ${operationLabel(op)}; clients that call the old ${before.method === op.method ? 'path' : 'method and path'} will get errors.`,
        },
        { previous: { method: before.method, path: before.path }, ...source },
      );
    }
    for (const f of compareOperation(before, op, schemas)) push(op, before.stability, f, source);
  }
  for (const op of removed) {
    const sunset = sunsetDay(op);
    if (sunset && sunsetHasPassed(op, date)) {
      push(
        op,
        op.stability,
        {
          kind: 'operation-removed-after-sunset',
          level: 'info',
          message: `${capitalize(named(op))} was removed; it was announced for removal on ${sunset}, so it does not count as breaking.`,
        },
        { sunset },
      );
      continue;
    }
    const consequence = webhooks ? 'clients will no longer receive it' : 'clients that call it will get errors';
    push(
      op,
      op.stability,
      {
        kind: 'operation-removed',
        level: 'breaking',
        message: sunset
          ? `${capitalize(named(op))} was removed before its announced sunset on ${sunset}; ${consequence}.`
          : `${capitalize(named(op))} was removed; ${consequence}.`,
      },
      sunset ? { sunset } : {},
    );
  }
  return out;
}

function named(op: Operation): string {
  return `${operationLabel(op)}${op.operationId ? ` (${op.operationId})` : ''}`;
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Which way each component's data flows, so its changes are judged by the right rules: read from the models' reachability by direction. */
function schemaDirections(models: ApiModel[]): { request: Set<string>; response: Set<string> } {
  const request = new Set<string>();
  const response = new Set<string>();
  for (const model of models) {
    const webhooks = new Set(model.webhooks.map((op) => op.slug));
    for (const schema of model.schemas) {
      // The API calls webhooks: their payloads are read by clients, their replies sent by them.
      if (schema.reach.request.some((slug) => !webhooks.has(slug)) || schema.reach.response.some((slug) => webhooks.has(slug))) request.add(schema.name);
      if (schema.reach.response.some((slug) => !webhooks.has(slug)) || schema.reach.request.some((slug) => webhooks.has(slug))) response.add(schema.name);
    }
  }
  return { request, response };
}

function compareComponentSchemas(base: ApiModel, head: ApiModel, schemas: SchemaComparer): ApiChange[] {
  const out: ApiChange[] = [];
  const before = new Map(base.schemas.map((s) => [s.name, s]));
  const names = new Set(head.schemas.map((s) => s.name));
  const flows = schemaDirections([base, head]);
  // What clients were promised: the stability of the base version's operations that use each schema.
  const baseOps = new Map([...base.operations, ...base.webhooks].map((op) => [op.slug, op]));
  const stabilityOf = new Map(base.schemas.map((s) => [s.name, mostStable(s.usedBy.flatMap((slug) => baseOps.get(slug)?.stability ?? []))]));
  for (const entry of head.schemas) {
    const old = before.get(entry.name);
    if (!old) {
      out.push({ kind: 'schema-added', breaking: false, level: 'info', subject: 'schema', schema: entry.name, message: `Schema ${entry.name} was added.` });
      continue;
    }
    // A schema no operation uses is still published (and generated into SDKs): judge it both ways.
    const used = flows.request.has(entry.name) || flows.response.has(entry.name);
    const directions: Direction[] = [];
    if (!used || flows.request.has(entry.name)) directions.push('request');
    if (!used || flows.response.has(entry.name)) directions.push('response');
    // The same change seen from both directions is listed once, at its most severe.
    const found = new Map<string, Finding>();
    for (const dir of directions) {
      for (const f of schemas.compare(old.schema, entry.schema, dir, false)) {
        const key = `${f.kind}|${f.path}`;
        const seen = found.get(key);
        if (!seen || LEVEL_RANK[f.level] > LEVEL_RANK[seen.level]) found.set(key, f);
      }
    }
    for (const f of found.values()) {
      const what = f.path ? `Field "${f.path.replace(/^\./, '')}" of schema ${entry.name}` : `Schema ${entry.name}`;
      const change: ApiChange = {
        kind: f.kind,
        breaking: f.level === 'breaking',
        level: f.level,
        subject: 'schema',
        schema: entry.name,
        ...(f.path ? { location: f.path } : {}),
        ...(entry.source ? { source: entry.source } : {}),
        message: f.say(what),
      };
      // Breaking if any stable operation uses the schema; one no operation uses stays breaking (it is still published).
      out.push(atStability(change, stabilityOf.get(entry.name), 'schema'));
    }
  }
  for (const old of base.schemas) {
    if (names.has(old.name)) continue;
    // Policy: not breaking by itself. The wire format only changes where operations used it, and those
    // operations report their own changes; generated SDKs lose the type, hence the warning.
    out.push({
      kind: 'schema-removed',
      breaking: false,
      level: 'warning',
      subject: 'schema',
      schema: old.name,
      message: `Schema ${old.name} was removed; code generated from the description will no longer have it.`,
    });
  }
  return out;
}

function compareSecuritySchemes(base: ApiModel, head: ApiModel): ApiChange[] {
  const out: ApiChange[] = [];
  const before = new Map(base.securitySchemes.map((s) => [s.name, s]));
  const names = new Set(head.securitySchemes.map((s) => s.name));
  const push = (name: string, kind: ApiChange['kind'], level: ChangeLevel, message: string): void => {
    out.push({ kind, breaking: level === 'breaking', level, subject: 'security', securityScheme: name, message });
  };
  for (const scheme of head.securitySchemes) {
    const old = before.get(scheme.name);
    if (!old) push(scheme.name, 'security-scheme-added', 'info', `Security scheme ${scheme.name} was added.`);
    else for (const f of compareSchemes(old, scheme)) push(scheme.name, f.kind, f.level, f.message);
  }
  for (const old of base.securitySchemes) {
    if (names.has(old.name)) continue;
    // Operations that required it report their own security change; this records the scheme itself.
    push(old.name, 'security-scheme-removed', 'warning', `Security scheme ${old.name} was removed.`);
  }
  return out;
}

function summarize(changes: ApiChange[]): ChangeSummary {
  const counts = (subject: 'operation' | 'webhook') => {
    const of = changes.filter((c) => c.subject === subject || (c.subject === 'security' && c.operation && subject === 'operation'));
    const count = (kind: ApiChange['kind']): number => of.filter((c) => c.kind === kind).length;
    const special = new Set<string>(['operation-added', 'operation-removed', 'operation-removed-after-sunset', 'operation-moved']);
    const movedSlugs = new Set(of.filter((c) => c.kind === 'operation-moved').map((c) => c.operation!.slug));
    const changed = new Set(of.filter((c) => c.operation && !special.has(c.kind) && !movedSlugs.has(c.operation.slug)).map((c) => c.operation!.slug));
    return {
      added: count('operation-added'),
      removed: count('operation-removed') + count('operation-removed-after-sunset'),
      changed: changed.size,
      moved: count('operation-moved'),
    };
  };
  const schemaChanges = changes.filter((c) => c.subject === 'schema');
  const schemeChanges = changes.filter((c) => c.subject === 'security' && c.securityScheme);
  return {
    operations: counts('operation'),
    webhooks: counts('webhook'),
    schemas: {
      added: schemaChanges.filter((c) => c.kind === 'schema-added').length,
      removed: schemaChanges.filter((c) => c.kind === 'schema-removed').length,
      changed: new Set(schemaChanges.filter((c) => c.kind !== 'schema-added' && c.kind !== 'schema-removed').map((c) => c.schema)).size,
    },
    securitySchemes: {
      added: schemeChanges.filter((c) => c.kind === 'security-scheme-added').length,
      removed: schemeChanges.filter((c) => c.kind === 'security-scheme-removed').length,
      changed: new Set(schemeChanges.filter((c) => c.kind === 'security-scheme-changed').map((c) => c.securityScheme)).size,
    },
    breaking: changes.filter((c) => c.breaking).length,
    warnings: changes.filter((c) => c.level === 'warning').length,
    total: changes.length,
  };
}

export function compareModels(base: ApiModel, head: ApiModel, options: CompareOptions = {}): ApiChanges {
  const date = options.date ?? today();
  const schemas = new SchemaComparer(base, head);
  const versions = { base: { title: base.info.title, version: base.info.version }, head: { title: head.info.title, version: head.info.version } };
  const changes = [
    ...compareOperationLists(base.operations, head.operations, schemas, false, date),
    ...compareOperationLists(base.webhooks, head.webhooks, schemas, true, date),
    ...compareSecuritySchemes(base, head),
    ...compareComponentSchemas(base, head, schemas),
  ];
  if (options.checkVersion) changes.push(...versionChanges(versions.base.version, versions.head.version, changes));
  return { ...versions, date, changes, summary: summarize(changes) };
}
