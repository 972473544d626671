// Compares one operation (or webhook) with its counterpart: deprecation,
// security, parameters, request body and responses. For webhooks the API is
// the caller, so the directions swap: the payload is data clients read and
// their replies are data they send.
import { sameWire } from '../model/wire.ts';
import type { MediaType, Operation, Parameter, ParameterLocation, Response } from '../model/types.ts';
import type { Direction, Finding, SchemaComparer } from './schema.ts';
import { compareRequirements } from './security.ts';
import type { ChangeKind, ChangeLevel } from './types.ts';

/** A change inside an operation, before the operation's identity is attached. */
export interface OperationFinding {
  kind: ChangeKind;
  level: ChangeLevel;
  subject: 'operation' | 'webhook' | 'security';
  location?: string;
  message: string;
}

const STABILITY_RANK = { stable: 2, beta: 1, experimental: 0 } as const;
const SUCCESS = /^2(\d\d|XX)$/i;

export function operationLabel(op: Operation): string {
  return op.kind === 'webhook' ? `webhook ${op.path}` : `${op.method.toUpperCase()} ${op.path}`;
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

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

export function compareOperation(base: Operation, head: Operation, schemas: SchemaComparer): OperationFinding[] {
  const webhook = head.kind === 'webhook';
  const subject: 'operation' | 'webhook' = webhook ? 'webhook' : 'operation';
  const out: OperationFinding[] = [];
  const add = (kind: ChangeKind, level: ChangeLevel, message: string, location?: string): void => {
    out.push({ kind, level, subject, message, ...(location ? { location } : {}) });
  };
  const label = operationLabel(head);

  if (base.operationId !== head.operationId) {
    add(
      'operation-id-changed',
      base.operationId ? 'warning' : 'info',
      base.operationId
        ? `The operationId of ${label} changed from ${base.operationId} to ${head.operationId ?? 'nothing'}; code generated from the description will name the method differently.`
        : `${label} now has the operationId ${head.operationId}.`,
    );
  }
  if (!base.deprecated && head.deprecated) {
    const d = head.deprecation;
    const details = [
      d?.sunset ? `it is scheduled for removal on ${d.sunset}` : '',
      d?.replacedByOperationId ? `use ${d.replacedByOperationId} instead` : '',
    ].filter(Boolean);
    add(
      'operation-deprecated',
      'warning',
      `${capitalize(label)} is now deprecated${details.length ? `: ${details.join('; ')}` : ''}; it keeps working, but clients should move off it.`,
    );
  } else if (base.deprecated && !head.deprecated) {
    add('operation-undeprecated', 'info', `${capitalize(label)} is no longer deprecated.`);
  }
  if (base.stability !== head.stability) {
    const demoted = STABILITY_RANK[head.stability] < STABILITY_RANK[base.stability];
    add(
      'stability-changed',
      demoted ? 'warning' : 'info',
      `${capitalize(label)} changed stability from ${base.stability} to ${head.stability}${demoted ? '; it may now change without notice.' : '.'}`,
    );
  }
  if (!webhook) {
    for (const f of compareRequirements(base.security, head.security)) out.push({ ...f, subject: 'security', location: 'security' });
  }

  out.push(...compareParameters(base, head, webhook, schemas));
  out.push(...compareRequestBodies(base, head, webhook, schemas).map((f) => ({ ...f, subject })));
  out.push(...compareResponses(base.responses, head.responses, webhook, schemas).map((f) => ({ ...f, subject })));
  return out;
}

function compareParameters(base: Operation, head: Operation, webhook: boolean, schemas: SchemaComparer): OperationFinding[] {
  const subject: 'operation' | 'webhook' = webhook ? 'webhook' : 'operation';
  const dir: Direction = webhook ? 'response' : 'request';
  const out: OperationFinding[] = [];
  // Path parameters are matched by position: renaming `{id}` to `{petId}` changes nothing on the wire.
  const basePath = pathParams(base.path);
  const headPath = pathParams(head.path);
  const samePath = base.path.replace(/\{[^}]*\}/g, '{}') === head.path.replace(/\{[^}]*\}/g, '{}');
  const renamed = new Map<string, string>();
  if (basePath.length === headPath.length) for (const [i, name] of basePath.entries()) renamed.set(name, headPath[i] ?? name);
  const baseParams = new Map<string, Parameter>();
  for (const p of base.parameters) {
    const name = p.in === 'path' ? (renamed.get(p.name) ?? p.name) : p.name;
    baseParams.set(paramKey({ in: p.in, name }), p);
  }
  const headParams = new Map(head.parameters.map((p) => [paramKey(p), p]));
  const add = (kind: ChangeKind, level: ChangeLevel, p: Parameter, message: string): void => {
    out.push({ kind, level, subject, location: `parameter ${p.in}.${p.name}`, message });
  };
  const what = (p: Parameter): string => `${capitalize(p.in)} parameter "${p.name}"`;

  for (const [key, p] of baseParams) {
    const after = headParams.get(key);
    if (after) {
      // When the path itself changed, the move is the news; a rename inside it is not.
      if (p.in === 'path' && p.name !== after.name && samePath) {
        add('path-parameter-renamed', 'info', after, `Path parameter "${p.name}" was renamed to "${after.name}"; the URL clients call is unchanged.`);
      }
      if (!p.required && after.required) {
        add(
          'parameter-became-required',
          webhook ? 'info' : 'breaking',
          after,
          `${what(after)} became required${webhook ? '.' : '; requests that leave it out will be rejected.'}`,
        );
      } else if (p.required && !after.required) {
        add('parameter-became-optional', 'info', after, `${what(after)} became optional.`);
      }
      // A new style or explode that writes every value as before (model/wire.ts) changes nothing for clients.
      if (!sameWire(p, after)) {
        add(
          'parameter-style-changed',
          webhook ? 'warning' : 'breaking',
          after,
          `${what(after)} changed serialization from ${serialization(p)} to ${serialization(after)}; values encoded the old way will be read differently.`,
        );
      }
      if (!p.deprecated && after.deprecated) add('parameter-deprecated', 'info', after, `${what(after)} is now deprecated.`);
      const findings = schemas.compare(p.schema, after.schema, dir, true);
      out.push(
        ...toOperationFindings(findings, subject, `parameter ${after.in}.${after.name}`, (path) =>
          path ? `Field "${trimPath(path)}" of ${after.in} parameter "${after.name}"` : what(after),
        ),
      );
      continue;
    }
    if (p.in === 'path') continue; // A path parameter only disappears with its path segment: reported as a move.
    const moved = head.parameters.find((h) => h.in !== p.in && h.name.toLowerCase() === p.name.toLowerCase() && !baseParams.has(paramKey(h)));
    if (moved) {
      add(
        'parameter-location-changed',
        webhook ? 'warning' : 'breaking',
        moved,
        `Parameter "${p.name}" moved from the ${p.in} to the ${moved.in}` +
          (webhook ? '.' : `; clients that still send it in the ${p.in} will not be understood.`),
      );
      continue;
    }
    // Policy (as oasdiff's request-parameter-removed): a warning, not breaking. Servers ignore
    // parameters they do not know, so requests still succeed, but the value no longer has an effect.
    add(
      'parameter-removed',
      'warning',
      p,
      webhook
        ? `${what(p)} was removed; clients that read it will no longer get it.`
        : `${what(p)} was removed; requests that still send it will succeed, but it will have no effect.`,
    );
  }
  for (const [key, p] of headParams) {
    if (baseParams.has(key) || p.in === 'path') continue;
    if (base.parameters.some((b) => b.in !== p.in && b.name.toLowerCase() === p.name.toLowerCase() && !headParams.has(paramKey(b)))) continue;
    const breaks = p.required && !webhook;
    add(
      breaks ? 'required-parameter-added' : 'parameter-added',
      breaks ? 'breaking' : 'info',
      p,
      breaks
        ? `New required ${p.in} parameter "${p.name}"; existing requests that do not send it will be rejected.`
        : `New ${p.required ? 'required' : 'optional'} ${p.in} parameter "${p.name}".`,
    );
  }
  return out;
}

