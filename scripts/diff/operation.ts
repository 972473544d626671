// Compares one operation (or webhook) with its counterpart: its identity, lifecycle and tags
// (operation-lifecycle.ts), security, parameters, request body and responses. For webhooks the
// API is the caller, so the directions swap: the payload is data clients read and their replies
// are data they send.
import { parsePointer } from '../model/document/pointer.ts';
import { sameWire } from '../model/contract/wire.ts';
import type { MediaType, Operation, Parameter, ParameterLocation, Response } from '../model/contract/types.ts';
import { CATALOGUE } from './catalogue.ts';
import { lifecycleFindings, type LifecycleOptions } from './operation-lifecycle.ts';
import type { SchemaComparer, Scope } from './schema.ts';
import type { Finding } from './types.ts';
import { compareRequirements } from './security.ts';
import type { ChangeKind } from './types.ts';

/** A change inside an operation, before the operation's identity and level are attached. */
export interface OperationFinding {
  id: string;
  kind: ChangeKind;
  subject: 'operation' | 'webhook' | 'security';
  location?: string;
  /** Where it is in the head document. */
  pointer?: readonly string[];
  message: string;
}

export interface OperationContext extends LifecycleOptions {
  schemas: SchemaComparer;
  /** Judge a webhook's request as one clients send, as oasdiff does (the `webhook-direction` policy off). */
  webhooksAsRequests?: boolean;
}

const SUCCESS = /^2(\d\d|XX)$/i;

export function operationLabel(op: Operation): string {
  return op.kind === 'webhook' ? `webhook ${op.path}` : `${op.method.toUpperCase()} ${op.path}`;
}

export const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
}

