// Which operations of an API form resources, inferred from its paths and
// schemas: a collection path (`/pets`: GET lists, POST creates) and its item
// paths (`/pets/{petId}`: GET reads, PUT replaces, PATCH updates, DELETE
// removes), grouped by the record schema they share, so an item path that
// does not sit under its collection (`/pets/records/{petId}`) still joins it.
// `x-mock-resource` (extension.ts) corrects what this gets wrong. Pure: the
// model in, resources and problems out.
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../../diagnostics.ts';
import { isJsonMediaType } from '../../model/contract/media.ts';
import { mergeSchema, resolveRef, type SchemaLookup } from '../../model/contract/schema-merge.ts';
import type { ApiModel, MediaType, Operation, Parameter, SchemaEntry, SchemaNode } from '../../model/contract/types.ts';
import { DeclaredFields } from './declared-fields.ts';
import { readResourceHint, type ResourceHint } from './extension.ts';
import { detectPaging, PAGING_NAMES } from './paging-params.ts';
import type { Filter, IdKind, IdSpec, ListSpec, ParentLink, Rec, Resource, ResourceOperation, Role } from './types.ts';

export interface Inference {
  resources: Resource[];
  /** Operations that looked like part of a resource but could not be one, with the reason. */
  skipped: { op: Operation; reason: string }[];
  problems: Diagnostic[];
}

const LAST_PARAM = /\/\{([^{}/]+)\}$/;
/** Where a list answer wrapped in an object usually keeps its records. */
const ARRAY_FIELDS = ['data', 'items', 'results', 'records', 'content', 'values', 'entries', 'list', 'elements'];

interface Candidate {
  op: Operation;
  role: Role;
  hint: ResourceHint | undefined;
  /** Record schema this operation reads or writes, when it says. */
  record: SchemaNode | undefined;
  recordName: string | undefined;
  idParam: string | undefined;
  scopeParams: string[];
  /** The path the operation's records live under, parameters unnamed: `/users/{}/posts`. */
  key: string;
  list?: { arrayPath: string[]; example: unknown };
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1] ?? '');
}

function unnamed(path: string): string {
  return path.replace(/\{[^{}/]+\}/g, '{}');
}

function jsonMedia(content: MediaType[]): MediaType | undefined {
  return content.find((m) => isJsonMediaType(m.mediaType)) ?? content.find((m) => m.mediaType === '*/*' || m.mediaType === 'application/*');
}

/** The lowest 2xx response and its JSON media type. */
function success(op: Operation): { status: string; media: MediaType | undefined } | undefined {
  const found = op.responses.filter((r) => /^2(\d\d|XX)$/i.test(r.status)).sort((a, b) => (a.status < b.status ? -1 : 1))[0];
  return found ? { status: found.status, media: jsonMedia(found.content) } : undefined;
}

function refName(node: SchemaNode | undefined, lookup: SchemaLookup): string | undefined {
  let name: string | undefined;
  const seen = new Set<string>();
  while (node?.ref && !seen.has(node.ref)) {
    seen.add(node.ref);
    name = node.ref;
    node = lookup.get(node.ref)?.schema;
  }
  return name;
}

function isObjectSchema(node: SchemaNode | undefined, lookup: SchemaLookup): boolean {
  if (!node) return false;
  const merged = mergeSchema(node, lookup);
  return merged.type?.includes('object') === true || (merged.properties?.length ?? 0) > 0;
}

function isArraySchema(node: SchemaNode, lookup: SchemaLookup): SchemaNode | undefined {
  const merged = mergeSchema(node, lookup);
  if (merged.type?.includes('array') || merged.items) return merged.items ?? {};
  return undefined;
}

/**
 * Every schema a field is declared with in a node: its own properties and those of every `allOf`
 * member, references followed. A wrapper (`allOf: [Collection, {properties: {data: {items: Station}}}]`)
 * declares `data` twice, and a value must satisfy both: the item is a Station, not the first part's
 * bare object, which the wire merge (first declaration wins) would keep.
 */
