// A request written from the model alone: parameters as JSON values by the one wire rule
// (wire.ts), credentials where their schemes say (credential.ts). The MCP server sends its tool
// calls this way, and the example request the home page and the terminal show for the mock is
// written by it: the operation's written samples, a stand-in secret the mock accepts. The try-it
// panel, its Send and the code samples write theirs by requestParts too, from what the reader
// typed (site/src/scripts/try-it/request.ts): one builder of requests. Pure, no Node.
import { credentialValue } from './credential.ts';
import type { Credential, Operation, SecurityScheme } from './types.ts';
import { encodeComponent, serializeCookie, serializeHeader, serializePath, serializeQuery, type WireParameter, type WireValue } from './wire.ts';

export interface RequestParts {
  /** The path template with each given path parameter written in. */
  path: string;
  /** Query pairs, encoded (`name=value`). */
  query: string[];
  /** Headers as sent; the cookies joined in one `Cookie` header, last. */
  headers: [string, string][];
}

/** A parameter as the wire rule writes it; one described by `content` carries its media type. */
export type RequestParameter = WireParameter & { mediaType?: string };

/** Headers and cookies the caller adds after the parameters and credentials, as given. */
export interface ExtraParts {
  headers?: [string, string][];
  /** Name and value; the value is encoded as a cookie parameter's is. */
  cookies?: [string, string][];
}

export interface AppliedCredential {
  credential: Credential;
  /** The whole value, in the credential's form (`Bearer …`). */
  value: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A JSON value as the text, list or fields the wire rule writes. */
function wireValue(p: RequestParameter, value: unknown): [WireParameter, WireValue] {
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

/** The parameters' values (JSON), the credentials and the caller's extras written into a path, query pairs and headers. */
export function requestParts(
  pathTemplate: string,
  values: [RequestParameter, unknown][],
  credentials: AppliedCredential[],
  extras: ExtraParts = {},
): RequestParts {
  let path = pathTemplate;
  const query: string[] = [];
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  for (const [parameter, json] of values) {
    const [p, value] = wireValue(parameter, json);
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
  headers.push(...(extras.headers ?? []));
  for (const [name, value] of extras.cookies ?? []) cookies.push(`${name}=${encodeComponent(value)}`);
  if (cookies.length > 0) headers.push(['Cookie', cookies.join('; ')]);
  return { path, query, headers };
}

/** The credentials of the operation's first security requirement with this secret; none when it may be called without. */
function exampleCredentials(op: Operation, schemes: SecurityScheme[], secret: string): AppliedCredential[] {
  // An empty requirement (`{}`) among the alternatives means the operation can be called without any.
  const first = op.security[0];
  if (!first || op.security.some((r) => r.schemes.length === 0)) return [];
  return first.schemes.flatMap(({ name }) => {
    const credential = schemes.find((s) => s.name === name)?.credential;
    if (!credential?.name) return [];
    // Basic takes a user name and password: `user` and the secret.
    const value = credentialValue(credential, credential.form === 'basic' ? { username: 'user', password: secret } : secret);
    return [{ credential, value }];
  });
}

export interface ExampleRequest {
  method: string;
  /** Path and query: path parameters from their written samples (`%7Bname%7D` when none is written), required query parameters likewise. */
  path: string;
  /** The credential the operation asks for, with the secret given. */
  headers: [string, string][];
}

/** The operation's documented request with a stand-in secret: what a reader can send to the mock as it is. */
export function exampleRequest(op: Operation, schemes: SecurityScheme[], secret: string): ExampleRequest {
  // Values someone wrote (an example, a default, an enum's first): a generated one would say nothing.
  const written = op.parameters.filter((p) => (p.in === 'path' || (p.in === 'query' && p.required)) && p.sample && !p.sample.generated);
  const parts = requestParts(
    op.path,
    written.map((p) => [p, p.sample?.value]),
    exampleCredentials(op, schemes, secret),
  );
  const query = parts.query.length > 0 ? `?${parts.query.join('&')}` : '';
  // A path parameter nobody wrote a value for stays visible, encoded: a shell's curl reads braces as a glob.
  const path = parts.path.replace(/\{([^{}]*)\}/g, '%7B$1%7D');
  return { method: op.method.toUpperCase(), path: path + query, headers: parts.headers };
}
