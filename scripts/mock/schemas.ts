// Request schemas compiled with ajv, lazily: nothing is compiled until an
// operation is first called, so a document with a thousand operations starts
// as fast as a small one. OpenAPI 3.0 schemas are first rewritten into the
// JSON Schema ajv understands (`nullable`, boolean `exclusiveMinimum`); 3.1
// schemas already are JSON Schema 2020-12. Every `$ref` becomes a schema of
// its own, registered once, so recursive schemas and shared components cost
// one compilation each; the reference itself becomes the mock's own keyword
// (check-run.ts), which checks a value against a referenced schema once per
// request however many branches lead there, and counts the work.
import type { ValidateFunction, ErrorObject } from 'ajv';
import { isObject } from '../model/document/deref.ts';
import { resolveRef, type OpenApiDocument } from '../model/document/document.ts';
import { linearPattern } from '../model/contract/linear-pattern.ts';
import { createAjv, type AjvLike } from './ajv-instance.ts';
import { REF_KEYWORD } from './check-run.ts';
import { discriminated } from './discriminator.ts';
import { uniqueItemsKeyword } from './unique-items.ts';

export type { ErrorObject, ValidateFunction };

/** A compiled request schema: checked here, or by a check worker from its bundle (check-pool.ts). */
export interface Validator {
  validate: ValidateFunction;
  coerce: boolean;
  /** Names the schema among every compiler's (the check workers keep what they compiled by it). */
  key: string;
  /** The schema and every schema it references, converted, for a check worker to compile as it is compiled here. */
  bundle(): CheckBundle;
}

export interface CheckBundle {
  is30: boolean;
  coerce: boolean;
  root: object;
  /** Referenced schemas by the id the keyword names them with, each already carrying it as `$id`. */
  refs: [string, object][];
}

/** Tells the schemas of one compiler (one version of a document) from another's. */
let compilers = 0;

/** Keywords that say nothing about validity; dropped to keep compiled code small. */
const ANNOTATIONS = new Set([
  'example',
  'examples',
  'xml',
  'externalDocs',
  'discriminator',
  'deprecated',
  'description',
  'title',
  '$schema',
  '$id',
  '$anchor',
  '$comment',
  '$dynamicAnchor',
  '$dynamicRef',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
]);
const SUBSCHEMA = new Set([
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
]);
const SUBSCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose subschemas apply to the same value as the schema itself (not to a field or an item). */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_ONE = ['not', 'if', 'then', 'else'] as const;
const IN_PLACE = new Set<string>([...IN_PLACE_LISTS, ...IN_PLACE_ONE, 'dependentSchemas']);

export class SchemaCompiler {
  private readonly document: OpenApiDocument;
  private readonly is30: boolean;
  private readonly refIds = new Map<string, string>();
  /** Copies of referenced schemas whose evaluated fields and items an `unevaluated*` keyword reads (see `reference`). */
  private readonly trackedIds = new Map<string, string>();
  /** Components whose in-place references have been followed (`open` while being followed). */
  private readonly inPlace = new Map<string, 'open' | 'done'>();
  /** `$ref` nodes that lead back, at the same value, to a schema that contains them (A all of B, B all of A). */
  private readonly loops = new WeakSet<object>();
  /** Converted schemas of the references, by id, as registered with ajv. */
  private readonly byId = new Map<string, object>();
  private readonly name = `c${++compilers}`;
  private plain?: AjvLike;
  private coercing?: AjvLike;
  private counter = 0;
  private compiled = 0;

  /** Requests may leave out what the server fills (readOnly); answers what only clients send (writeOnly). */
  private readonly serverOnly: 'readOnly' | 'writeOnly';

  constructor(document: OpenApiDocument, direction: 'request' | 'response' = 'request') {
    this.document = document;
    this.is30 = String(document.openapi).startsWith('3.0');
    this.serverOnly = direction === 'request' ? 'readOnly' : 'writeOnly';
  }

  /**
   * A validator for a request schema, or undefined when the schema cannot be
   * compiled (an exotic regex, say): such requests are then not checked
   * rather than failed. `coerce` turns strings into the numbers and booleans
   * the schema expects, as parameters arrive as text.
   */
  compile(schema: unknown, coerce: boolean): Validator | undefined {
    try {
      const ajv = this.ajv(coerce);
      const root = this.wrap(this.convert(schema));
      const refs = this.reachable(root);
      // Referenced schemas compile when first followed; compiled now, one that cannot fails this schema, not a request.
      for (const id of refs) ajv.getSchema(id);
      // A schema that is only a reference (most bodies: `$ref: Pet`) is the referenced schema's validator itself.
      const only = Object.keys(root).length === 1 ? (root as Record<string, unknown>)[REF_KEYWORD] : undefined;
      const validate = (typeof only === 'string' && ajv.getSchema(only)) || ajv.compile(root);
      const { is30, byId } = this;
      return {
        validate,
        coerce,
        key: `${this.name}:${++this.compiled}`,
        bundle: () => ({ is30, coerce, root, refs: refs.map((id) => [id, byId.get(id) as object]) }),
      };
    } catch {
      return undefined;
    }
  }

