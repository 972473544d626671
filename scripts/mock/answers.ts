// Answers prepared once per document: for every response of every
// operation, the body of each example already serialized and the headers
// already listed, so answering a request is a lookup and a write. Only
// `Prefer: dynamic=true`, and responses with a schema but no example at all,
// need the engine at request time.
import { baseMediaType, bodyKind } from '../model/contract/media.ts';
import type { Header, MediaType, Operation, Response, SchemaNode } from '../model/contract/types.ts';
import type { DeprecationSignals } from './deprecation.ts';
import type { LeftOutHeaders } from './header-values.ts';

export interface Answer {
  status: number;
  /** Flat header list (`[name, value, name, value…]`) for `writeHead`; CORS and Link are added per request. */
  headers: string[];
  body: Buffer | undefined;
  /** No example exists: the body must be generated from the schema. */
  generate?: boolean;
}

export interface PreparedMedia {
  /** As declared, e.g. `application/json`. */
  type: string;
  /** Lower case, without parameters; `type/subtype` parts for matching Accept. */
  major: string;
  minor: string;
  /** Answers by example name, in document order. */
  examples: Map<string, Answer>;
  /** The answer sent when no example is asked for. */
  first: Answer;
}

export interface PreparedResponse {
  /** Key in the document: `200`, `4XX`, `default`. */
  key: string;
  status: number;
  media: PreparedMedia[];
  /** Answer when no content is declared or none can be negotiated (HEAD, 204). */
  bare: Answer;
  /** The media sent when the request states no preference. */
  preferred: PreparedMedia | undefined;
  /** Its first example is `{code, message, status}`: the mock may fill it with a precise message. */
  errorShaped: boolean;
  /** Its JSON media type's schema and first example: what the mock's own errors are shaped after. */
  json?: { type: string; schema: SchemaNode; example: unknown; headers: string[] };
}

export interface PreparedAnswers {
  responses: PreparedResponse[];
  primary: PreparedResponse | undefined;
  /** The answer for a request that asks for nothing in particular. */
  answer: Answer;
}

const SKIPPED_HEADERS = new Set(['content-type', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);
const SIGNAL_HEADERS = new Set(['deprecation', 'sunset', 'link']);

function statusOf(key: string, fallback = 200): number {
  if (/^[1-5]\d\d$/.test(key)) return Number(key);
  if (/^[1-5]xx$/i.test(key)) return Number(key[0]) * 100;
  return fallback;
}

/** A value as the body of the Content-Type sent: a string as is unless the type is JSON, anything else as JSON. */
export function serialize(value: unknown, type: string): Buffer | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && bodyKind(type) !== 'json') return Buffer.from(value);
  const text = JSON.stringify(value);
  return text === undefined ? undefined : Buffer.from(text);
}

/** Content-Type to send for a declared media type (a wildcard range is not a type). */
function contentTypeFor(type: string, value: unknown): string {
  if (!type.includes('*')) return type;
  return typeof value === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
}

function headerText(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
  return undefined;
}

function declaredHeaders(op: Operation, headers: Header[], signals: boolean, leftOut: LeftOutHeaders): string[] {
  const out: string[] = [];
  for (const h of headers) {
    const lower = h.name.toLowerCase();
    if (SKIPPED_HEADERS.has(lower) || (signals && SIGNAL_HEADERS.has(lower))) continue;
    // The model's sample: the declared example, else one from the schema (model/normalize/sample-value.ts).
    const text = headerText(h.sample?.value);
    if (text !== undefined && leftOut.check(op, h.name, text) !== undefined) out.push(h.name, text);
  }
  return out;
}

function isErrorShaped(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.message === 'string' && typeof v.status === 'number';
}

function prepareMedia(op: Operation, media: MediaType, status: number, common: string[], leftOut: LeftOutHeaders): PreparedMedia {
  const base = baseMediaType(media.mediaType);
  // A media type key that cannot be a header is answered as bytes.
  const sendable = (type: string) => leftOut.check(op, 'Content-Type', type) ?? 'application/octet-stream';
  const slash = base.indexOf('/');
  const examples = new Map<string, Answer>();
  for (const example of media.examples) {
    if (example.value === undefined || examples.has(example.name)) continue;
    const contentType = sendable(contentTypeFor(media.mediaType, example.value));
    const body = serialize(example.value, contentType);
    const headers = ['Content-Type', contentType, 'Content-Length', String(body?.length ?? 0), ...common];
    examples.set(example.name, { status, headers, body });
  }
  const first = examples.values().next().value ?? {
    status,
    headers: ['Content-Type', sendable(contentTypeFor(media.mediaType, {})), ...common],
    body: undefined,
    generate: media.schema !== undefined,
  };
  return { type: media.mediaType, major: base.slice(0, slash), minor: base.slice(slash + 1), examples, first };
}

