// Compares two versions of an API model and lists what changed, marking the
// changes that break existing clients. Deterministic: the same two models and
// comparison date always give the same list, in document order.
import { formatPointer, parsePointer } from '../model/document/pointer.ts';
import { collectRefs } from '../model/normalize/schema.ts';
import type { ApiModel, Operation, SchemaNode, Stability } from '../model/contract/types.ts';
import { atStability, mostStable, sunsetDay, sunsetHasPassed, today } from './lifecycle.ts';
import { capitalize, compareOperation, operationLabel, type OperationFinding } from './operation.ts';
import { SchemaComparer, type Direction } from './schema.ts';
import type { Finding } from './types.ts';
import { compareSchemes } from './security.ts';
import { type DiffSettings, ignores, levelOf, mergeSettings } from './settings.ts';
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
  /** Levels, policies, accepted changes, the stability threshold and deprecation days (settings.ts). */
  settings?: Partial<DiffSettings>;
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

/** A change as found, before its level: the catalogue and the team's settings decide that. */
type Found = Omit<ApiChange, 'level' | 'breaking'>;

interface Judge {
  settings: DiffSettings;
  date: string;
  schemas: SchemaComparer;
}

/** The change at its level: the team's, else its policy's, else oasdiff's; lowered below the stability threshold. Null when its check is off. */
function judged(
  found: Found & { pointerSegments?: readonly string[] },
  judge: Judge,
  stability: Stability | undefined,
  of: 'operation' | 'webhook' | 'schema',
): ApiChange | null {
  const level = levelOf(found.id, judge.settings);
  if (level === 'off') return null;
  if (level === undefined) throw new Error(`The diff reported ${found.id}, a check missing from its catalogue`);
  const { pointerSegments, ...rest } = found;
  const change: ApiChange = { ...rest, level, breaking: level === 'breaking', ...(pointerSegments ? { pointer: formatPointer(pointerSegments) } : {}) };
  return atStability(change, stability, of, judge.settings.stabilityLevel);
}

/** An operation's finding before its level, with the stability it is judged at and what the change says besides. */
interface Staged {
  /**
   * What clients were promised: the base version's. A demotion to beta in the same release does
   * not excuse the changes made with it (the demotion itself is reported).
   */
  stability: Stability;
  finding: Omit<OperationFinding, 'subject'> & { subject?: OperationFinding['subject'] };
  extra?: Partial<ApiChange>;
}

function compareOperationLists(base: Operation[], head: Operation[], webhooks: boolean, judge: Judge): ApiChange[] {
  const subject = webhooks ? 'webhook' : 'operation';
  const out: ApiChange[] = [];
  const push = (op: Operation, { stability, finding: f, extra = {} }: Staged): void => {
    const change = judged(
      {
        id: f.id,
        kind: f.kind,
        subject: f.subject ?? subject,
        operation: identity(op),
        ...extra,
        ...(f.location ? { location: f.location } : {}),
        ...(f.pointer ? { pointerSegments: f.pointer } : {}),
        message: f.message,
      },
      judge,
      stability,
      subject,
    );
    if (change) out.push(change);
  };
  const { head: matched, removed } = matchOperations(base, head);
  const headRoutes = new Set(head.map((op) => op.path.replace(/\{[^}]*\}/g, '{}')));
  for (const { op, base: before } of matched) for (const staged of matchedFindings(op, before, webhooks, judge)) push(op, staged);
  for (const op of removed) push(op, removal(op, webhooks, headRoutes, judge.date));
  return out;
}

/** A head operation: added, or moved and changed since its base counterpart. */
function matchedFindings(op: Operation, before: Operation | undefined, webhooks: boolean, judge: Judge): Staged[] {
  const at = parsePointer(op.pointer);
  if (!before) {
    return [
      {
        stability: op.stability,
        finding: { id: webhooks ? 'webhook-added' : 'endpoint-added', kind: 'operation-added', message: `${capitalize(named(op))} was added.`, pointer: at },
      },
    ];
  }
  const out: Staged[] = [];
  if (routeKey(before) !== routeKey(op)) {
    out.push({
      stability: before.stability,
      finding: {
        id: webhooks ? 'webhook-renamed' : 'api-operation-moved',
        kind: 'operation-moved',
        pointer: at,
        message: webhooks
          ? `Webhook ${op.operationId} was renamed from ${before.path} to ${op.path}; clients that route on the old name will not recognise it.`
          : `${op.operationId} moved from ${operationLabel(before)} to ${operationLabel(op)}; clients that call the old ${before.method === op.method ? 'path' : 'method and path'} will get errors.`,
      },
      extra: { previous: { method: before.method, path: before.path } },
    });
  }
  const context = {
    schemas: judge.schemas,
    date: judge.date,
    deprecationDays: judge.settings.deprecationDays,
    webhooksAsRequests: judge.settings.policies['webhook-direction'] === false,
  };
  for (const finding of compareOperation(before, op, context)) out.push({ stability: before.stability, finding });
  return out;
}

