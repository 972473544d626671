// What stateful mocking knows about an API: its resources (records kept by
// id), which operation plays which part on them, how a list is filtered and
// paged, and the records each session starts from. Built by infer.ts from the
// model, read by the answering side (answer.ts) and the stores.
import type { Operation, SchemaNode } from '../../model/contract/types.ts';

/** What an operation does to a resource's records. */
export type Role = 'list' | 'create' | 'read' | 'replace' | 'update' | 'delete';

export const ROLES: readonly Role[] = ['list', 'create', 'read', 'replace', 'update', 'delete'];

export type Rec = Record<string, unknown>;

/** How a new record's id is made: the next integer, a UUID, or the next integer as text. */
export type IdKind = 'integer' | 'uuid' | 'string';

export interface IdSpec {
  /** The record's field holding the id; undefined when the record does not carry it (the path does). */
  field: string | undefined;
  kind: IdKind;
  /** What a text id must look like (its schema's `pattern`, lengths), so a new one does too. */
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  /** The lowest integer id the schema allows: new ids start there at the least. */
  minimum?: number;
  /** An example's id, whose shape new text ids follow (`ORD-0042` → `ORD-0043`). */
  template?: string;
}

/** A nested resource's parent (`/users/{userId}/posts` under `/users/{userId}`): its records must hold the parent's id. */
export interface ParentLink {
  /** The parent resource's name. */
  resource: string;
  /** Which of the child's scope parameters holds the parent's id (those before it are the parent's own scope). */
  depth: number;
  /** How the parent's ids are compared (integers as numbers). */
  kind: IdKind;
  /** The child's record field that names its parent (`userId`), set from the path on a write. */
  field: string | undefined;
  /** That field's type: an integer field gets the number. */
  fieldIsNumber: boolean;
}

/** A page-size parameter: its name, and the default and maximum its schema declares. */
export interface SizeParam {
  name: string;
  default?: number;
  max?: number;
}

export type Paging =
  | { mode: 'offset'; offset: string; limit?: SizeParam }
  | { mode: 'page'; page: string; base: number; size?: SizeParam }
  | { mode: 'cursor'; cursor: string; limit?: SizeParam }
  | { mode: 'limit'; limit: SizeParam };

/** A query parameter that keeps the records whose field equals its value. */
export interface Filter {
  param: string;
  field: string;
  /** The parameter takes several values (any of them matches). */
  many: boolean;
  /** Several values in one parameter, comma-separated (`form` without explode). */
  commaSeparated: boolean;
}

export interface ListSpec {
  filters: Filter[];
  paging: Paging | undefined;
  /** Where the records go in the answer: [] for an answer that is the array, ['data'] for `{data: […]}`. */
  arrayPath: string[];
  /** The answer's other fields (paging metadata), from its example; undefined when the answer is the array. */
  template: Rec | undefined;
}

export interface ResourceOperation {
  op: Operation;
  role: Role;
  /** Path parameter holding the record's id (item operations). */
  idParam: string | undefined;
  /** Path parameters before the id (`/users/{userId}/posts`): records are kept apart per value. */
  scopeParams: string[];
  /** Fields the request body declares (create, replace, update): what a replace may change. */
  bodyFields: string[] | undefined;
  /** List operations: filters, paging and the answer's shape. */
  list?: ListSpec;
}

export interface Resource {
  /** The record schema's component name, else one made from the collection path. */
  name: string;
  record: SchemaNode;
  id: IdSpec;
  /** Fields the server fills (readOnly), with the value an example gives, if any. */
  readOnly: { field: string; example: unknown; schema: SchemaNode }[];
  /** Defaults the record schema or the create body declares, for fields a create leaves out. */
  defaults: Rec;
  /** The order fields are written in: an example record's, then the schema's. */
  fieldOrder: string[];
  operations: ResourceOperation[];
  /** Item path used for `Location` after a create. */
  itemPath: string | undefined;
  /** The records every session starts with: the document's examples. */
  initial: Rec[];
  /** Changes when anything above does: a reload drops the records of a resource whose fingerprint changed. */
  fingerprint: string;
  /** What a record keeps of a body: the fields `record` declares, at every level. */
  declared: FieldFilter;
  /** A nested resource's parent, when the API has the parent as a resource too. */
  parent?: ParentLink;
}

/** An operation's part in stateful mocking: the resource it reads or writes, and how. */
export interface StatefulPart {
  resource: Resource;
  part: ResourceOperation;
}

/** What a record keeps of a body (declared-fields.ts): only the fields a schema declares, at every level. */
export interface FieldFilter {
  keep(record: Rec, schema: SchemaNode): Rec;
}
