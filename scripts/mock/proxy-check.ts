// An answer of the real API (`--proxy`) checked against the description, as Prism's proxy does:
// its status is declared (exactly, by its class, or by `default`), its declared headers are
// there when required and match their schemas, its media type is one the response declares,
// and a JSON body matches the schema (the first failing value, by its JSON pointer). Each
// mismatch is a Problem (recent.ts) for the log, the journal and the summary on exit. The body's
// check runs as the mock's request checks do: linear in the value, bounded, off the answering
// thread past a small share (check-pool.ts).
import type { IncomingHttpHeaders } from 'node:http';
import { isObject } from '../model/document/deref.ts';
import { followRefs, operationObject } from '../model/document/document.ts';
import { baseMediaType, isJsonMediaType } from '../model/contract/media.ts';
import type { Operation, Response } from '../model/contract/types.ts';
import type { CheckPool } from './check-pool.ts';
import type { Problem } from './recent.ts';
import { describeError, type SchemaCompiler, type Validator } from './schemas.ts';
import type { MockState } from './state-types.ts';

/** The declared response for a status: exact, its class (`4XX`), then `default`. */
export function declaredResponse(op: Operation, status: number): Response | undefined {
  const code = String(status);
  return (
    op.responses.find((r) => r.status === code) ??
    op.responses.find((r) => r.status.toUpperCase() === `${code[0]}XX`) ??
    op.responses.find((r) => r.status === 'default')
  );
}

/** The response object as written (its `$ref` followed), for the schemas ajv checks with. */
function rawResponse(state: MockState, op: Operation, key: string): Record<string, unknown> | undefined {
  const responses = operationObject(state.document, op)?.responses as Record<string, unknown> | undefined;
  const raw = responses && Object.hasOwn(responses, key) ? followRefs(state.document, responses[key]) : undefined;
  return isObject(raw) ? raw : undefined;
}

/** Validators by compiler (one per version), by schema as written, by header name (`''` for a body). */
const validators = new WeakMap<SchemaCompiler, Map<unknown, Map<string, Validator | undefined>>>();

/**
 * The validator of an answer's body schema (`header` unset) or of a header's, compiled once per
 * schema of a version: a compile generates code and ajv keeps each one, so compiling per relayed
 * answer cost time and memory with every request.
 */
export function answerValidator(compiler: SchemaCompiler, schema: unknown, header?: string): Validator | undefined {
  let bySchema = validators.get(compiler);
  if (!bySchema) validators.set(compiler, (bySchema = new Map()));
  let byName = bySchema.get(schema);
  if (!byName) bySchema.set(schema, (byName = new Map()));
  const name = header ?? '';
  if (!byName.has(name)) {
    // A header's value is text: checked as a property of an object, coerced as parameters are.
    const compiled = header === undefined ? compiler.compile(schema, false) : compiler.compile({ type: 'object', properties: { [header]: schema } }, true);
    byName.set(name, compiled);
  }
  return byName.get(name);
}

/** A header's schema, as ajv sees it, against its value: the first problem, or none. */
async function headerProblem(state: MockState, checks: CheckPool, name: string, schema: unknown, value: string): Promise<string | undefined> {
  const validator = answerValidator(state.responseCompiler(), schema, name);
  if (!validator) return undefined;
  const result = await checks.check(validator, { [name]: value }, 'The body');
  if (result.kind === 'limit') return result.message;
  if (result.kind === 'invalid') return describeError(result.error, '');
  return undefined;
}

/** JSON pointer of an ajv error's value, `required` and `additionalProperties` pointing at the field named. */
function pointerOf(error: { instancePath: string; keyword: string; params: Record<string, unknown> }): string {
  const field =
    error.keyword === 'required' ? error.params.missingProperty : error.keyword === 'additionalProperties' ? error.params.additionalProperty : undefined;
  return typeof field === 'string' ? `${error.instancePath}/${field.replace(/~/g, '~0').replace(/\//g, '~1')}` : error.instancePath;
}

export interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as received, or undefined when it was too large to check. */
  body: Buffer | undefined;
}

/** Every way the answer differs from what the operation declares. */
export async function checkAnswer(state: MockState, checks: CheckPool, op: Operation, answer: UpstreamAnswer): Promise<Problem[]> {
  const response = declaredResponse(op, answer.status);
  if (!response) {
    const declared = op.responses.map((r) => r.status).join(', ') || 'none';
    return [{ in: 'status', message: `${answer.status} is not declared for this operation (declared: ${declared})` }];
  }
  const problems: Problem[] = [];
  const raw = rawResponse(state, op, response.status);
  const rawHeaders = isObject(raw?.headers) ? raw.headers : {};
  for (const header of response.headers) {
    const lower = header.name.toLowerCase();
    if (lower === 'content-type') continue;
    const value = answer.headers[lower];
    if (value === undefined) {
      if (header.required) problems.push({ in: 'header', at: header.name, message: 'is required but missing' });
      continue;
    }
    const declared = followRefs(state.document, rawHeaders[header.name]);
    const schema = isObject(declared) ? declared.schema : undefined;
    if (schema === undefined) continue;
    const problem = await headerProblem(state, checks, header.name, schema, String(value));
    if (problem) problems.push({ in: 'header', at: header.name, message: problem.replace(/^\.?[^ ]+ /, '') });
  }
  const hasBody = answer.body === undefined || answer.body.length > 0;
  if (response.content.length === 0) {
    if (hasBody && answer.status !== 204 && answer.status !== 304)
      problems.push({ in: 'body', at: '', message: 'the response declares no body, but one was sent' });
    return problems;
  }
  if (!hasBody) return problems;
  const contentType = String(answer.headers['content-type'] ?? '');
  const type = baseMediaType(contentType);
  const declaredTypes = response.content.map((m) => baseMediaType(m.mediaType));
  const media =
    response.content.find((m) => baseMediaType(m.mediaType) === type) ??
    (isJsonMediaType(type) ? response.content.find((m) => baseMediaType(m.mediaType) === 'application/json') : undefined) ??
    response.content.find((m) => m.mediaType === `${type.split('/')[0]}/*` || m.mediaType === '*/*');
  if (!media) {
    problems.push({ in: 'header', at: 'Content-Type', message: `${contentType || '(none)'} is not declared (declared: ${declaredTypes.join(', ')})` });
    return problems;
  }
  if (answer.body === undefined || !isJsonMediaType(type)) return problems;
  let value: unknown;
  try {
    value = JSON.parse(answer.body.toString('utf8'));
  } catch {
    problems.push({ in: 'body', at: '', message: 'is not valid JSON' });
    return problems;
  }
  const rawContent = isObject(raw?.content) ? raw.content : {};
  const rawMedia = followRefs(state.document, rawContent[media.mediaType]);
  const schema = isObject(rawMedia) ? rawMedia.schema : undefined;
  if (schema === undefined) return problems;
  const validator = answerValidator(state.responseCompiler(), schema);
  if (!validator) return problems;
  const result = await checks.check(validator, value, 'The body');
  if (result.kind === 'limit') problems.push({ in: 'body', at: '', message: result.message });
  else if (result.kind === 'invalid') {
    problems.push({ in: 'body', at: pointerOf(result.error), message: describeError(result.error, 'body') });
  }
  return problems;
}