function fieldSchemas(node: SchemaNode, name: string, lookup: SchemaLookup, seen = new Set<string>()): SchemaNode[] {
  if (node.ref) {
    if (seen.has(node.ref)) return [];
    seen.add(node.ref);
    const target = lookup.get(node.ref)?.schema;
    return target ? fieldSchemas(target, name, lookup, seen) : [];
  }
  const own = node.properties?.filter((p) => p.name === name).map((p) => p.schema) ?? [];
  return [...own, ...(node.allOf ?? []).flatMap((member) => fieldSchemas(member, name, lookup, seen))];
}

/** Items declared several times are all of them; a component among them names the record. */
function combinedItems(all: SchemaNode[], lookup: SchemaLookup): { items: SchemaNode; name: string | undefined } {
  const named = all.map((s) => refName(s, lookup)).filter((n): n is string => n !== undefined);
  const items = all.length === 1 ? all[0]! : { allOf: all };
  return { items, name: named.at(-1) };
}

/** Where a list answer's records are: the answer itself, or one array field of it. */
function listShape(node: SchemaNode, lookup: SchemaLookup): { arrayPath: string[]; items: SchemaNode; name: string | undefined } | undefined {
  const items = isArraySchema(node, lookup);
  if (items) return { arrayPath: [], items, name: refName(items, lookup) };
  const merged = mergeSchema(node, lookup);
  const arrays = (merged.properties ?? []).filter((p) => isArraySchema(p.schema, lookup));
  const field = arrays.find((p) => ARRAY_FIELDS.includes(p.name.toLowerCase())) ?? (arrays.length === 1 ? arrays[0] : undefined);
  if (!field) return undefined;
  const declared = fieldSchemas(node, field.name, lookup)
    .map((s) => isArraySchema(s, lookup))
    .filter((s): s is SchemaNode => s !== undefined);
  return { arrayPath: [field.name], ...combinedItems(declared.length > 0 ? declared : [isArraySchema(field.schema, lookup)!], lookup) };
}

function inferredRole(op: Operation, item: boolean): Role | undefined {
  if (item) return ({ get: 'read', put: 'replace', patch: 'update', delete: 'delete' } as const)[op.method as 'get'];
  return ({ get: 'list', post: 'create' } as const)[op.method as 'get'];
}

function bodyMedia(op: Operation): MediaType | undefined {
  const content = op.requestBody?.content ?? [];
  return jsonMedia(content) ?? content.find((m) => m.mediaType.toLowerCase().startsWith('application/x-www-form-urlencoded'));
}

