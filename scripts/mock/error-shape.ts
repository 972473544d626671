// The API's own error shape for the mock's own errors: where a document
// declares an error response with a schema, an error the mock makes (no such
// path, a method not allowed, a bad body, missing credentials…) is that
// schema's example with the mock's reason in its message-like field, its code
// in a code-like one and the status in a status-like one, each only where the
// schema's type, enum and length allow it. Pure.
import { STATUS_CODES } from 'node:http';
import { mergeSchema, type SchemaLookup } from '../model/contract/schema-merge.ts';
import type { SchemaNode } from '../model/contract/types.ts';

export interface ErrorFacts {
  code: string;
  message: string;
  status: number;
}

type Rec = Record<string, unknown>;

/** Field names, lower case without `_` or `-`, in the order they are preferred. */
const MESSAGE = ['message', 'detail', 'details', 'errordescription', 'errormessage', 'description', 'msg', 'reason', 'error', 'title'];
const CODE = ['code', 'errorcode', 'error', 'type', 'key', 'name'];
const STATUS = ['status', 'statuscode', 'httpstatus', 'httpstatuscode', 'httpcode'];
/** Where an error is one level down: `{error: {code, message}}`. */
const NESTED = ['error', 'errors', 'fault'];

const norm = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

function set(target: Rec, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function accepts(schema: SchemaNode, value: string | number): boolean {
  const types = schema.type ?? [];
  const typeOk =
    types.length === 0 ||
    (typeof value === 'string' ? types.includes('string') : types.includes('integer') || types.includes('number') || types.includes('string'));
  if (!typeOk) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.const !== undefined && schema.const !== value) return false;
  if (typeof value === 'string' && schema.pattern !== undefined) return false;
  if (typeof value === 'string' && schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (typeof value === 'number' && ((schema.minimum !== undefined && value < schema.minimum) || (schema.maximum !== undefined && value > schema.maximum)))
    return false;
  return true;
}

/** A value of the field's type: text as is (cut to maxLength), a status as a number where it is one. */
function typed(schema: SchemaNode, value: string | number): string | number | undefined {
  const types = schema.type ?? [];
  let v: string | number = value;
  if (typeof v === 'number' && types.length > 0 && !types.includes('integer') && !types.includes('number')) v = String(v);
  if (typeof v === 'string' && schema.maxLength !== undefined && v.length > schema.maxLength) v = v.slice(0, schema.maxLength);
  return accepts(schema, v) ? v : undefined;
}

function fields(node: SchemaNode, lookup: SchemaLookup): Map<string, { name: string; schema: SchemaNode }> {
  const out = new Map<string, { name: string; schema: SchemaNode }>();
  for (const p of mergeSchema(node, lookup).properties ?? []) {
    const key = norm(p.name);
    if (!out.has(key)) out.set(key, { name: p.name, schema: mergeSchema(p.schema, lookup) });
  }
  return out;
}

function fillObject(target: Rec, schema: SchemaNode, lookup: SchemaLookup, facts: ErrorFacts): boolean {
  const known = fields(schema, lookup);
  const used = new Set<string>();
  const place = (names: string[], value: string | number, numeric: boolean): string | undefined => {
    for (const name of names) {
      const field = known.get(name);
      if (!field || used.has(name)) continue;
      const types = field.schema.type ?? [];
      // A code-like field that holds numbers takes the status; one that holds text, the code.
      const v = numeric && types.length > 0 && !types.includes('string') ? facts.status : value;
      const out = typed(field.schema, v);
      if (out === undefined) continue;
      set(target, field.name, out);
      used.add(name);
      return name;
    }
    return undefined;
  };
  const message = place(MESSAGE, facts.message, false);
  // RFC 9457 problem details: `detail` is the reason, `title` the status's short text.
  if (message === 'detail' && known.has('title') && !used.has('title')) place(['title'], STATUS_CODES[facts.status] ?? 'Error', false);
  place(STATUS, facts.status, false);
  place(
    CODE.filter((n) => n !== 'type' || !known.has('detail')),
    facts.code,
    true,
  );
  return message !== undefined;
}

/**
 * The declared error body for one of the mock's errors: the template (the response's
 * example) with the reason, code and status put where the schema has room for them.
 */
export function fillErrorBody(template: unknown, schema: SchemaNode, lookup: SchemaLookup, facts: ErrorFacts): unknown {
  const merged = mergeSchema(schema, lookup);
  if (!(merged.type?.includes('object') || merged.properties?.length)) return template;
  const body: Rec = template !== null && typeof template === 'object' && !Array.isArray(template) ? structuredClone(template as Rec) : {};
  if (fillObject(body, merged, lookup, facts)) return body;
  // No message field at the top: one level down, in an `error` object.
  for (const [key, field] of fields(merged, lookup)) {
    if (!NESTED.includes(key)) continue;
    const inner = mergeSchema(field.schema, lookup);
    if (inner.type?.includes('array') && inner.items) {
      const list = Array.isArray(body[field.name]) ? (body[field.name] as unknown[]) : [];
      const first = list[0] !== null && typeof list[0] === 'object' && !Array.isArray(list[0]) ? structuredClone(list[0] as Rec) : {};
      if (fillObject(first, inner.items, lookup, facts)) {
        set(body, field.name, [first]);
        break;
      }
    } else {
      const current = body[field.name];
      const nested = current !== null && typeof current === 'object' && !Array.isArray(current) ? structuredClone(current as Rec) : {};
      if (fillObject(nested, inner, lookup, facts)) {
        set(body, field.name, nested);
        break;
      }
    }
  }
  return body;
}