type BodyFinding = Omit<OperationFinding, 'subject'>;

function compareRequestBodies(base: Operation, head: Operation, webhook: boolean, schemas: SchemaComparer): BodyFinding[] {
  const b = base.requestBody;
  const h = head.requestBody;
  const noun = webhook ? 'payload' : 'request body';
  const location = webhook ? 'payload' : 'request body';
  if (!b && !h) return [];
  if (!b) {
    const breaks = h!.required && !webhook;
    return [
      {
        kind: breaks ? 'required-request-body-added' : 'request-body-added',
        level: breaks ? 'breaking' : 'info',
        location,
        message: breaks
          ? `A required request body was added; existing requests without one will be rejected.`
          : `A ${webhook ? 'payload' : 'optional request body'} was added.`,
      },
    ];
  }
  if (!h) {
    return [
      {
        kind: 'request-body-removed',
        level: 'warning',
        location,
        message: webhook
          ? `The payload was removed; clients that read it will no longer get it.`
          : `The request body was removed; the server will ignore a body if clients still send one.`,
      },
    ];
  }
  const out: BodyFinding[] = [];
  if (!b.required && h.required) {
    out.push({
      kind: 'request-body-became-required',
      level: webhook ? 'info' : 'breaking',
      location,
      message: `The ${noun} became required${webhook ? '.' : '; requests without one will be rejected.'}`,
    });
  } else if (b.required && !h.required) {
    out.push({ kind: 'request-body-became-optional', level: 'info', location, message: `The ${noun} became optional.` });
  }
  out.push(
    ...compareContent(
      b.content,
      h.content,
      webhook ? 'response' : 'request',
      location,
      {
        removed: (mt) => ({
          kind: 'request-media-type-removed',
          level: 'breaking',
          message: webhook
            ? `The payload is no longer sent as ${mt}; clients that parse ${mt} will fail.`
            : `The request body no longer accepts ${mt}; clients that send ${mt} will be rejected.`,
        }),
        added: (mt) => ({ kind: 'request-media-type-added', level: 'info', message: `The ${noun} can now be sent as ${mt}.` }),
        what: (path, suffix) => (path ? `${webhook ? 'Payload' : 'Request'} field "${trimPath(path)}"${suffix}` : `The ${noun}${suffix}`),
      },
      schemas,
    ),
  );
  return out;
}

