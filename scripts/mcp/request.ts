// A tool call's arguments as the HTTP request they stand for: each parameter written by the model's
// one wire rule (model/contract/wire.ts, as the try-it panel and the mock write and read them), the body in
// its media type's form (model/contract/media.ts), the credentials where their schemes say. Written here
// rather than through the try-it panel's builder, which reads values as the text typed in a field:
// arguments are JSON values, an array's items kept apart whatever they hold.
import { bodyKind } from '../model/contract/media.ts';
import type { Parameter } from '../model/contract/types.ts';
import {
  encodeComponent,
  serializeCookie,
  serializeHeader,
  serializePath,
  serializeQuery,
  type WireParameter,
  type WireValue,
} from '../model/contract/wire.ts';
import type { AppliedCredential } from './auth.ts';
import type { ToolPlan } from './tools.ts';

export interface HttpRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string | FormData;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A JSON value as the text, list or fields the wire rule writes. */
function wireValue(p: Parameter, value: unknown): [WireParameter, WireValue] {
  // A parameter described by `content` travels as one text: its JSON, for a JSON media type.
  if (p.mediaType) return [{ ...p, shape: 'scalar' }, text(value)];
  if (p.shape === 'array') return [p, Array.isArray(value) ? value.map(text) : [text(value)]];
  if (p.shape === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return [p, Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v)]))];
  }
  return [{ ...p, shape: 'scalar' }, text(value)];
}

/** A path segment that would read as `.` or `..` (and so move up the path) keeps its dots encoded. */
const segment = (written: string): string => (/^\.{1,2}$/.test(written) ? written.replace(/\./g, '%2E') : written);

function body(plan: ToolPlan, args: Record<string, unknown>): { mediaType: string; body: string | FormData } | undefined {
  const spec = plan.body;
  if (!spec || args[spec.arg] === undefined) return undefined;
  const chosen = spec.contentTypeArg ? spec.media.find((m) => m.mediaType === args[spec.contentTypeArg as string]) : undefined;
  const media = chosen ?? spec.media[0];
  if (!media) return undefined;
  const value = args[spec.arg];
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
  switch (bodyKind(media.mediaType, media.schema)) {
    case 'json':
      return { mediaType: media.mediaType, body: JSON.stringify(value) };
    case 'form':
      return {
        mediaType: media.mediaType,
        body: new URLSearchParams(fields.flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => [k, text(item)]))).toString(),
      };
    case 'multipart': {
      const form = new FormData();
      for (const [k, v] of fields) for (const item of Array.isArray(v) ? v : [v]) form.append(k, text(item));
      // fetch writes multipart's Content-Type itself, with its boundary.
      return { mediaType: '', body: form };
    }
    default:
      return { mediaType: media.mediaType, body: text(value) };
  }
}

export function buildHttpRequest(plan: ToolPlan, args: Record<string, unknown>, base: string, credentials: AppliedCredential[]): HttpRequest {
  let path = plan.operation.path;
  const query: string[] = [];
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  for (const { arg, parameter } of plan.parameters) {
    if (args[arg] === undefined) continue;
    const [p, value] = wireValue(parameter, args[arg]);
    if (p.in === 'path') path = path.split(`{${p.name}}`).join(segment(serializePath(p, value)));
    else if (p.in === 'query') query.push(...serializeQuery(p, value));
    else if (p.in === 'header') headers.push([p.name, serializeHeader(p, value)]);
    else cookies.push(...serializeCookie(p, value));
  }
  for (const { credential, value } of credentials) {
    if (credential.in === 'query') query.push(`${encodeComponent(credential.name)}=${encodeComponent(value)}`);
    else if (credential.in === 'cookie') cookies.push(`${credential.name}=${encodeComponent(value)}`);
    else headers.push([credential.name, value]);
  }
  if (cookies.length > 0) headers.push(['Cookie', cookies.join('; ')]);
  const sent = body(plan, args);
  if (sent?.mediaType) headers.push(['Content-Type', sent.mediaType]);
  const url = `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  return { method: plan.operation.method.toUpperCase(), url, headers, ...(sent ? { body: sent.body } : {}) };
}