  private ajv(coerce: boolean): AjvLike {
    if (coerce) return (this.coercing ??= this.createAjv(true));
    return (this.plain ??= this.createAjv(false));
  }

  private createAjv(coerce: boolean): AjvLike {
    const ajv = createAjv(this.is30, coerce);
    // Refs already registered on the other instance are registered here too.
    for (const [id, schema] of this.byId) ajv.addSchema(schema, id);
    return ajv;
  }

  /** Ids of the schemas a converted schema references, directly or through others. */
  private reachable(root: object): string[] {
    const found = new Set<string>();
    const stack: unknown[] = [root];
    while (stack.length > 0) {
      const node = stack.pop();
      if (Array.isArray(node)) for (const item of node) stack.push(item);
      else if (isObject(node)) {
        const id = node[REF_KEYWORD] ?? node.$ref;
        // The walk also goes through data (`enum`, `const`): only an id this compiler gave counts.
        if (typeof id === 'string' && this.byId.has(id) && !found.has(id)) {
          found.add(id);
          stack.push(this.byId.get(id));
        }
        for (const [key, value] of Object.entries(node)) if (key !== REF_KEYWORD && typeof value === 'object') stack.push(value);
      }
    }
    return [...found];
  }

  private instances(): AjvLike[] {
    return [this.plain, this.coercing].filter((a): a is AjvLike => a !== undefined);
  }

  /** Ajv wants an object schema; 3.1 also allows `true`/`false`. */
  private wrap(schema: unknown, id?: string): object {
    const base = isObject(schema) ? { ...schema } : { allOf: [schema ?? {}] };
    return id ? { ...base, $id: id } : base;
  }

  /**
   * A reference as the converted schema writes it: the mock's keyword, or, where `unevaluatedProperties`
   * or `unevaluatedItems` must see what the referenced schema evaluated, ajv's own `$ref` to a copy of
   * the target converted the same way (ajv tracks evaluation through `$ref` only). That copy's in-place
   * references are `$ref`s too, and only they: a field's or an item's schema is the keyword's again.
   */
  private reference(ref: string, tracked: boolean): Record<string, string> {
    return tracked ? { $ref: this.refId(ref, true) } : { [REF_KEYWORD]: this.refId(ref, false) };
  }

  private refId(ref: string, tracked: boolean): string {
    const ids = tracked ? this.trackedIds : this.refIds;
    const known = ids.get(ref);
    if (known) return known;
    const id = `https://schemas.mock.invalid/${++this.counter}`;
    // Named before converting, so a schema that refers to itself finds its own id.
    ids.set(ref, id);
    this.markLoops(ref);
    const converted = this.convert(this.target(ref), tracked);
    const schema = this.wrap(converted, id);
    this.byId.set(id, schema);
    for (const ajv of this.instances()) ajv.addSchema(schema, id);
    return id;
  }

  private target(ref: string): unknown {
    return resolveRef(this.document, ref) ?? {};
  }

  /**
   * Finds the references that close a loop at one value (A all of B, B all of A, S all of S):
   * ajv would follow them forever. Each such reference then checks nothing more, since the
   * schema it leads back to is already being applied to that value. Depth first over the
   * in-place references only: recursion through a field or an item ends with the data.
   */
  private markLoops(ref: string): void {
    if (this.inPlace.has(ref)) return;
    this.inPlace.set(ref, 'open');
    for (const node of this.inPlaceRefs(this.target(ref), [])) {
      const state = this.inPlace.get(node.$ref as string);
      if (state === 'open') this.loops.add(node);
      else if (state === undefined) this.markLoops(node.$ref as string);
    }
    this.inPlace.set(ref, 'done');
  }

  private inPlaceRefs(node: unknown, out: Record<string, unknown>[]): Record<string, unknown>[] {
    if (!isObject(node)) return out;
    if (typeof node.$ref === 'string') {
      out.push(node);
      if (this.is30) return out;
    }
    for (const key of IN_PLACE_LISTS) if (Array.isArray(node[key])) for (const member of node[key]) this.inPlaceRefs(member, out);
    for (const key of IN_PLACE_ONE) this.inPlaceRefs(node[key], out);
    if (isObject(node.dependentSchemas)) for (const member of Object.values(node.dependentSchemas)) this.inPlaceRefs(member, out);
    return out;
  }