/** An operation as part of a resource, or the reason it cannot be one. */
function candidate(op: Operation, hint: ResourceHint | undefined, lookup: SchemaLookup): Candidate | string {
  const last = LAST_PARAM.exec(op.path);
  const role = hint?.role ?? inferredRole(op, last !== null);
  if (!role) return `a ${op.method.toUpperCase()} on ${last ? 'an item' : 'a collection'} path is none of a resource's operations`;
  const item = role === 'read' || role === 'replace' || role === 'update' || role === 'delete';
  const params = pathParams(op.path);
  const idParam = item ? (hint?.idParam ?? last?.[1]) : undefined;
  if (item && (!idParam || !params.includes(idParam))) return 'its path has no parameter for the id';
  const scopeParams = params.filter((p) => p !== idParam);
  const parent = item && idParam ? op.path.slice(0, op.path.lastIndexOf(`/{${idParam}}`)) || '/' : op.path;
  const base: Omit<Candidate, 'record' | 'recordName'> = { op, role, hint, idParam, scopeParams, key: unnamed(parent) };
  const answer = success(op);
  const answered = answer?.media?.schema;
  if (role === 'list') {
    const shape = answered ? listShape(answered, lookup) : undefined;
    if (!shape) return 'its answer is not a list';
    const record = isObjectSchema(shape.items, lookup) ? shape.items : undefined;
    return { ...base, record, recordName: shape.name, list: { arrayPath: shape.arrayPath, example: answer?.media?.examples[0]?.value } };
  }
  if (role === 'create' || role === 'replace' || role === 'update') {
    const body = bodyMedia(op);
    if (!body?.schema || !isObjectSchema(body.schema, lookup)) return 'its body is not a JSON or form object';
    if (answered && isObjectSchema(answered, lookup)) {
      // A body and an answer with no field in common (credentials in, a token out) is not a record being written.
      const sent = new Set((mergeSchema(body.schema, lookup).properties ?? []).map((p) => p.name));
      const kept = (mergeSchema(answered, lookup).properties ?? []).map((p) => p.name);
      if (sent.size > 0 && kept.length > 0 && !kept.some((name) => sent.has(name))) return 'its body and its answer share no field';
      return { ...base, record: answered, recordName: refName(answered, lookup) };
    }
    return { ...base, record: role === 'create' ? body.schema : undefined, recordName: undefined };
  }
  if (role === 'read') {
    if (!answered || !isObjectSchema(answered, lookup)) return 'its answer is not a JSON object';
    return { ...base, record: answered, recordName: refName(answered, lookup) };
  }
  return { ...base, record: undefined, recordName: undefined };
}

function idKind(node: SchemaNode | undefined, lookup: SchemaLookup): IdKind {
  const merged = node ? mergeSchema(node, lookup) : {};
  if (merged.type?.includes('integer') || merged.type?.includes('number')) return 'integer';
  if (merged.type?.includes('string')) return merged.format === 'uuid' ? 'uuid' : 'string';
  return 'integer';
}

const normalized = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

function idField(record: SchemaNode, idParam: string | undefined, hinted: string | undefined, lookup: SchemaLookup): string | undefined {
  const names = (mergeSchema(record, lookup).properties ?? []).map((p) => p.name);
  if (hinted) return hinted;
  if (idParam && names.includes(idParam)) return idParam;
  if (names.includes('id')) return 'id';
  if (idParam) {
    const match = names.find((n) => normalized(n) === normalized(idParam));
    if (match) return match;
  }
  return names.find((n) => /^(uu)?id$|_id$|Id$/.test(n) && n !== idParam);
}

function parameter(op: Operation, name: string, location: Parameter['in']): Parameter | undefined {
  return op.parameters.find((p) => p.name === name && p.in === location);
}

function listSpec(c: Candidate, record: SchemaNode, lookup: SchemaLookup): ListSpec {
  const fields = new Set((mergeSchema(record, lookup).properties ?? []).map((p) => p.name));
  const query = c.op.parameters.filter((p) => p.in === 'query');
  const paging = detectPaging(query, lookup);
  const pagingNames = new Set(paging ? Object.values(paging).flatMap((v) => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? [v.name] : [])) : []);
  const filters: Filter[] = [];
  for (const p of query) {
    if (pagingNames.has(p.name) || !fields.has(p.name) || PAGING_NAMES.has(normalized(p.name))) continue;
    const many = p.schema ? isArraySchema(p.schema, lookup) !== undefined : false;
    filters.push({ param: p.name, field: p.name, many, commaSeparated: many && !p.explode });
  }
  const example = c.list?.example;
  const template = c.list && c.list.arrayPath.length > 0 && example && typeof example === 'object' && !Array.isArray(example) ? (example as Rec) : undefined;
  return { filters, paging, arrayPath: c.list?.arrayPath ?? [], template };
}