/** The JSON media type as a Content-Type: a range is sent as `application/json`, an unsendable one as bytes. */
function sendableType(op: Operation, type: string, leftOut: LeftOutHeaders): string {
  if (type.includes('*')) return 'application/json';
  return leftOut.check(op, 'Content-Type', type) ?? 'application/octet-stream';
}

function prepareResponse(op: Operation, response: Response, signals: DeprecationSignals | undefined, leftOut: LeftOutHeaders): PreparedResponse {
  const status = statusOf(response.status);
  const common = [...declaredHeaders(op, response.headers, signals !== undefined, leftOut), 'Vary', 'Origin', ...(signals?.fixed ?? [])];
  const media = response.content.map((m) => prepareMedia(op, m, status, common, leftOut));
  const preferred = media.find((m) => m.major === '*' && m.minor === '*') ?? media.find((m) => m.major === 'application' && m.minor === 'json') ?? media[0];
  const jsonMedia = response.content.find((m) => bodyKind(m.mediaType) === 'json');
  const firstValue = jsonMedia?.examples[0]?.value;
  const prepared: PreparedResponse = {
    key: response.status,
    status,
    media,
    bare: { status, headers: ['Content-Length', '0', ...common], body: undefined },
    preferred,
    errorShaped: isErrorShaped(firstValue),
  };
  if (jsonMedia?.schema) {
    const type = sendableType(op, jsonMedia.mediaType, leftOut);
    prepared.json = { type, schema: jsonMedia.schema, example: firstValue, headers: common };
  }
  return prepared;
}

/** Prism's choice when nothing is asked for: the lowest 2XX, else `default` (as 200), else the first. */
function primaryOf(responses: PreparedResponse[]): PreparedResponse | undefined {
  const success = responses.filter((r) => /^2(\d\d|XX)$/i.test(r.key)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return success[0] ?? responses.find((r) => r.key === 'default') ?? responses[0];
}

export function prepareAnswers(op: Operation, signals: DeprecationSignals | undefined, leftOut: LeftOutHeaders): PreparedAnswers {
  // A 1xx is interim (a final answer must follow it): never one the mock can send as its answer.
  const responses = op.responses.filter((r) => !/^1/.test(r.status)).map((r) => prepareResponse(op, r, signals, leftOut));
  const primary = primaryOf(responses);
  const answer = primary
    ? (primary.preferred?.first ?? primary.bare)
    : { status: 200, headers: ['Content-Length', '0', 'Vary', 'Origin', ...(signals?.fixed ?? [])], body: undefined };
  return { responses, primary, answer };
}

/** The response a `Prefer: code=…` names: exact, then its range (`4XX`), then `default`. */
export function findResponse(answers: PreparedAnswers, code: string): PreparedResponse | undefined {
  return (
    answers.responses.find((r) => r.key === code) ??
    answers.responses.find((r) => r.key.toUpperCase() === `${code[0]}XX`) ??
    answers.responses.find((r) => r.key === 'default')
  );
}

interface AcceptRange {
  major: string;
  minor: string;
  q: number;
}

// Hand-written rather than `negotiator`: a response may declare a wildcard (`*/*`, `image/*`), which
// negotiator never offers, and ties go to document order, not to the order of the Accept header.
function parseAccept(accept: string): AcceptRange[] {
  const out: AcceptRange[] = [];
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';');
    const [major, minor] = range.trim().toLowerCase().split('/');
    if (!major || !minor) continue;
    let q = 1;
    for (const p of params) {
      const [k = '', v = ''] = p.split('=');
      if (k.trim().toLowerCase() === 'q') q = Number.parseFloat(v) || 0;
    }
    out.push({ major, minor, q });
  }
  return out;
}

/**
 * The declared media type that best fits Accept (highest q, then the most
 * specific range, then document order), undefined when the response has no
 * content, null when nothing declared is acceptable.
 */
export function negotiate(response: PreparedResponse, accept: string | undefined): PreparedMedia | undefined | null {
  if (response.media.length === 0) return undefined;
  if (accept === undefined || accept === '' || accept === '*/*') return response.preferred;
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return response.preferred;
  let best: PreparedMedia | null = null;
  let bestQ = 0;
  let bestSpecificity = -1;
  for (const media of response.media) {
    let q = -1;
    let specificity = -1;
    for (const r of ranges) {
      const s =
        r.major === media.major && r.minor === media.minor
          ? 2
          : r.major === media.major && r.minor === '*'
            ? 1
            : r.major === '*' || media.major === '*'
              ? 0
              : -1;
      if (s > specificity) {
        specificity = s;
        q = r.q;
      }
    }
    if (q > 0 && (q > bestQ || (q === bestQ && specificity > bestSpecificity))) {
      best = media;
      bestQ = q;
      bestSpecificity = specificity;
    }
  }
  return best;
}

/** The same answer under another status (a `4XX` or `default` response asked for with a precise code). */
export function withStatus(answer: Answer, status: number): Answer {
  return answer.status === status ? answer : { ...answer, status };
}