  /** `tracked`: an `unevaluated*` keyword applied to the same value reads what this schema evaluates. */
  private convert(node: unknown, tracked = false): unknown {
    if (Array.isArray(node)) return node.map((n) => this.convert(n, tracked));
    if (!isObject(node)) return node;
    const loop = this.loops.has(node);
    // 3.0's JSON Schema has no `unevaluated*` keywords.
    const track = tracked || (!this.is30 && ('unevaluatedProperties' in node || 'unevaluatedItems' in node));
    if (typeof node.$ref === 'string' && this.is30) {
      const ref = loop ? {} : this.reference(node.$ref, false);
      // In 3.0 a $ref's siblings are ignored, except the common (if irregular) `nullable`.
      return node.nullable === true ? { anyOf: [{ type: 'null' }, ref] } : ref;
    }
    // A discriminator chooses the branch to check (discriminator.ts).
    const chosen = discriminated(node);
    if (chosen) return this.convert(chosen, tracked);
    const out: Record<string, unknown> = {};
    let skipAdditional = false;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref') {
        if (!loop) Object.assign(out, this.reference(value, track));
      } else if (ANNOTATIONS.has(key) || key.startsWith('x-') || key === 'nullable') continue;
      else if (SUBSCHEMA.has(key)) out[key] = this.convert(value, track && IN_PLACE.has(key));
      else if (SUBSCHEMA_LISTS.has(key)) out[key] = Array.isArray(value) ? value.map((v) => this.convert(v, track && IN_PLACE.has(key))) : value;
      else if (key === 'uniqueItems') {
        // ajv's own check compares items pairwise; this one is linear (unique-items.ts).
        if (value === true) out[uniqueItemsKeyword.keyword] = true;
      } else if (key === 'pattern') {
        // A pattern RE2 cannot express is left unchecked (the mock says so when it starts).
        if (typeof value !== 'string' || linearPattern(value).ok) out.pattern = value;
      } else if (key === 'patternProperties' && isObject(value)) {
        const entries = Object.entries(value);
        const kept = entries.filter(([pattern]) => linearPattern(pattern).ok);
        out.patternProperties = Object.fromEntries(kept.map(([k, v]) => [k, this.convert(v)]));
        // Fields an unchecked pattern would have covered are not refused as unknown either.
        if (kept.length < entries.length) skipAdditional = true;
      } else if (SUBSCHEMA_MAPS.has(key) && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.convert(v, track && IN_PLACE.has(key))]));
      } else if (key === 'items') {
        if (Array.isArray(value)) out[this.is30 ? 'items' : 'prefixItems'] = value.map((v) => this.convert(v));
        else out.items = this.convert(value);
      } else if (key === 'required' && Array.isArray(value)) {
        // A read-only property is the server's to fill: a request may leave it out (and an answer a write-only one).
        const properties = isObject(node.properties) ? node.properties : {};
        out.required = value.filter((name) => !(typeof name === 'string' && Object.hasOwn(properties, name) && this.isOneWay(properties[name])));
      } else out[key] = value;
    }
    if (skipAdditional) {
      delete out.additionalProperties;
      delete out.unevaluatedProperties;
    }
    protoProperty(out);
    if (this.is30) {
      for (const [flag, bound] of [
        ['exclusiveMinimum', 'minimum'],
        ['exclusiveMaximum', 'maximum'],
      ] as const) {
        if (typeof node[flag] !== 'boolean') continue;
        delete out[flag];
        if (node[flag] === true && typeof node[bound] === 'number') {
          out[flag] = node[bound];
          delete out[bound];
        }
      }
      if (node.nullable === true) {
        if (typeof out.type === 'string') {
          out.type = [out.type, 'null'];
          if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
        } else if (out.type === undefined) {
          return { anyOf: [{ type: 'null' }, out] };
        }
      }
    }
    return out;
  }

  private isOneWay(schema: unknown): boolean {
    let node = schema;
    for (let hops = 0; hops < 8 && isObject(node) && typeof node.$ref === 'string'; hops++) {
      node = resolveRef(this.document, node.$ref);
    }
    return isObject(node) && node[this.serverOnly] === true;
  }
}

/**
 * ajv skips a property named `__proto__` (it guards its own objects against it), so the
 * check of such a field moves to `patternProperties`, which ajv applies to every own key.
 */
function protoProperty(out: Record<string, unknown>): void {
  const properties = out.properties;
  if (!isObject(properties) || !Object.hasOwn(properties, '__proto__')) return;
  const { __proto__: schema, ...rest } = properties;
  out.properties = rest;
  out.patternProperties = { ...(isObject(out.patternProperties) ? out.patternProperties : {}), '^__proto__$': schema };
}

/** `body.name is required`, `query.limit must be <= 100`: the first problem, named by where it is. */
export function describeError(error: ErrorObject, root: string): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('');
  const where = `${root}${path}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${where}.${String(params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${where}.${String(params.additionalProperty)} is not allowed`;
    case 'enum':
      return `${where} must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${where} must be ${JSON.stringify(params.allowedValue)}`;
    case 'type':
      return `${where} must be ${String(params.type).replace(/,/g, ' or ')}`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}
