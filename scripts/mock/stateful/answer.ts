// The answer of an operation that is part of a resource, with `--stateful`:
// read from and written to the session's records instead of the examples. The
// status and headers are the operation's declared success response's; an id
// that does not exist answers the operation's declared 404. A request this
// cannot handle as a record (a body that is not an object) gets the answer it
// would get without state.
import { isJsonMediaType } from '../../model/contract/media.ts';
import { findResponse, negotiate, type PreparedResponse } from '../answers.ts';
import { finish, signalHeaders, type Exchange, type StatefulContext } from '../exchange.ts';
import { printable } from '../log.ts';
import { operationError } from '../operation-errors.ts';
import type { MockOperation } from '../state-types.ts';
import { formatBytes } from '../defaults.ts';
import type { Full } from '../store/limits.ts';
import { DEFAULT_SESSION, SESSION_HEADER, type Bucket, type PutOutcome, type StateStore } from '../store/types.ts';
import { idKey, newId, pathKey } from './ids.ts';
import { listBody, queryList } from './list-query.ts';
import { createRecord, replaceRecord, updateRecord } from './records.ts';
import type { Rec, Resource, ResourceOperation, StatefulPart } from './types.ts';

const MAX_SESSION_LENGTH = 200;

/** The session a request names with `Mock-Session`; absent or empty, the shared one. */
export function sessionOf(header: string | string[] | undefined): string {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value.slice(0, MAX_SESSION_LENGTH) : DEFAULT_SESSION;
}

const isRecord = (value: unknown): value is Rec => value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * Answers from the records; resolves to false when the request is not one it handles (the
 * caller then answers as without state). Rejects only on a store failure.
 */
export async function statefulAnswer(
  x: Exchange,
  mock: MockOperation,
  stateful: StatefulPart,
  ctx: StatefulContext,
  params: Record<string, string>,
  query: URLSearchParams | undefined,
  body: unknown,
): Promise<boolean> {
  // Records are JSON: an answer declared (or asked for) in another media type is left to the examples.
  const primary = mock.answers.primary;
  if (primary && primary.media.length > 0) {
    const media = negotiate(primary, x.req.headers.accept);
    if (!media || !(isJsonMediaType(media.type) || media.type === '*/*')) return false;
  }
  const r = statefulRequest(x, mock, stateful, ctx, params, primary);
  if (!(await parentExists(r))) return true;
  switch (stateful.part.role) {
    case 'list':
      return answerList(r, query);
    case 'read':
      return answerRead(r);
    case 'create':
      return answerCreate(r, body);
    case 'replace':
      return answerReplace(r, body);
    case 'update':
      return answerUpdate(r, body);
    case 'delete':
      return answerDelete(r);
  }
}

/** One stateful request: where its records are, the id it names, and the operation's answer. */
interface StatefulRequest {
  x: Exchange;
  mock: MockOperation;
  resource: Resource;
  part: ResourceOperation;
  ctx: StatefulContext;
  params: Record<string, string>;
  primary: PreparedResponse | undefined;
  session: string;
  scope: string[];
  bucket: Bucket;
  /** The id the path names, as the store keys it (an integer id by its value: `/pets/044` is pet 44). */
  key: string | undefined;
}

function statefulRequest(
  x: Exchange,
  mock: MockOperation,
  { resource, part }: StatefulPart,
  ctx: StatefulContext,
  params: Record<string, string>,
  primary: PreparedResponse | undefined,
): StatefulRequest {
  const scope = scopeValues(resource, part, params);
  const sent = part.idParam ? params[part.idParam] : undefined;
  return {
    x,
    mock,
    resource,
    part,
    ctx,
    params,
    primary,
    session: sessionOf(x.req.headers[SESSION_HEADER]),
    scope,
    bucket: { resource: resource.name, scope: scope.join('/') },
    key: sent === undefined ? undefined : pathKey(resource.id.kind, sent),
  };
}

