// Answers of the real API kept as examples: `--proxy <url> --record <dir>` writes each answer
// (Recorder), one JSON file per operation (`createPet.json`, `undocumented.json`), and a later
// `--examples <dir>` serves them (RecordedAnswers) before the description's own examples: the
// same method and path (and query, when one was recorded with it) gets the recorded status,
// headers and body, after the request's checks; anything else is answered as without them. So a
// team captures a realistic dataset from a real server once and mocks with it.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { isJsonMediaType } from '../model/contract/media.ts';
import type { CredentialNames } from './recent.ts';
import type { MockOperation } from './state-types.ts';

export interface RecordedExchange {
  request: { method: string; path: string; query: string };
  status: number;
  headers: Record<string, string>;
  /** JSON, text, or base64 (`bodyEncoding`). */
  body?: unknown;
  bodyEncoding?: 'json' | 'text' | 'base64';
}

interface RecordedFile {
  operation: string;
  examples: RecordedExchange[];
}

/** What is recorded at most: answers per operation, and the size of one body. */
export const MAX_RECORDED_PER_OPERATION = 100;
export const MAX_RECORDED_BODY = 1024 * 1024;
/** What `--examples` reads at most, in all. */
const MAX_EXAMPLES_BYTES = 64 * 1024 * 1024;

/** Headers not worth replaying: the connection's, the date, and anything that sets or carries a credential. */
const NOT_RECORDED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
  'set-cookie',
  'authorization',
  'cookie',
  'age',
  'via',
]);

/** The request's path and its query without credentials, as answers are found by. */
function requestKey(method: string, url: string, credentials: CredentialNames): { method: string; path: string; query: string } {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query =
    q === -1
      ? ''
      : [...new URLSearchParams(url.slice(q + 1))]
          .filter(([name]) => !credentials.query.has(name.toLowerCase()))
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
          .join('&');
  return { method: method.toUpperCase(), path, query };
}

/** A file name from an operation's name: its safe characters (and a mark of the others, so two names never share one). */
function fileName(label: string): string {
  const safe = label.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
  return safe === label ? `${safe}.json` : `${safe}-${Buffer.from(label).toString('base64url').slice(-8)}.json`;
}

export class Recorder {
  private readonly dir: string;
  private readonly files = new Map<string, { file: RecordedFile; byKey: Map<string, number> }>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly log: (text: string) => void;
  recorded = 0;

  constructor(dir: string, log: (text: string) => void) {
    this.dir = dir;
    this.log = log;
    mkdirSync(dir, { recursive: true });
  }

  add(
    x: { method: string; url: string; credentials: CredentialNames },
    mock: MockOperation | undefined,
    status: number,
    headers: IncomingHttpHeaders,
    body: Buffer,
  ): void {
    if (body.length > MAX_RECORDED_BODY) return;
    const label = mock?.label ?? 'undocumented';
    const name = fileName(label);
    let held = this.files.get(name);
    if (!held) this.files.set(name, (held = { file: { operation: label, examples: [] }, byKey: new Map() }));
    const request = requestKey(x.method, x.url, x.credentials);
    const key = `${request.method} ${request.path}?${request.query}`;
    const kept: Record<string, string> = {};
    for (const [header, value] of Object.entries(headers)) if (value !== undefined && !NOT_RECORDED.has(header)) kept[header] = String(value);
    const exchange: RecordedExchange = { request, status, headers: kept, ...encodeBody(body, kept['content-type']) };
    const at = held.byKey.get(key);
    if (at !== undefined) held.file.examples[at] = exchange;
    else if (held.file.examples.length < MAX_RECORDED_PER_OPERATION) {
      held.byKey.set(key, held.file.examples.length);
      held.file.examples.push(exchange);
    } else return;
    this.recorded++;
    this.dirty.add(name);
    this.timer ??= setTimeout(() => this.flush(), 100);
  }