function compareResponses(base: Response[], head: Response[], webhook: boolean, schemas: SchemaComparer): BodyFinding[] {
  const out: BodyFinding[] = [];
  const hm = new Map(head.map((r) => [r.status.toUpperCase(), r]));
  const bm = new Map(base.map((r) => [r.status.toUpperCase(), r]));
  const dir: Direction = webhook ? 'request' : 'response';
  for (const r of base) {
    const after = hm.get(r.status.toUpperCase());
    const location = `response ${r.status}`;
    if (!after) {
      // Policy: removing a success response breaks clients that expect it; removing an error or
      // `default` response only stops documenting a failure, which clients already handle generically.
      const breaks = SUCCESS.test(r.status) && !webhook;
      out.push({
        kind: 'response-removed',
        level: breaks ? 'breaking' : 'info',
        location,
        message: breaks
          ? `The ${r.status} response was removed; clients that expect it will get a different status.`
          : `The ${r.status} response is no longer documented.`,
      });
      continue;
    }
    const hb = new Map(r.headers.map((x) => [x.name.toLowerCase(), x]));
    const ha = new Map(after.headers.map((x) => [x.name.toLowerCase(), x]));
    for (const [key, header] of hb) {
      const now = ha.get(key);
      const hLocation = `${location} header ${header.name}`;
      if (!now) {
        out.push({
          kind: 'response-header-removed',
          level: webhook ? 'info' : 'breaking',
          location: hLocation,
          message: `The ${r.status} response no longer has the ${header.name} header${webhook ? '.' : '; clients that read it will not get it.'}`,
        });
        continue;
      }
      const findings = schemas.compare(header.schema, now.schema, dir, true);
      out.push(
        ...findings.map((f) => ({
          kind: f.kind,
          level: f.level,
          location: joinLocation(hLocation, f.path),
          message: f.say(f.path ? `Field "${trimPath(f.path)}" of the ${now.name} header` : `The ${now.name} header of the ${r.status} response`),
        })),
      );
    }
    for (const [key, header] of ha) {
      if (!hb.has(key)) {
        out.push({
          kind: 'response-header-added',
          level: 'info',
          location: `${location} header ${header.name}`,
          message: `The ${r.status} response has a new header ${header.name}.`,
        });
      }
    }
    out.push(
      ...compareContent(
        r.content,
        after.content,
        dir,
        `${location} body`,
        {
          removed: (mt) => ({
            kind: 'response-media-type-removed',
            level: webhook ? 'info' : 'breaking',
            message: `The ${r.status} response is no longer available as ${mt}${webhook ? '.' : `; clients that ask for ${mt} will not get it.`}`,
          }),
          added: (mt) => ({ kind: 'response-media-type-added', level: 'info', message: `The ${r.status} response is now also available as ${mt}.` }),
          what: (path, suffix) => (path ? `Field "${trimPath(path)}" of the ${r.status} response${suffix}` : `The ${r.status} response body${suffix}`),
        },
        schemas,
      ),
    );
  }
  for (const r of head) {
    if (bm.has(r.status.toUpperCase())) continue;
    out.push({ kind: 'response-added', level: 'info', location: `response ${r.status}`, message: `A ${r.status} response was added.` });
  }
  return out;
}