/** A nested resource's parent must exist (`GET /users/999/posts` is the declared 404); false once that is answered. */
async function parentExists({ x, mock, resource, ctx, session, scope }: StatefulRequest): Promise<boolean> {
  if (!resource.parent) return true;
  const { depth } = resource.parent;
  const parentKey = scope[depth] ?? '';
  if (await ctx.store.get(session, { resource: resource.parent.resource, scope: scope.slice(0, depth).join('/') }, parentKey)) return true;
  operationError(x, mock, 'not_found', `No ${resource.parent.resource} with id ${printable(parentKey, 80)} exists in this session.`);
  return false;
}

function notFound({ x, mock, resource, part, key }: StatefulRequest): true {
  operationError(
    x,
    mock,
    'not_found',
    `No ${resource.name} with ${resource.id.field ?? part.idParam ?? 'id'} ${printable(key ?? '', 80)} exists in this session.`,
  );
  return true;
}

/** True when the store refused the write (a 507 is answered). */
function refused({ x, mock, resource }: StatefulRequest, outcome: PutOutcome): boolean {
  if (outcome.stored) return false;
  storageFull(x, mock, resource, outcome);
  return true;
}

/** The parent's id on the child, from the path (the body cannot move a record to another parent). */
function withParent({ resource, scope }: StatefulRequest, record: Rec): Rec {
  const link = resource.parent;
  if (!link?.field) return record;
  const text = scope[link.depth] ?? '';
  record[link.field] = link.fieldIsNumber && /^-?\d{1,15}$/.test(text) ? Number(text) : text;
  return record;
}

async function answerList(r: StatefulRequest, query: URLSearchParams | undefined): Promise<boolean> {
  const records = await r.ctx.store.list(r.session, r.bucket);
  const page = queryList(records, r.part.list!, query);
  const path = r.x.url.slice(0, r.x.url.indexOf('?') >>> 0);
  reply(r.x, r.mock, r.primary, listBody(r.part.list!, page, path, query), r.params, [], page.total);
  return true;
}

async function answerRead(r: StatefulRequest): Promise<boolean> {
  const record = r.key === undefined ? undefined : await r.ctx.store.get(r.session, r.bucket, r.key);
  if (!record) return notFound(r);
  reply(r.x, r.mock, r.primary, record, r.params);
  return true;
}

async function answerCreate(r: StatefulRequest, body: unknown): Promise<boolean> {
  if (!isRecord(body)) return false;
  const { x, resource, ctx } = r;
  const id = await freshId(ctx.store, r.session, r.bucket, resource, ctx.clock.random);
  const record = withParent(r, createRecord(resource, body, id, ctx.clock));
  if (refused(r, await ctx.store.put(r.session, r.bucket, String(id), record))) return true;
  const location = resource.itemPath ? (x.base ?? '') + itemUrl(resource.itemPath, r.params, r.part, String(id), resource) : undefined;
  reply(x, r.mock, r.primary, record, r.params, location ? ['Location', location] : []);
  return true;
}

async function answerReplace(r: StatefulRequest, body: unknown): Promise<boolean> {
  const { mock, resource, key, ctx } = r;
  if (!isRecord(body) || key === undefined) return false;
  const existing = await ctx.store.get(r.session, r.bucket, key);
  const created = findResponse(mock.answers, '201');
  const creates = created?.key === '201';
  if (!existing && !creates && mock.answers.responses.some((a) => a.key === '404')) return notFound(r);
  const id =
    existing && resource.id.field !== undefined && idKey(existing[resource.id.field]) !== undefined
      ? (existing[resource.id.field] as string | number)
      : typedId(resource, key);
  const record = withParent(r, replaceRecord(resource, existing, body, r.part.bodyFields, id, ctx.clock));
  if (refused(r, await ctx.store.put(r.session, r.bucket, key, record))) return true;
  reply(r.x, mock, !existing && creates ? created : r.primary, record, r.params);
  return true;
}

async function answerUpdate(r: StatefulRequest, body: unknown): Promise<boolean> {
  if (!isRecord(body) || r.key === undefined) return false;
  const existing = await r.ctx.store.get(r.session, r.bucket, r.key);
  if (!existing) return notFound(r);
  const record = updateRecord(r.resource, existing, body, r.ctx.clock);
  if (refused(r, await r.ctx.store.put(r.session, r.bucket, r.key, record))) return true;
  reply(r.x, r.mock, r.primary, record, r.params);
  return true;
}