/** Example values of the records: declared first, generated only when nothing is declared. */
function exampleRecords(cs: Candidate[], field: string | undefined): Rec[] {
  const declared: unknown[] = [];
  const generated: unknown[] = [];
  const add = (value: unknown, isGenerated: boolean, list: string[] | undefined) => {
    let values: unknown[] = [value];
    if (list) {
      let node = value;
      for (const key of list) node = node && typeof node === 'object' ? (node as Rec)[key] : undefined;
      values = Array.isArray(node) ? node : [];
    }
    (isGenerated ? generated : declared).push(...values);
  };
  const order: Role[] = ['list', 'read', 'create', 'replace', 'update'];
  for (const role of order) {
    for (const c of cs.filter((x) => x.role === role)) {
      const media = success(c.op)?.media;
      for (const example of media?.examples ?? []) add(example.value, example.generated, role === 'list' ? (c.list?.arrayPath ?? []) : undefined);
    }
  }
  const byId = new Map<string, Rec>();
  for (const value of declared.length > 0 ? declared : generated) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    // Records without an id field (a list-only resource) are kept by their place, each different one once.
    const id = field === undefined ? `#${JSON.stringify(value)}` : (value as Rec)[field];
    if ((typeof id === 'string' || typeof id === 'number') && !byId.has(String(id))) byId.set(String(id), value as Rec);
  }
  return [...byId.values()];
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

function groupName(cs: Candidate[], taken: Set<string>): string {
  const hinted = cs.find((c) => c.hint?.resource)?.hint?.resource;
  const fromRef = cs.find((c) => c.recordName)?.recordName;
  const segment =
    (cs[0]?.key ?? '')
      .split('/')
      .filter((s) => s && s !== '{}')
      .pop() ?? 'Resource';
  let name = hinted ?? fromRef ?? pascal(segment);
  for (let n = 2; taken.has(name); n++) name = `${hinted ?? fromRef ?? pascal(segment)}${n}`;
  taken.add(name);
  return name;
}

export function inferResources(model: ApiModel): Inference {
  const lookup: SchemaLookup = new Map<string, SchemaEntry>(model.schemas.map((s) => [s.name, s]));
  const problems: Diagnostic[] = [];
  const skipped: Inference['skipped'] = [];
  const groups = groupCandidates(model, lookup, problems, skipped);
  const resources: Resource[] = [];
  const taken = new Set<string>();
  // One for every resource: a schema two of them share is read once.
  const declared = new DeclaredFields(lookup);
  for (const cs of groups.values()) {
    const resource = resourceOf(cs, lookup, taken, declared);
    if (typeof resource === 'string') for (const c of cs) skipped.push({ op: c.op, reason: resource });
    else resources.push(resource);
  }
  linkParents(resources, lookup);
  return { resources, skipped, problems };
}

/** The operations that can be a resource's, grouped by path (or by `x-mock-resource`); the others said in `skipped`. */
function groupCandidates(model: ApiModel, lookup: SchemaLookup, problems: Diagnostic[], skipped: Inference['skipped']): Map<string, Candidate[]> {
  const groups = new Map<string, Candidate[]>();
  for (const op of model.operations) {
    const hint = readResourceHint(op, problems);
    if (hint?.skip) continue;
    const c = candidate(op, hint, lookup);
    if (typeof c === 'string') {
      // HEAD, OPTIONS and TRACE are never a resource's; everything else is said, so a writer knows where x-mock-resource helps.
      if (hint || !['head', 'options', 'trace'].includes(op.method)) skipped.push({ op, reason: c });
      continue;
    }
    const key = hint?.resource ? `resource:${hint.resource}` : `path:${c.key}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  joinGroups(groups);
  return groups;
}

/** Groups that are one resource joined: the same record schema at the same depth, and a group `x-mock-resource` names. */
function joinGroups(groups: Map<string, Candidate[]>): void {
  // Groups that name the same record schema at the same depth are one resource (`/pets` and `/pets/records/{petId}`).
  const byRecord = new Map<string, string>();
  for (const [key, cs] of [...groups]) {
    if (key.startsWith('resource:')) continue;
    const name = cs.find((c) => c.recordName)?.recordName;
    if (!name) continue;
    const at = `${name}#${cs[0]?.scopeParams.length ?? 0}`;
    const into = byRecord.get(at);
    if (into) {
      groups.get(into)!.push(...cs);
      groups.delete(key);
    } else byRecord.set(at, key);
  }
  // A group named by `x-mock-resource` joins the inferred group of that name.
  for (const [key, cs] of [...groups]) {
    if (!key.startsWith('resource:')) continue;
    const name = key.slice('resource:'.length);
    const into = [...groups].find(([k, other]) => !k.startsWith('resource:') && (other.find((c) => c.recordName)?.recordName ?? '') === name);
    if (into) {
      into[1].push(...cs);
      groups.delete(key);
    }
  }
}

