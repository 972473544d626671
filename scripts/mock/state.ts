// Everything the mock needs to answer, built once from a document and
// swapped whole on reload: the router, and per operation its security
// check, its request checks (compiled on first call) and its prepared
// answers.
import type { BuildResult } from '../model/index.ts';
import type { ApiModel, Operation, SchemaEntry, SchemaNode } from '../model/contract/types.ts';
import { prepareAnswers, type PreparedResponse } from './answers.ts';
import { allOperations, mostDeclared } from './operation-errors.ts';
import { exposeHeaderList } from './cors.ts';
import { deprecationSignals } from './deprecation.ts';
import { LeftOutHeaders } from './header-values.ts';
import { Engine } from './engine.ts';
import type { EnginePool } from './engine-pool.ts';
import { readRequestSpec } from './request-checks.ts';
import { Router, type RouteMatch } from './router.ts';
import { SchemaCompiler } from './schemas.ts';
import { compileSecurity } from './security.ts';
import { inferResources, type Inference } from './stateful/infer.ts';
import { uncheckedPatterns } from './unchecked-patterns.ts';
import type { CredentialNames } from './recent.ts';
import type { MockOperation, MockState } from './state-types.ts';

function basePathsOf(model: ApiModel): string[] {
  const paths = new Set<string>();
  for (const server of [...model.servers, ...model.operations.flatMap((o) => o.servers)]) {
    let pathname: string;
    try {
      // Variables at their defaults (the model's), encoded as requests arrive.
      pathname = new URL(server.resolvedUrl, 'http://mock.invalid').pathname;
    } catch {
      continue;
    }
    pathname = pathname.replace(/\/+$/, '');
    if (pathname !== '' && pathname !== '/') paths.add(pathname);
  }
  // Longest first, so `/api/v1` is tried before `/api`.
  return [...paths].sort((a, b) => b.length - a.length);
}

/** The query parameters and cookies an operation's credentials travel in (none of its parameters' values). */
function credentialNames(op: Operation, model: ApiModel): { query: string[]; cookie: string[] } {
  const out = { query: [] as string[], cookie: [] as string[] };
  const used = new Set(op.security.flatMap((r) => r.schemes.map((s) => s.name)));
  for (const scheme of model.securitySchemes) {
    const credential = used.has(scheme.name) ? scheme.credential : undefined;
    if (credential?.in === 'query' || credential?.in === 'cookie') out[credential.in].push(credential.name);
  }
  return out;
}

/** Header and query names of every security scheme's credential, lower-case. */
function credentialsOf(model: ApiModel): CredentialNames {
  const headers = new Set<string>();
  const query = new Set<string>();
  for (const scheme of model.securitySchemes) {
    const c = scheme.credential;
    if (c?.in === 'header') headers.add(c.name.toLowerCase());
    else if (c?.in === 'query') query.add(c.name.toLowerCase());
  }
  return { headers, query };
}

export interface StateOptions {
  /** Find resources and answer their operations from records. */
  stateful?: boolean;
}

export function createState(result: Pick<BuildResult, 'model' | 'document' | 'files'>, site: string, pool: EnginePool, options: StateOptions = {}): MockState {
  const { model, document } = result;
  const schemas = new Map<string, SchemaNode>(model.schemas.map((s) => [s.name, s.schema]));
  const router = new Router<MockOperation>();
  const declaredHeaders = new Set<string>();
  const leftOut = new LeftOutHeaders();
  const byOperation = new Map<Operation, MockOperation>();
  for (const op of model.operations) {
    const signals = deprecationSignals(op, model.operations, site, leftOut);
    const unauthorized = op.responses.find((r) => r.status === '401');
    const declaredChallenge = unauthorized?.headers.find((h) => h.name.toLowerCase() === 'www-authenticate')?.example;
    const challenge = typeof declaredChallenge === 'string' ? leftOut.check(op, 'WWW-Authenticate', declaredChallenge) : undefined;
    const mock: MockOperation = {
      op,
      security: compileSecurity(op.security, model.securitySchemes, model.info.title, challenge),
      signals,
      answers: prepareAnswers(op, signals, leftOut),
      label: op.operationId ?? `${op.method.toUpperCase()} ${op.path}`,
    };
    byOperation.set(op, mock);
    router.add(op.path, op.method, mock);
    for (const r of op.responses) for (const h of r.headers) declaredHeaders.add(h.name);
  }
  // Follows a few hops, for a component that is only a reference to another.
  const resolve = (node: SchemaNode | undefined): SchemaNode | undefined => {
    for (let hops = 0; hops < 8 && node?.ref !== undefined; hops++) node = schemas.get(node.ref);
    return node;
  };
  let inference: Inference | undefined;
  if (options.stateful) {
    inference = inferResources(model);
    for (const resource of inference.resources) {
      for (const part of resource.operations) {
        const mock = byOperation.get(part.op);
        if (mock) mock.stateful = { resource, part };
      }
    }
  }
  const basePaths = basePathsOf(model);
  const compiler = new SchemaCompiler(document);
  const matchWithBase = (path: string): (RouteMatch<MockOperation> & { base?: string }) | undefined => {
    const found = router.match(path);
    if (found) return found;
    for (const base of basePaths) {
      if (path.startsWith(base) && path.charCodeAt(base.length) === 47 /* / */) {
        const inner = router.match(path.slice(base.length));
        if (inner) return { ...inner, base };
      }
    }
    return undefined;
  };
  const documentErrors = new Map<number, PreparedResponse | undefined>();
  let responses: SchemaCompiler | undefined;
  const state: MockState = {
    title: model.info.title,
    version: model.info.version,
    operationCount: model.operations.length,
    router,
    basePaths,
    expose: exposeHeaderList(declaredHeaders),
    model,
    document,
    files: result.files,
    compiler,
    responseCompiler: () => (responses ??= new SchemaCompiler(document, 'response')),
    engine: new Engine(document, pool),
    notices: [...uncheckedPatterns(document, model.operations), ...leftOut.lines],
    inference,
    lookup: new Map<string, SchemaEntry>(model.schemas.map((s) => [s.name, s])),
    credentials: credentialsOf(model),
    documentError(status) {
      if (!documentErrors.has(status)) documentErrors.set(status, mostDeclared(allOperations(state), status));
      return documentErrors.get(status);
    },
    requestSpec(mock) {
      return (mock.request ??= readRequestSpec(document, mock.op, resolve, credentialNames(mock.op, model)));
    },
    match(path) {
      const exact = matchWithBase(path);
      if (exact || path.length <= 1 || !path.endsWith('/')) return exact;
      // `/pets/` is `/pets` when the document declares no trailing slash; trimmed once, so a
      // path of thousands of slashes costs one pass, not one lookup per slash.
      let end = path.length;
      while (end > 1 && path.charCodeAt(end - 1) === 47 /* / */) end--;
      return matchWithBase(path.slice(0, end));
    },
  };
  return state;
}