  /** Writes every changed file, each replaced whole (a reader never sees half of one). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const name of this.dirty) {
      const held = this.files.get(name);
      if (!held) continue;
      const path = join(this.dir, name);
      try {
        writeFileSync(`${path}.tmp`, `${JSON.stringify(held.file, null, 2)}\n`);
        renameSync(`${path}.tmp`, path);
      } catch (error) {
        this.log(`Recording to ${path} failed: ${(error as Error).message}`);
      }
    }
    this.dirty.clear();
  }
}

function encodeBody(body: Buffer, contentType: string | undefined): Pick<RecordedExchange, 'body' | 'bodyEncoding'> {
  if (body.length === 0) return {};
  const text = body.toString('utf8');
  if (contentType && isJsonMediaType(contentType.split(';')[0]!.trim().toLowerCase())) {
    try {
      return { body: JSON.parse(text), bodyEncoding: 'json' };
    } catch {
      // Kept as text.
    }
  }
  if (!text.includes('\uFFFD')) return { body: text, bodyEncoding: 'text' };
  return { body: body.toString('base64'), bodyEncoding: 'base64' };
}

/** A recorded answer as written to the client. */
export interface ReplayedAnswer {
  status: number;
  headers: string[];
  body: Buffer | undefined;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export class RecordedAnswers {
  private readonly exact = new Map<string, ReplayedAnswer>();
  private readonly byPath = new Map<string, ReplayedAnswer>();
  readonly count: number;

  /** Reads every `*.json` file of the folder; the problems met are returned as lines to print. */
  constructor(dir: string, problems: string[]) {
    let read = 0;
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    } catch (error) {
      problems.push(`--examples ${dir}: ${(error as Error).message}`);
    }
    for (const name of names.sort()) {
      const path = join(dir, name);
      try {
        read += statSync(path).size;
        if (read > MAX_EXAMPLES_BYTES) {
          problems.push(`--examples ${dir}: past ${MAX_EXAMPLES_BYTES / 1024 / 1024} MiB; ${name} and the files after it are not read.`);
          break;
        }
        const file = JSON.parse(readFileSync(path, 'utf8')) as RecordedFile;
        for (const exchange of Array.isArray(file.examples) ? file.examples : []) this.add(exchange);
      } catch (error) {
        problems.push(`--examples ${path}: ${(error as Error).message}`);
      }
    }
    this.count = this.exact.size;
  }

  private add(e: RecordedExchange): void {
    const method = typeof e?.request?.method === 'string' ? e.request.method.toUpperCase() : undefined;
    const path = e?.request?.path;
    if (!method || typeof path !== 'string' || !Number.isInteger(e.status) || e.status < 200 || e.status > 599) return;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(e.headers ?? {})) {
      if (HEADER_NAME.test(name) && typeof value === 'string' && HEADER_VALUE.test(value) && name.toLowerCase() !== 'content-length') headers.push(name, value);
    }
    const body =
      e.body === undefined
        ? undefined
        : e.bodyEncoding === 'json'
          ? Buffer.from(JSON.stringify(e.body))
          : e.bodyEncoding === 'base64'
            ? Buffer.from(String(e.body), 'base64')
            : Buffer.from(String(e.body));
    headers.push('Content-Length', String(body?.length ?? 0));
    const answer: ReplayedAnswer = { status: e.status, headers, body };
    this.exact.set(`${method} ${path}?${e.request.query ?? ''}`, answer);
    if (!this.byPath.has(`${method} ${path}`)) this.byPath.set(`${method} ${path}`, answer);
  }

  /** The answer recorded for this method, path and query; else for the method and path; else none. */
  find(method: string, url: string, credentials: CredentialNames): ReplayedAnswer | undefined {
    const key = requestKey(method === 'HEAD' ? 'GET' : method, url, credentials);
    return this.exact.get(`${key.method} ${key.path}?${key.query}`) ?? this.byPath.get(`${key.method} ${key.path}`);
  }
}