/** A group's resource, or why it cannot be one. */
function resourceOf(cs: Candidate[], lookup: SchemaLookup, taken: Set<string>, declared: DeclaredFields): Resource | string {
  if (!cs.some((c) => c.role === 'list' || c.role === 'read')) return 'its resource has no operation that reads it (a list or a read)';
  const record = (['read', 'create', 'list', 'replace', 'update'] as const)
    .map((role) => cs.find((c) => c.role === role && c.record)?.record)
    .find((r) => r !== undefined && isObjectSchema(r, lookup));
  if (!record) return 'no schema of its records is an object';
  const firstItem = cs.find((c) => c.idParam);
  const field = idField(record, firstItem?.idParam, cs.find((c) => c.hint?.idField)?.hint?.idField, lookup);
  const merged = mergeSchema(record, lookup);
  const fieldSchema = merged.properties?.find((p) => p.name === field)?.schema;
  const paramSchema = firstItem?.idParam ? parameter(firstItem.op, firstItem.idParam, 'path')?.schema : undefined;
  const id = idSpec(field, fieldSchema, paramSchema, lookup);
  const initial = exampleRecords(cs, field);
  const lastId = field === undefined ? undefined : initial.at(-1)?.[field];
  if (id.kind === 'string' && typeof lastId === 'string' && /\d/.test(lastId)) id.template = lastId;
  // What a create answers for the server's own fields, when the document shows it; else they are generated.
  const sample = cs
    .filter((c) => c.role === 'create')
    .map((c) => success(c.op)?.media?.examples.find((e) => !e.generated)?.value)
    .find((v) => v && typeof v === 'object' && !Array.isArray(v)) as Rec | undefined;
  const { readOnly, defaults } = serverFields(cs, merged, field, sample, lookup);
  const operations = cs.map((c) => resourceOperation(c, record, lookup));
  const reads = cs.filter((c) => c.role === 'read');
  const itemPath = (reads.find((c) => !c.op.deprecated) ?? reads[0] ?? cs.find((c) => c.idParam))?.op.path;
  const name = groupName(cs, taken);
  const fingerprint = createHash('sha1')
    .update(JSON.stringify({ name, id, record: merged, initial, defaults, roles: operations.map((o) => `${o.role} ${o.op.method} ${o.op.path}`) }))
    .digest('hex');
  const fieldOrder = [...new Set([...Object.keys(initial[0] ?? sample ?? {}), ...(merged.properties ?? []).map((p) => p.name)])];
  return { name, record: merged, id, readOnly, defaults, fieldOrder, operations, itemPath, initial, fingerprint, declared };
}

/** The fields the server fills (readOnly, with the value a create's example shows) and the defaults a create leaves to it. */
function serverFields(cs: Candidate[], merged: SchemaNode, field: string | undefined, sample: Rec | undefined, lookup: SchemaLookup) {
  const readOnly: Resource['readOnly'] = [];
  const defaults: Rec = {};
  for (const p of merged.properties ?? []) {
    const schema = mergeSchema(p.schema, lookup);
    if (schema.readOnly && p.name !== field) readOnly.push({ field: p.name, example: sample?.[p.name], schema });
    if (schema.default !== undefined) defaults[p.name] = schema.default;
  }
  for (const c of cs.filter((x) => x.role === 'create')) {
    const body = bodyMedia(c.op)?.schema;
    for (const p of body ? (mergeSchema(body, lookup).properties ?? []) : []) {
      const d = resolveRef(p.schema, lookup)?.default ?? p.schema.default;
      if (d !== undefined && !(p.name in defaults)) defaults[p.name] = d;
    }
  }
  return { readOnly, defaults };
}