/** A base operation head no longer has: after its sunset, before it, deprecated or not. */
function removal(op: Operation, webhooks: boolean, headRoutes: Set<string>, date: string): Staged {
  const sunset = sunsetDay(op);
  // oasdiff's api-path-removed-* when nothing is left at the path, api-removed-* when other methods stay.
  const family = webhooks ? 'webhook-removed' : headRoutes.has(op.path.replace(/\{[^}]*\}/g, '{}')) ? 'api-removed' : 'api-path-removed';
  const consequence = webhooks ? 'clients will no longer receive it' : 'clients that call it will get errors';
  if (sunset && sunsetHasPassed(op, date)) {
    return {
      stability: op.stability,
      finding: {
        id: webhooks ? 'webhook-removed-with-deprecation' : `${family}-with-deprecation`,
        kind: 'operation-removed-after-sunset',
        message: `${capitalize(named(op))} was removed; it was announced for removal on ${sunset}, so it does not count as breaking.`,
      },
      extra: { sunset },
    };
  }
  // Deprecated without a sunset: clients were told to move off it, and may have been given no date (oasdiff's rule).
  const id = webhooks
    ? op.deprecated && !sunset
      ? 'webhook-removed-with-deprecation'
      : 'webhook-removed'
    : sunset
      ? `${family}-before-sunset`
      : op.deprecated
        ? `${family}-with-deprecation`
        : `${family}-without-deprecation`;
  return {
    stability: op.stability,
    finding: {
      id,
      kind: 'operation-removed',
      message: sunset
        ? `${capitalize(named(op))} was removed before its announced sunset on ${sunset}; ${consequence}.`
        : op.deprecated
          ? `${capitalize(named(op))} was removed; it was deprecated, so clients were told to move off it, but those that still call it will get errors.`
          : `${capitalize(named(op))} was removed; ${consequence}.`,
    },
    extra: sunset ? { sunset } : {},
  };
}

function named(op: Operation): string {
  return `${operationLabel(op)}${op.operationId ? ` (${op.operationId})` : ''}`;
}

/** Which way each component's data flows, so its changes are judged by the right rules: read from the models' reachability by direction. */
function schemaDirections(models: ApiModel[], webhooksAsRequests: boolean): { request: Set<string>; response: Set<string> } {
  const request = new Set<string>();
  const response = new Set<string>();
  for (const model of models) {
    const webhooks = new Set(webhooksAsRequests ? [] : model.webhooks.map((op) => op.slug));
    for (const schema of model.schemas) {
      // The API calls webhooks: their payloads are read by clients, their replies sent by them.
      if (schema.reach.request.some((slug) => !webhooks.has(slug)) || schema.reach.response.some((slug) => webhooks.has(slug))) request.add(schema.name);
      if (schema.reach.response.some((slug) => !webhooks.has(slug)) || schema.reach.request.some((slug) => webhooks.has(slug))) response.add(schema.name);
    }
  }
  return { request, response };
}

/** The operations and webhooks (slugs) whose data reaches a schema in one direction, as schemaDirections reads it. */
function usersIn(schema: ApiModel['schemas'][number], dir: Direction, webhooks: Set<string>): Set<string> {
  const [same, flipped] = dir === 'request' ? [schema.reach.request, schema.reach.response] : [schema.reach.response, schema.reach.request];
  return new Set([...same.filter((slug) => !webhooks.has(slug)), ...flipped.filter((slug) => webhooks.has(slug))]);
}

/** Components reached only through parameters (in either version): their changes are a parameter's, named as oasdiff names those. */
function parameterOnly(models: ApiModel[]): Set<string> {
  const byParameters = new Set<string>();
  const byBodies = new Set<string>();
  for (const model of models) {
    const direct = new Map(model.schemas.map((s) => [s.name, collectRefs(s.schema, new Set())]));
    const reach = (nodes: (SchemaNode | undefined)[], into: Set<string>): void => {
      const stack = [...nodes.reduce((seeds, node) => collectRefs(node, seeds), new Set<string>())];
      while (stack.length) {
        const name = stack.pop()!;
        if (into.has(name)) continue;
        into.add(name);
        stack.push(...(direct.get(name) ?? []));
      }
    };
    for (const op of [...model.operations, ...model.webhooks]) {
      reach(
        op.parameters.map((p) => p.schema),
        byParameters,
      );
      reach(
        [
          ...(op.requestBody?.content ?? []).map((m) => m.schema),
          ...op.responses.flatMap((r) => [...r.content.map((m) => m.schema), ...r.headers.map((h) => h.schema)]),
        ],
        byBodies,
      );
    }
  }
  return new Set([...byParameters].filter((name) => !byBodies.has(name)));
}