interface ContentRules {
  removed: (mediaType: string) => Omit<BodyFinding, 'location'>;
  added: (mediaType: string) => Omit<BodyFinding, 'location'>;
  /** Names a field (path relative to the body) in a sentence; `suffix` names the media type when there are several. */
  what: (path: string, suffix: string) => string;
}

function compareContent(base: MediaType[], head: MediaType[], dir: Direction, location: string, rules: ContentRules, schemas: SchemaComparer): BodyFinding[] {
  const out: BodyFinding[] = [];
  const key = (m: MediaType): string => m.mediaType.toLowerCase();
  const hm = new Map(head.map((m) => [key(m), m]));
  const bm = new Map(base.map((m) => [key(m), m]));
  // Name the media type only when the body has several, to keep the common case short.
  const several = new Set([...hm.keys(), ...bm.keys()]).size > 1;
  for (const m of base) {
    const after = hm.get(key(m));
    if (!after) {
      out.push({ ...rules.removed(m.mediaType), location: `${location} (${m.mediaType})` });
      continue;
    }
    const where = several ? `${location} (${after.mediaType})` : location;
    const suffix = several ? ` (${after.mediaType})` : '';
    const findings = schemas.compare(m.schema, after.schema, dir, true);
    out.push(...findings.map((f) => ({ kind: f.kind, level: f.level, location: joinLocation(where, f.path), message: f.say(rules.what(f.path, suffix)) })));
  }
  for (const m of head) {
    if (!bm.has(key(m))) out.push({ ...rules.added(m.mediaType), location: `${location} (${m.mediaType})` });
  }
  return out;
}

function trimPath(path: string): string {
  return path.startsWith('.') ? path.slice(1) : path;
}

export function joinLocation(location: string, path: string): string {
  return path ? `${location} ${path}` : location;
}

function toOperationFindings(findings: Finding[], subject: 'operation' | 'webhook', location: string, what: (path: string) => string): OperationFinding[] {
  return findings.map((f) => ({ kind: f.kind, level: f.level, subject, location: joinLocation(location, f.path), message: f.say(what(f.path)) }));
}