function resourceOperation(c: Candidate, record: SchemaNode, lookup: SchemaLookup): ResourceOperation {
  const body = c.role === 'create' || c.role === 'replace' || c.role === 'update' ? bodyMedia(c.op)?.schema : undefined;
  const out: ResourceOperation = {
    op: c.op,
    role: c.role,
    idParam: c.idParam,
    scopeParams: c.scopeParams,
    bodyFields: body ? (mergeSchema(body, lookup).properties ?? []).map((p) => p.name) : undefined,
  };
  if (c.role === 'list') out.list = listSpec(c, record, lookup);
  return out;
}

/** The id's kind and what a new one must look like: the field's schema, else the path parameter's. */
function idSpec(field: string | undefined, fieldSchema: SchemaNode | undefined, paramSchema: SchemaNode | undefined, lookup: SchemaLookup): IdSpec {
  const id: IdSpec = { field, kind: idKind(fieldSchema ?? paramSchema, lookup) };
  for (const node of [fieldSchema, paramSchema]) {
    const merged = node ? mergeSchema(node, lookup) : {};
    if (id.kind === 'string' && typeof merged.pattern === 'string') id.pattern ??= merged.pattern;
    if (id.kind === 'string' && typeof merged.minLength === 'number') id.minLength ??= merged.minLength;
    if (id.kind === 'string' && typeof merged.maxLength === 'number') id.maxLength ??= merged.maxLength;
    if (id.kind === 'integer' && typeof merged.minimum === 'number') id.minimum ??= Math.ceil(merged.minimum);
  }
  return id;
}

/** The path a resource's records live under, parameters unnamed: `/users/{}/posts`. */
function collectionOf(r: Resource): string {
  const o = r.operations[0]!;
  return unnamed(o.idParam ? o.op.path.slice(0, o.op.path.lastIndexOf(`/{${o.idParam}}`)) || '/' : o.op.path);
}

/**
 * Each nested resource's parent: the resource whose item path (`/users/{}`) its collection
 * (`/users/{}/posts`) sits under, the longest such; and the child's field naming the parent
 * (`userId`, `user_id`), which a write sets from the path.
 */
function linkParents(resources: Resource[], lookup: SchemaLookup): void {
  for (const child of resources) {
    const scope = child.operations.find((o) => o.scopeParams.length > 0)?.scopeParams;
    if (!scope) continue;
    const at = collectionOf(child);
    let best: { parent: Resource; item: string } | undefined;
    for (const parent of resources) {
      if (parent === child || !parent.itemPath) continue;
      const item = unnamed(parent.itemPath);
      if (at.startsWith(`${item}/`) && (!best || item.length > best.item.length)) best = { parent, item };
    }
    if (!best) continue;
    const depth = (best.item.match(/\{\}/g) ?? []).length - 1;
    const param = scope[depth];
    if (depth < 0 || param === undefined) continue;
    const names = [param, `${best.parent.name}Id`, `${best.parent.name}_id`].map(normalized);
    const field = (child.record.properties ?? []).find((p) => names.includes(normalized(p.name)) && p.name !== child.id.field);
    const fieldType = field ? mergeSchema(field.schema, lookup).type : undefined;
    const link: ParentLink = {
      resource: best.parent.name,
      depth,
      kind: best.parent.id.kind,
      field: field?.name,
      fieldIsNumber: fieldType?.includes('integer') === true || fieldType?.includes('number') === true,
    };
    child.parent = link;
  }
}