/** How a component's users are named in its messages: the first few operationIds (or routes). */
function usersText(users: ChangedOperation[]): string {
  if (!users.length) return '';
  const names = users.map((u) => u.operationId ?? `${u.method.toUpperCase()} ${u.path}`);
  const shown = names.slice(0, 3).join(', ');
  return ` (used by ${shown}${names.length > 3 ? ` and ${names.length - 3} more` : ''})`;
}

/** The directions a component is judged in: those its data flows in, both for one no operation uses (it is still published, and generated into SDKs). */
function directionsOf(name: string, flows: { request: Set<string>; response: Set<string> }): Direction[] {
  const used = flows.request.has(name) || flows.response.has(name);
  const directions: Direction[] = [];
  if (!used || flows.request.has(name)) directions.push('request');
  if (!used || flows.response.has(name)) directions.push('response');
  return directions;
}

/** A component's changes in each direction; the same change seen from both is listed once, at its most severe. */
function componentFindings(
  base: SchemaNode,
  head: SchemaNode,
  directions: Direction[],
  where: 'parameter' | 'body',
  pointer: string[],
  judge: Judge,
): Iterable<Finding & { dir: Direction }> {
  const found = new Map<string, Finding & { dir: Direction }>();
  const rank = (f: Finding): number => {
    const level = levelOf(f.id, judge.settings);
    return level && level !== 'off' ? LEVEL_RANK[level] : -1;
  };
  for (const dir of directions) {
    for (const f of judge.schemas.compare(base, head, { dir, where }, pointer)) {
      const key = `${f.kind}|${f.path}`;
      const seen = found.get(key);
      if (!seen || rank(f) > rank(seen)) found.set(key, { ...f, dir });
    }
  }
  return found.values();
}

function compareComponentSchemas(base: ApiModel, head: ApiModel, judge: Judge): ApiChange[] {
  const out: ApiChange[] = [];
  const before = new Map(base.schemas.map((s) => [s.name, s]));
  const names = new Set(head.schemas.map((s) => s.name));
  const flows = schemaDirections([base, head], judge.settings.policies['webhook-direction'] === false);
  const parameters = parameterOnly([base, head]);
  // What clients were promised: the stability of the base version's operations that use each schema.
  const baseOps = new Map([...base.operations, ...base.webhooks].map((op) => [op.slug, op]));
  const webhookSlugs = new Set(judge.settings.policies['webhook-direction'] === false ? [] : base.webhooks.map((op) => op.slug));
  const push = (found: Found & { pointerSegments?: readonly string[] }, stability?: Stability): void => {
    const change = judged(found, judge, stability, 'schema');
    if (change) out.push(change);
  };
  for (const entry of head.schemas) {
    const old = before.get(entry.name);
    const pointer = ['components', 'schemas', entry.name];
    if (!old) {
      push({
        id: 'api-schema-added',
        kind: 'schema-added',
        subject: 'schema',
        schema: entry.name,
        pointerSegments: pointer,
        message: `Schema ${entry.name} was added.`,
      });
      continue;
    }
    const allUsers = old.usedBy;
    const stability = mostStable(old.usedBy.flatMap((slug) => baseOps.get(slug)?.stability ?? []));
    const where = parameters.has(entry.name) ? 'parameter' : 'body';
    for (const f of componentFindings(old.schema, entry.schema, directionsOf(entry.name, flows), where, pointer, judge)) {
      // Named: the operations whose data flows the way this change breaks (a request bound, those that send the schema).
      const inDir = usersIn(old, f.dir, webhookSlugs);
      const users = allUsers.flatMap((slug) => {
        const op = inDir.has(slug) || inDir.size === 0 ? baseOps.get(slug) : undefined;
        return op ? [identity(op)] : [];
      });
      const what = `${f.path ? `Field "${f.path.replace(/^\./, '')}" of schema ${entry.name}` : `Schema ${entry.name}`}${usersText(users)}`;
      // Breaking if any stable operation uses the schema; one no operation uses stays breaking (it is still published).
      push(
        {
          id: f.id,
          kind: f.kind,
          subject: 'schema',
          schema: entry.name,
          ...(users.length ? { users } : {}),
          ...(f.path ? { location: f.path } : {}),
          pointerSegments: f.pointer,
          message: f.say(what),
        },
        stability,
      );
    }
  }
  for (const old of base.schemas) {
    if (names.has(old.name)) continue;
    // The wire format only changes where operations used it, and those operations report their own
    // changes; generated SDKs lose the type (the `generated-code` policy makes it a warning).
    push({
      id: 'api-schema-removed',
      kind: 'schema-removed',
      subject: 'schema',
      schema: old.name,
      pointerSegments: ['components', 'schemas'],
      message: `Schema ${old.name} was removed; code generated from the description will no longer have it.`,
    });
  }
  return out;
}