async function answerDelete(r: StatefulRequest): Promise<boolean> {
  const existing = r.key === undefined ? undefined : await r.ctx.store.get(r.session, r.bucket, r.key);
  if (!existing || !(await r.ctx.store.remove(r.session, r.bucket, r.key!))) return notFound(r);
  reply(r.x, r.mock, r.primary, existing, r.params);
  return true;
}

const typedId = (resource: Resource, text: string): string | number => (resource.id.kind === 'integer' && /^-?\d{1,15}$/.test(text) ? Number(text) : text);

/** The values of the path's scope parameters, a parent's integer id by its value. */
function scopeValues(resource: Resource, part: ResourceOperation, params: Record<string, string>): string[] {
  const values = part.scopeParams.map((p) => params[p] ?? '');
  const link = resource.parent;
  if (link && values[link.depth] !== undefined) values[link.depth] = pathKey(link.kind, values[link.depth]!);
  return values;
}

/**
 * A new record's id: a UUID, else the bucket's next number as its kind and pattern write it; a
 * text id already taken (an example's, written another way) takes the next number again.
 */
async function freshId(store: StateStore, session: string, bucket: Bucket, resource: Resource, random: () => number): Promise<string | number> {
  if (resource.id.kind === 'uuid') return newId('uuid', 0, random);
  let id = newId(resource.id, await store.nextId(session, bucket), random);
  for (let tries = 0; tries < 8 && resource.id.kind === 'string' && (await store.get(session, bucket, String(id))); tries++) {
    id = newId(resource.id, await store.nextId(session, bucket), random);
  }
  return id;
}

/** A session holding all the mock keeps for one: 507, in the API's error shape (a retry would not help, unlike after a 429). */
function storageFull(x: Exchange, mock: MockOperation, resource: Resource, full: Full): void {
  const held = full.full === 'records' ? `${full.limit} ${resource.name} record${full.limit === 1 ? '' : 's'}` : `${formatBytes(full.limit)} of records`;
  const message = `This session holds ${held}, as much as the mock keeps for one session; delete some, or start again with POST /__mock/reset.`;
  operationError(x, mock, 'insufficient_storage', message);
}

/** The new record's item URL, with the create's own parent parameters. */
function itemUrl(template: string, params: Record<string, string>, part: ResourceOperation, id: string, resource: Resource): string {
  const idParam = resource.operations.find((o) => o.op.path === template)?.idParam;
  return template.replace(/\{([^{}/]+)\}/g, (_, name: string) =>
    encodeURIComponent(name === idParam ? id : (params[name] ?? (part.scopeParams.includes(name) ? '' : name))),
  );
}

const REPLACED = new Set(['content-type', 'content-length']);

/** The declared success response's status and headers, with the record as its JSON body. */
function reply(
  x: Exchange,
  mock: MockOperation,
  response: PreparedResponse | undefined,
  value: unknown,
  params: Record<string, string>,
  extra: string[] = [],
  total?: number,
): void {
  const status = response?.status ?? 200;
  const media = response?.preferred;
  const withBody = media !== undefined && status !== 204 && status !== 304;
  const declared = withBody ? media.first.headers : (response?.bare.headers ?? ['Vary', 'Origin']);
  const overridden = new Set(extra.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase()));
  const headers: string[] = [];
  for (let i = 0; i + 1 < declared.length; i += 2) {
    const lower = declared[i]!.toLowerCase();
    if (REPLACED.has(lower) || overridden.has(lower)) continue;
    // A declared count of the records (`X-Total-Count`) tells the real one.
    headers.push(declared[i]!, total !== undefined && lower.includes('total') ? String(total) : declared[i + 1]!);
  }
  const body = withBody ? Buffer.from(JSON.stringify(value)) : undefined;
  const all = ['Content-Type', withBody ? jsonType(media.type) : 'application/json', 'Content-Length', String(body?.length ?? 0), ...headers, ...extra];
  const link = signalHeaders(x, mock, params);
  finish(x, status, link ? all.concat(link) : all, x.method === 'HEAD' ? undefined : body);
}

function jsonType(declared: string): string {
  return declared.includes('*') ? 'application/json' : declared;
}