/** Header names are case-insensitive on the wire. */
function paramKey(p: { in: ParameterLocation; name: string }): string {
  return `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
}

/** How a parameter is serialized; the model fills in the defaults, so an explicit default is no change. */
function serialization(p: Parameter): string {
  return `${p.style}${p.explode ? ' (explode)' : ''}`;
}

function trimPath(path: string): string {
  return path.startsWith('.') ? path.slice(1) : path;
}

export function joinLocation(location: string, path: string): string {
  return path ? `${location} ${path}` : location;
}

/** Schema findings as the operation's, each named in a sentence by `what`. */
function fromSchema(findings: Finding[], subject: 'operation' | 'webhook', location: string, what: (path: string) => string): OperationFinding[] {
  return findings.map((f) => ({ id: f.id, kind: f.kind, subject, location: joinLocation(location, f.path), pointer: f.pointer, message: f.say(what(f.path)) }));
}

export function compareOperation(base: Operation, head: Operation, ctx: OperationContext): OperationFinding[] {
  const isWebhook = head.kind === 'webhook';
  // The API sends a webhook's request: clients read its payload and send its reply.
  const webhook = isWebhook && !ctx.webhooksAsRequests;
  const subject: 'operation' | 'webhook' = isWebhook ? 'webhook' : 'operation';
  const at = parsePointer(head.pointer);
  const out: OperationFinding[] = lifecycleFindings(base, head, ctx).map((f) => ({ ...f, subject, pointer: f.pointer ?? at }));
  if (!isWebhook) {
    for (const f of compareRequirements(base.security, head.security))
      out.push({ ...f, subject: 'security', location: 'security', pointer: [...at, 'security'] });
  }
  out.push(...compareParameters(base, head, webhook, ctx.schemas).map((f) => (f.subject === 'operation' ? { ...f, subject } : f)));
  out.push(...compareRequestBodies(base, head, webhook, ctx.schemas, at).map((f) => ({ ...f, subject })));
  out.push(...compareResponses(base.responses, head.responses, webhook, ctx.schemas, at).map((f) => ({ ...f, subject })));
  return out;
}

/** What every parameter finding of one operation shares. */
interface ParameterSide {
  webhook: boolean;
  subject: 'operation' | 'webhook';
  /** `request-parameter` or `webhook-parameter`: how most of their check ids start. */
  prefix: string;
  scope: Scope;
  schemas: SchemaComparer;
}

function compareParameters(base: Operation, head: Operation, webhook: boolean, schemas: SchemaComparer): OperationFinding[] {
  const side: ParameterSide = {
    webhook,
    subject: webhook ? 'webhook' : 'operation',
    prefix: webhook ? 'webhook-parameter' : 'request-parameter',
    scope: { dir: webhook ? 'response' : 'request', where: 'parameter' },
    schemas,
  };
  const samePath = base.path.replace(/\{[^}]*\}/g, '{}') === head.path.replace(/\{[^}]*\}/g, '{}');
  const baseParams = baseParameters(base, head);
  const headParams = new Map(head.parameters.map((p) => [paramKey(p), p]));
  const out: OperationFinding[] = [];
  for (const [key, p] of baseParams) {
    const after = headParams.get(key);
    if (after) out.push(...parameterFlags(p, after, samePath, side), ...parameterSchema(p, after, side));
    // A path parameter only disappears with its path segment: reported as a move.
    else if (p.in !== 'path') out.push(parameterGone(p, head, baseParams, side));
  }
  for (const [key, p] of headParams) {
    if (baseParams.has(key) || p.in === 'path') continue;
    if (base.parameters.some((b) => b.in !== p.in && b.name.toLowerCase() === p.name.toLowerCase() && !headParams.has(paramKey(b)))) continue;
    const breaks = p.required && !webhook;
    out.push(
      parameterFinding(
        side,
        webhook ? 'webhook-parameter-added' : p.required ? 'new-required-request-parameter' : 'new-optional-request-parameter',
        breaks ? 'required-parameter-added' : 'parameter-added',
        p,
        breaks
          ? `New required ${p.in} parameter "${p.name}"; existing requests that do not send it will be rejected.`
          : `New ${p.required ? 'required' : 'optional'} ${p.in} parameter "${p.name}".`,
        parsePointer(p.pointer),
      ),
    );
  }
  return out;
}

/** Base's parameters by key, path parameters under head's names: they are matched by position, so renaming `{id}` to `{petId}` changes nothing on the wire. */
function baseParameters(base: Operation, head: Operation): Map<string, Parameter> {
  const basePath = pathParams(base.path);
  const headPath = pathParams(head.path);
  const renamed = new Map<string, string>();
  if (basePath.length === headPath.length) for (const [i, name] of basePath.entries()) renamed.set(name, headPath[i] ?? name);
  const baseParams = new Map<string, Parameter>();
  for (const p of base.parameters) {
    const name = p.in === 'path' ? (renamed.get(p.name) ?? p.name) : p.name;
    baseParams.set(paramKey({ in: p.in, name }), p);
  }
  return baseParams;
}

function parameterFinding(side: ParameterSide, id: string, kind: ChangeKind, p: Parameter, message: string, pointer?: readonly string[]): OperationFinding {
  return { id, kind, subject: side.subject, location: `parameter ${p.in}.${p.name}`, message, ...(pointer ? { pointer } : {}) };
}

const parameterWhat = (p: Parameter): string => `${capitalize(p.in)} parameter "${p.name}"`;

/** A parameter kept: its name in the path, whether it is required, how it is written and whether it is deprecated. */
function parameterFlags(p: Parameter, after: Parameter, samePath: boolean, side: ParameterSide): OperationFinding[] {
  const { webhook, prefix } = side;
  const at = parsePointer(after.pointer);
  const out: OperationFinding[] = [];
  const add = (id: string, kind: ChangeKind, message: string): void => {
    out.push(parameterFinding(side, id, kind, after, message, at));
  };
  const what = parameterWhat(after);
  // When the path itself changed, the move is the news; a rename inside it is not.
  if (p.in === 'path' && p.name !== after.name && samePath) {
    add(
      'request-path-parameter-renamed',
      'path-parameter-renamed',
      `Path parameter "${p.name}" was renamed to "${after.name}"; the URL clients call is unchanged.`,
    );
  }
  if (!p.required && after.required) {
    add(`${prefix}-became-required`, 'parameter-became-required', `${what} became required${webhook ? '.' : '; requests that leave it out will be rejected.'}`);
  } else if (p.required && !after.required) {
    add(`${prefix}-became-optional`, 'parameter-became-optional', `${what} became optional.`);
  }
  // A new style or explode that writes every value as before (model/wire.ts) changes nothing for clients.
  if (!sameWire(p, after)) {
    add(
      `${prefix}-style-changed`,
      'parameter-style-changed',
      `${what} changed serialization from ${serialization(p)} to ${serialization(after)}; values encoded the old way will be read differently.`,
    );
  }
  if (!p.deprecated && after.deprecated)
    add('request-parameter-deprecated', 'parameter-deprecated', `${what} is now deprecated; clients should stop sending it.`);
  else if (p.deprecated && !after.deprecated) add('request-parameter-reactivated', 'parameter-reactivated', `${what} is no longer deprecated.`);
  return out;
}

/** A parameter kept: its schema's changes, and a single value that became a list of such values. */
function parameterSchema(p: Parameter, after: Parameter, side: ParameterSide): OperationFinding[] {
  const { webhook, schemas, scope } = side;
  const at = parsePointer(after.pointer);
  const what = parameterWhat(after);
  // A form-exploded list of one is written as the single value was (`?tag=a`): a value that becomes a list of
  // such values still takes every request sent before, and its items are what the value is compared with.
  const listOfOne =
    !webhook && p.shape === 'scalar' && after.shape === 'array' && after.style === 'form' && after.explode && (after.in === 'query' || after.in === 'cookie');
  const items = listOfOne && after.schema ? schemas.flat(after.schema, 'head').items : undefined;
  const findings = items
    ? schemas.compare(p.schema, items, scope, [...at, 'schema', 'items'])
    : schemas.compare(p.schema, after.schema, scope, [...at, 'schema']);
  const out: OperationFinding[] = [];
  if (items) {
    // Safe only while the items take every value the single one took (oasdiff judges it so too).
    const narrowed = findings.some((f) => CATALOGUE.get(f.id)?.level !== 'info');
    out.push(
      parameterFinding(
        side,
        narrowed ? 'request-parameter-type-changed' : 'request-parameter-type-generalized',
        'type-changed',
        after,
        narrowed
          ? `${what} now takes a list whose items do not take every value sent before; those requests will be rejected.`
          : `${what} now takes a list; a single value sent before is still read as a list of one (form, exploded).`,
        [...at, 'schema'],
      ),
    );
  }
  out.push(
    ...fromSchema(findings, side.subject, `parameter ${after.in}.${after.name}`, (path) =>
      path ? `Field "${trimPath(path)}" of ${after.in} parameter "${after.name}"` : what,
    ),
  );
  return out;
}

/** A base parameter head has no longer: moved to another place (query, header, cookie) or removed. */
function parameterGone(p: Parameter, head: Operation, baseParams: Map<string, Parameter>, side: ParameterSide): OperationFinding {
  const { webhook, prefix } = side;
  const moved = head.parameters.find((h) => h.in !== p.in && h.name.toLowerCase() === p.name.toLowerCase() && !baseParams.has(paramKey(h)));
  if (moved) {
    return parameterFinding(
      side,
      `${prefix}-location-changed`,
      'parameter-location-changed',
      moved,
      `Parameter "${p.name}" moved from the ${p.in} to the ${moved.in}` +
        (webhook ? '.' : `; clients that still send it in the ${p.in} will not be understood.`),
      parsePointer(moved.pointer),
    );
  }
  // As oasdiff's request-parameter-removed: servers ignore parameters they do not know, so requests
  // still succeed, but the value no longer has an effect.
  const id = webhook ? 'webhook-parameter-removed' : p.deprecated ? 'request-parameter-removed-with-deprecation' : 'request-parameter-removed';
  return parameterFinding(
    side,
    id,
    'parameter-removed',
    p,
    webhook
      ? `${parameterWhat(p)} was removed; clients that read it will no longer get it.`
      : `${parameterWhat(p)} was removed${p.deprecated ? ' (it was deprecated)' : ''}; requests that still send it will succeed, but it will have no effect.`,
    [...parsePointer(head.pointer), 'parameters'],
  );
}

type BodyFinding = Omit<OperationFinding, 'subject'>;

function compareRequestBodies(base: Operation, head: Operation, webhook: boolean, schemas: SchemaComparer, at: string[]): BodyFinding[] {
  const b = base.requestBody;
  const h = head.requestBody;
  const noun = webhook ? 'payload' : 'request body';
  const location = noun;
  const prefix = webhook ? 'webhook-payload' : 'request-body';
  const pointer = [...at, 'requestBody'];
  if (!b && !h) return [];
  if (!b) {
    const breaks = h!.required && !webhook;
    return [
      {
        id: webhook ? 'webhook-payload-added' : h!.required ? 'request-body-added-required' : 'request-body-added-optional',
        kind: breaks ? 'required-request-body-added' : 'request-body-added',
        location,
        pointer,
        message: breaks
          ? 'A required request body was added; existing requests without one will be rejected.'
          : `A ${webhook ? 'payload' : 'optional request body'} was added.`,
      },
    ];
  }
  if (!h) {
    return [
      {
        id: `${prefix}-removed`,
        kind: 'request-body-removed',
        location,
        pointer: at,
        message: webhook
          ? 'The payload was removed; clients that read it will no longer get it.'
          : 'The request body was removed; clients that still send one may be rejected, and what they send no longer has an effect.',
      },
    ];
  }
  const out: BodyFinding[] = [];
  if (!b.required && h.required) {
    out.push({
      id: `${prefix}-became-required`,
      kind: 'request-body-became-required',
      location,
      pointer,
      message: `The ${noun} became required${webhook ? '.' : '; requests without one will be rejected.'}`,
    });
  } else if (b.required && !h.required) {
    out.push({ id: `${prefix}-became-optional`, kind: 'request-body-became-optional', location, pointer, message: `The ${noun} became optional.` });
  }
  out.push(
    ...compareContent(b.content, h.content, { dir: webhook ? 'response' : 'request', where: 'body' }, location, [...pointer, 'content'], schemas, {
      removed: (mt) => ({
        id: `${prefix}-media-type-removed`,
        kind: 'request-media-type-removed',
        message: webhook
          ? `The payload is no longer sent as ${mt}; clients that parse ${mt} will fail.`
          : `The request body no longer accepts ${mt}; clients that send ${mt} will be rejected.`,
      }),
      added: (mt) => ({ id: `${prefix}-media-type-added`, kind: 'request-media-type-added', message: `The ${noun} can now be sent as ${mt}.` }),
      schemaId: webhook ? 'response-body-media-type-schema' : 'request-body-media-type-schema',
      what: (path, suffix) => (path ? `${webhook ? 'Payload' : 'Request'} field "${trimPath(path)}"${suffix}` : `The ${noun}${suffix}`),
    }),
  );
  return out;
}

function compareResponses(base: Response[], head: Response[], webhook: boolean, schemas: SchemaComparer, at: string[]): BodyFinding[] {
  const out: BodyFinding[] = [];
  const hm = new Map(head.map((r) => [r.status.toUpperCase(), r]));
  const bm = new Map(base.map((r) => [r.status.toUpperCase(), r]));
  const dir = webhook ? 'request' : 'response';
  const status = (r: Response): string => (webhook ? 'webhook-reply' : SUCCESS.test(r.status) ? 'response-success-status' : 'response-non-success-status');
  for (const r of base) {
    const after = hm.get(r.status.toUpperCase());
    const location = `response ${r.status}`;
    if (!after) {
      // Removing a success response breaks clients that expect it; removing an error or `default`
      // response only stops documenting a failure, which clients already handle generically.
      const breaks = SUCCESS.test(r.status) && !webhook;
      out.push({
        id: `${status(r)}-removed`,
        kind: 'response-removed',
        location,
        pointer: [...at, 'responses'],
        message: breaks
          ? `The ${r.status} response was removed; clients that expect it will get a different status.`
          : `The ${r.status} response is no longer documented.`,
      });
      continue;
    }
    const pointer = [...at, 'responses', after.status];
    out.push(...compareHeaders(r, after, webhook, schemas, pointer));
    out.push(
      ...compareContent(r.content, after.content, { dir, where: 'body' }, `${location} body`, [...pointer, 'content'], schemas, {
        removed: (mt) => ({
          id: webhook ? 'webhook-reply-media-type-removed' : 'response-media-type-removed',
          kind: 'response-media-type-removed',
          message: `The ${r.status} response is no longer available as ${mt}${webhook ? '.' : `; clients that ask for ${mt} will not get it.`}`,
        }),
        added: (mt) => ({
          id: webhook ? 'webhook-reply-media-type-added' : 'response-media-type-added',
          kind: 'response-media-type-added',
          message: `The ${r.status} response is now also available as ${mt}.`,
        }),
        schemaId: webhook ? 'request-body-media-type-schema' : 'response-body-media-type-schema',
        what: (path, suffix) => (path ? `Field "${trimPath(path)}" of the ${r.status} response${suffix}` : `The ${r.status} response body${suffix}`),
      }),
    );
  }
  for (const r of head) {
    if (bm.has(r.status.toUpperCase())) continue;
    out.push({
      id: `${status(r)}-added`,
      kind: 'response-added',
      location: `response ${r.status}`,
      pointer: [...at, 'responses', r.status],
      message: `A ${r.status} response was added.`,
    });
  }
  return out;
}

function compareHeaders(r: Response, after: Response, webhook: boolean, schemas: SchemaComparer, pointer: string[]): BodyFinding[] {
  const out: BodyFinding[] = [];
  const hb = new Map(r.headers.map((x) => [x.name.toLowerCase(), x]));
  const ha = new Map(after.headers.map((x) => [x.name.toLowerCase(), x]));
  const location = `response ${r.status}`;
  const scope: Scope = { dir: webhook ? 'request' : 'response', where: 'header' };
  for (const [key, header] of hb) {
    const now = ha.get(key);
    const hLocation = `${location} header ${header.name}`;
    if (!now) {
      out.push({
        id: webhook ? 'webhook-reply-header-removed' : `${header.required ? 'required' : 'optional'}-response-header-removed`,
        kind: 'response-header-removed',
        location: hLocation,
        pointer: [...pointer, 'headers'],
        message: `The ${r.status} response no longer has the ${header.name} header${webhook ? '.' : header.required ? '; clients that read it will not get it.' : '; it was optional, but clients that read it will no longer get it.'}`,
      });
      continue;
    }
    const at = [...pointer, 'headers', now.name];
    if (!webhook && header.required !== now.required) {
      out.push({
        id: `response-header-became-${now.required ? 'required' : 'optional'}`,
        kind: now.required ? 'response-header-became-required' : 'response-header-became-optional',
        location: hLocation,
        pointer: [...at, 'required'],
        message: now.required
          ? `The ${now.name} header of the ${r.status} response is now always sent.`
          : `The ${now.name} header of the ${r.status} response became optional; clients that rely on it being present may fail.`,
      });
    }
    if (!webhook && header.deprecated !== now.deprecated) {
      out.push({
        id: `response-header-${now.deprecated ? 'deprecated' : 'reactivated'}`,
        kind: 'response-header-deprecated',
        location: hLocation,
        pointer: at,
        message: `The ${now.name} header of the ${r.status} response is ${now.deprecated ? 'now deprecated; clients should stop relying on it.' : 'no longer deprecated.'}`,
      });
    }
    const findings = schemas.compare(header.schema, now.schema, scope, [...at, 'schema']);
    out.push(
      ...fromSchema(findings, 'operation', hLocation, (path) =>
        path ? `Field "${trimPath(path)}" of the ${now.name} header` : `The ${now.name} header of the ${r.status} response`,
      ).map(({ subject: _s, ...f }) => f),
    );
  }
  for (const [key, header] of ha) {
    if (hb.has(key)) continue;
    out.push({
      id: webhook ? 'webhook-reply-header-added' : 'response-header-added',
      kind: 'response-header-added',
      location: `${location} header ${header.name}`,
      pointer: [...pointer, 'headers', header.name],
      message: `The ${r.status} response has a new header ${header.name}.`,
    });
  }
  return out;
}

interface ContentRules {
  removed: (mediaType: string) => Omit<BodyFinding, 'location'>;
  added: (mediaType: string) => Omit<BodyFinding, 'location'>;
  /** The check id of a schema appearing or going within a media type, without `-added`/`-removed`. */
  schemaId: string;
  /** Names a field (path relative to the body) in a sentence; `suffix` names the media type when there are several. */
  what: (path: string, suffix: string) => string;
}

function compareContent(
  base: MediaType[],
  head: MediaType[],
  scope: Scope,
  location: string,
  at: string[],
  schemas: SchemaComparer,
  rules: ContentRules,
): BodyFinding[] {
  const out: BodyFinding[] = [];
  const key = (m: MediaType): string => m.mediaType.toLowerCase();
  const hm = new Map(head.map((m) => [key(m), m]));
  const bm = new Map(base.map((m) => [key(m), m]));
  // Name the media type only when the body has several, to keep the common case short.
  const several = new Set([...hm.keys(), ...bm.keys()]).size > 1;
  for (const m of base) {
    const after = hm.get(key(m));
    if (!after) {
      out.push({ ...rules.removed(m.mediaType), location: `${location} (${m.mediaType})`, pointer: at });
      continue;
    }
    const where = several ? `${location} (${after.mediaType})` : location;
    const suffix = several ? ` (${after.mediaType})` : '';
    const pointer = [...at, after.mediaType];
    if (Boolean(m.schema) !== Boolean(after.schema)) {
      out.push({
        id: `${rules.schemaId}-${after.schema ? 'added' : 'removed'}`,
        kind: 'keyword-changed',
        location: where,
        pointer,
        message: `${rules.what('', suffix)} ${after.schema ? 'now has a schema; what was any value is now limited by it.' : 'no longer has a schema; any value may now be sent.'}`,
      });
      continue;
    }
    // JSON keeps a value's type; any other media type is read as text (oasdiff's strongly and loosely typed media).
    const json = /^application\/json$|\+json$/i.test(after.mediaType.split(';')[0]!.trim());
    const findings = schemas.compare(m.schema, after.schema, json ? scope : { ...scope, loose: true }, [...pointer, 'schema']);
    out.push(
      ...findings.map((f) => ({
        id: f.id,
        kind: f.kind,
        location: joinLocation(where, f.path),
        pointer: f.pointer,
        message: f.say(rules.what(f.path, suffix)),
      })),
    );
  }
  for (const m of head) {
    if (!bm.has(key(m))) out.push({ ...rules.added(m.mediaType), location: `${location} (${m.mediaType})`, pointer: [...at, m.mediaType] });
  }
  return out;
}