function compareSecuritySchemes(base: ApiModel, head: ApiModel, judge: Judge): ApiChange[] {
  const out: ApiChange[] = [];
  const before = new Map(base.securitySchemes.map((s) => [s.name, s]));
  const names = new Set(head.securitySchemes.map((s) => s.name));
  const push = (name: string, id: string, kind: ApiChange['kind'], message: string, pointer: string[]): void => {
    const change = judged({ id, kind, subject: 'security', securityScheme: name, pointerSegments: pointer, message }, judge, undefined, 'schema');
    if (change) out.push(change);
  };
  for (const scheme of head.securitySchemes) {
    const old = before.get(scheme.name);
    const pointer = ['components', 'securitySchemes', scheme.name];
    if (!old) push(scheme.name, 'api-security-component-added', 'security-scheme-added', `Security scheme ${scheme.name} was added.`, pointer);
    else for (const f of compareSchemes(old, scheme)) push(scheme.name, f.id, f.kind, f.message, pointer);
  }
  for (const old of base.securitySchemes) {
    if (names.has(old.name)) continue;
    // Operations that required it report their own security change; this records the scheme itself.
    push(old.name, 'api-security-component-removed', 'security-scheme-removed', `Security scheme ${old.name} was removed.`, ['components', 'securitySchemes']);
  }
  return out;
}

/** The document's servers, by URL as written: one removed leaves clients configured with it calling an address the API no longer names. */
function compareServers(base: ApiModel, head: ApiModel, judge: Judge): ApiChange[] {
  const out: ApiChange[] = [];
  const before = new Set(base.servers.map((s) => s.url));
  const after = new Set(head.servers.map((s) => s.url));
  const push = (id: string, kind: ApiChange['kind'], url: string, message: string, index: number): void => {
    const change = judged(
      { id, kind, subject: 'server', server: url, pointerSegments: index >= 0 ? ['servers', String(index)] : ['servers'], message },
      judge,
      undefined,
      'schema',
    );
    if (change) out.push(change);
  };
  head.servers.forEach((s, i) => {
    if (!before.has(s.url)) push('api-server-added', 'server-added', s.url, `Server ${s.url} was added.`, i);
  });
  for (const s of base.servers) {
    if (!after.has(s.url))
      push('api-server-removed', 'server-removed', s.url, `Server ${s.url} was removed; clients configured with it must move to another.`, -1);
  }
  return out;
}

function summarize(changes: ApiChange[]): Omit<ChangeSummary, 'ignored'> {
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
  const settings = mergeSettings(options.settings ?? {});
  const judge: Judge = { settings, date, schemas: new SchemaComparer(base, head) };
  const versions = { base: { title: base.info.title, version: base.info.version }, head: { title: head.info.title, version: head.info.version } };
  const found = [
    ...compareOperationLists(base.operations, head.operations, false, judge),
    ...compareOperationLists(base.webhooks, head.webhooks, true, judge),
    ...compareSecuritySchemes(base, head, judge),
    ...compareComponentSchemas(base, head, judge),
    ...compareServers(base, head, judge),
  ];
  const accepted = (c: ApiChange): boolean => settings.ignore.some((rule) => ignores(rule, c));
  const changes = found.filter((c) => !accepted(c));
  let ignored = found.length - changes.length;
  if (options.checkVersion) {
    for (const v of versionChanges(versions.base.version, versions.head.version, changes)) {
      const change = judged({ ...v, pointerSegments: ['info', 'version'] }, judge, undefined, 'schema');
      if (change && accepted(change)) ignored++;
      else if (change) changes.push(change);
    }
  }
  return { ...versions, date, changes, summary: { ...summarize(changes), ignored } };
}
