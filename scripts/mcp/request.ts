// A tool call's arguments as the HTTP request they stand for: parameters and credentials written by
// the model's one request builder (model/contract/example-request.ts, which the try-it panel writes
// by too), the body in its media type's form (model/contract/media.ts). Arguments are JSON values,
// so they go in as they are; the panel first turns the text typed in a field into such values.
import { bodyKind } from '../model/contract/media.ts';
import type { Parameter } from '../model/contract/types.ts';
import { type AppliedCredential, requestParts } from '../model/contract/example-request.ts';
import type { ToolPlan } from './tools.ts';

export interface HttpRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string | FormData;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

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
  const values = plan.parameters.filter(({ arg }) => args[arg] !== undefined).map(({ arg, parameter }): [Parameter, unknown] => [parameter, args[arg]]);
  const { path, query, headers } = requestParts(plan.operation.path, values, credentials);
  const sent = body(plan, args);
  if (sent?.mediaType) headers.push(['Content-Type', sent.mediaType]);
  const url = `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  return { method: plan.operation.method.toUpperCase(), url, headers, ...(sent ? { body: sent.body } : {}) };
}
