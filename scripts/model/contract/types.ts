// The one normalized model of an API. Built once from an OpenAPI 3.0/3.1
// document (scripts/model/index.ts), emitted as JSON, and read by the site,
// the mock server's extras and the tests. Plain JSON only: no cycles, no
// functions, so it can be written to disk and diffed.

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `stable` when a document says nothing. */
export type Stability = 'stable' | 'beta' | 'experimental';

export interface SourceLocation {
  /** Path relative to the project root (or absolute outside it). */
  file: string;
  line: number;
  col: number;
}

export interface ApiModel {
  /** The document's `openapi` field, e.g. `3.0.3`. */
  openapi: string;
  info: ApiInfo;
  servers: Server[];
  /** Tags in document order; operations without a tag go to a `default` tag appended last. */
  tags: Tag[];
  /** Operations under `paths`, in document order. */
  operations: Operation[];
  /** OpenAPI 3.1 `webhooks`, shaped like operations (`kind: 'webhook'`). */
  webhooks: Operation[];
  /** `components.schemas`, in document order. */
  schemas: SchemaEntry[];
  securitySchemes: SecurityScheme[];
  /** Root-level security requirements. */
  security: SecurityRequirement[];
  /** Counts, for summaries and tests. */
  stats: { operations: number; webhooks: number; schemas: number; tags: number };
}

export interface ApiInfo {
  title: string;
  version: string;
  summary?: string;
  /** Markdown, unsanitized: renderers must sanitize. */
  description?: string;
  termsOfService?: string;
  contact?: { name?: string; url?: string; email?: string };
  license?: { name: string; url?: string; identifier?: string };
}

export interface ServerVariable {
  default: string;
  enum?: string[];
  description?: string;
}

export interface Server {
  /** As written, variables and all: `https://{region}.example.com/v1`. */
  url: string;
  /** The URL with each variable at its default, encoded (scripts/model/contract/server-url.ts): the address samples send to. */
  resolvedUrl: string;
  description?: string;
  variables: Record<string, ServerVariable>;
}

export interface Tag {
  name: string;
  /** kebab-case, unique among tags. */
  slug: string;
  description?: string;
  /** Slugs of the operations whose primary tag this is, in document order. */
  operations: string[];
  /** Its page, relative to the site's base: `tags/pets/` (see Operation.page). */
  page: string;
}

export interface Deprecation {
  /** ISO date (YYYY-MM-DD or full date-time) from `x-deprecated-at`. */
  deprecatedAt?: string;
  /** ISO date from `x-sunset`. */
  sunset?: string;
  /** Slug of the replacing operation (`x-replaced-by: <operationId>`), when it exists in the document. */
  replacedBy?: string;
  /** The operationId `x-replaced-by` names, kept even when it does not resolve. */
  replacedByOperationId?: string;
}

export interface Operation {
  kind: 'operation' | 'webhook';
  method: HttpMethod;
  /** Path template (`/pets/{petId}`), or the webhook's name for webhooks. */
  path: string;
  operationId?: string;
  /** kebab-case of operationId (or of method and path), unique within the document. The page URL's last segment. */
  slug: string;
  /**
   * Its page, relative to the site's base: `operations/list-pets/`, `webhooks/new-pet/` (a callback's
   * is its operation's). Put under a base with scripts/model/contract/pages.ts `pageUrl`, never by hand.
   */
  page: string;
  /** Primary tag (first tag, or `default`). */
  tag: string;
  tags: string[];
  summary?: string;
  /** Markdown, unsanitized. */
  description?: string;
  deprecated: boolean;
  deprecation?: Deprecation;
  stability: Stability;
  /** False when the document turns the try-it panel off for this operation. */
  tryIt: boolean;
  parameters: Parameter[];
  requestBody?: RequestBody;
  responses: Response[];
  /** Effective requirements (operation's own, else the root's). Empty array: no auth. */
  security: SecurityRequirement[];
  /** Effective servers (operation, path, then root). */
  servers: Server[];
  callbacks: Callback[];
  /**
   * Where the operation object is in the bundled document: a JSON pointer (RFC 6901, URI fragment
   * form, read by scripts/model/document/pointer.ts) that resolves to the object itself. For a path item
   * that is a `$ref`, that is under the reference's target (`#/components/pathItems/Pets/get`),
   * else under its path (`#/paths/~1pets/get`, `#/webhooks/newPet/post`); its parent is the path
   * item whose parameters apply. Readers of the raw document go through scripts/model/document/document.ts.
   */
  pointer: string;
  /** Where the operation starts in the source files. */
  source?: SourceLocation;
  /** `x-*` extensions of the operation, for renderers that want them. */
  extensions: Record<string, unknown>;
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** How a value is split on the wire: one text, a list, or named fields. */
export type ValueShape = 'scalar' | 'array' | 'object';

export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  deprecated: boolean;
  description?: string;
  /** As declared, else the specification's default: `form` for query and cookie, `simple` for path and header. */
  style: string;
  /** As declared, else the specification's default: true for `form`, false otherwise. */
  explode: boolean;
  /**
   * How the value splits on the wire (scripts/model/contract/wire.ts): `array` or `object` when the schema
   * says so (through references, allOf members and a first oneOf/anyOf alternative), else `scalar`;
   * always `scalar` for a parameter described by `content`, which travels as one text.
   */
  shape: ValueShape;
  /** The media type of a parameter described by `content` instead of `schema` (its value is that text, JSON for a JSON type). */
  mediaType?: string;
  schema?: SchemaNode;
  /** Example from the parameter or its schema, if any. */
  example?: unknown;
  /** The value samples start from (scripts/model/normalize/sample-value.ts): the example, else the schema's default, first enum value or const, else one made from its type. */
  sample?: Sample;
  examples: NamedExample[];
  /** Where the parameter object is in the bundled document (its `$ref`s followed), like Operation.pointer. */
  pointer: string;
}

export interface NamedExample {
  /** Key in `examples`, or `default` for a single `example`, or `generated`. */
  name: string;
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
  /** True when no example was declared and the value was sampled from the schema. */
  generated: boolean;
}

export interface MediaType {
  mediaType: string;
  schema?: SchemaNode;
  /** Declared examples; if none, one generated from the schema (`generated: true`). */
  examples: NamedExample[];
  /** Form fields' encodings (multipart/form-data), by property name. */
  encoding?: Record<string, { contentType?: string }>;
}

export interface RequestBody {
  required: boolean;
  description?: string;
  content: MediaType[];
}

export interface Header {
  name: string;
  description?: string;
  required: boolean;
  deprecated: boolean;
  schema?: SchemaNode;
  example?: unknown;
  /** The value the mock sends it with, by the parameters' rule (Parameter.sample). */
  sample?: Sample;
}

/** A value to show or send where the reader or the document gave none. */
export interface Sample {
  value: unknown;
  /** Made from the schema's type: no one wrote it (a panel leaves such a field empty). */
  generated: boolean;
}

export interface Response {
  /** `200`, `4XX`, `default`. */
  status: string;
  description?: string;
  headers: Header[];
  content: MediaType[];
}

export interface Callback {
  /** The callback's key in the operation's `callbacks`. */
  name: string;
  /** The runtime expression the callback is sent to. */
  expression: string;
  operations: Operation[];
}

/** One alternative of requirements: every scheme named must be satisfied. */
export interface SecurityRequirement {
  schemes: { name: string; scopes: string[] }[];
}

export interface SecurityScheme {
  /** Key in `components.securitySchemes`. */
  name: string;
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  description?: string;
  /** http: `bearer`, `basic`, … (lower-cased). */
  scheme?: string;
  bearerFormat?: string;
  /** apiKey: where and under which name. */
  in?: 'header' | 'query' | 'cookie';
  paramName?: string;
  openIdConnectUrl?: string;
  flows?: Record<string, { authorizationUrl?: string; tokenUrl?: string; refreshUrl?: string; scopes: Record<string, string> }>;
  /** Where its credential travels and how it is written (scripts/model/contract/credential.ts); absent for mutualTLS, which is below HTTP. */
  credential?: Credential;
}

/** A credential on the wire: what the try-it panel sends, the code samples show and the mock checks. */
export interface Credential {
  in: 'header' | 'query' | 'cookie';
  /** The header, query parameter or cookie it travels in: `Authorization` for HTTP, OAuth 2.0 and OpenID Connect schemes. */
  name: string;
  /**
   * How the secret is written: `bearer` as `Bearer <token>`, `basic` as `Basic <base64 of user:password>`,
   * `key` as it is, `scheme` led by the HTTP scheme's own word (`Digest <credentials>`).
   */
  form: 'bearer' | 'basic' | 'key' | 'scheme';
  /** The word that leads the value (`Bearer`, `Basic`, the scheme's as declared); absent for a key. */
  prefix?: string;
  /** What stands for the secret in samples: `<API_KEY>`, `<ACCESS_TOKEN>`, `<BASE64_USER_AND_PASSWORD>` or `<CREDENTIALS>`. */
  placeholder: string;
  /** The whole value as a sample shows it: `Bearer <API_KEY>`. */
  sample: string;
}

export interface SchemaEntry {
  name: string;
  /** kebab-case, unique among schemas. */
  slug: string;
  schema: SchemaNode;
  /** Its page, relative to the site's base: `schemas/pet/` (see Operation.page). */
  page: string;
  /** Slugs of operations and webhooks whose parameters, bodies or responses reach this schema (directly or through other schemas). */
  usedBy: string[];
  /**
   * The same by the way the data flows: `request` lists those whose parameters or request body
   * reach it, `response` those whose response bodies or headers do (a webhook's request is sent by
   * the API, which readers of the direction mind).
   */
  reach: { request: string[]; response: string[] };
  /** Generated or declared example of the whole schema. */
  example?: unknown;
  source?: SourceLocation;
}

export interface SchemaProperty {
  name: string;
  required: boolean;
  schema: SchemaNode;
}

/**
 * A schema, normalized across 3.0 and 3.1. References to component schemas
 * stay references (`ref` set, nothing else), so the model stays a tree and a
 * view links to the schema's own page instead of inlining every level.
 */
export interface SchemaNode {
  /** Name of a `components.schemas` entry this node points to. */
  ref?: string;
  /** A reference that loops back without passing through a component (rare, inline recursion). */
  circular?: boolean;
  /** JSON types, without `null` (see `nullable`). Empty when unconstrained. */
  type?: string[];
  /** `nullable: true` (3.0) or `null` among the types (3.1). */
  nullable?: boolean;
  format?: string;
  title?: string;
  /** Markdown, unsanitized. */
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  minimum?: number;
  maximum?: number;
  /**
   * An exclusive bound, in 3.1's spelling whatever the document's version: 3.0's `minimum: 0,
   * exclusiveMinimum: true` is `exclusiveMinimum: 0` here (and no `minimum`), so the two are one.
   */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  properties?: SchemaProperty[];
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  not?: SchemaNode;
  /** 3.1 (JSON Schema 2020-12) keywords, kept as written for the readers that compare or check them. */
  prefixItems?: SchemaNode[];
  contains?: SchemaNode;
  minContains?: number;
  maxContains?: number;
  patternProperties?: Record<string, SchemaNode>;
  propertyNames?: SchemaNode;
  dependentRequired?: Record<string, string[]>;
  dependentSchemas?: Record<string, SchemaNode>;
  unevaluatedItems?: SchemaNode | boolean;
  unevaluatedProperties?: SchemaNode | boolean;
  if?: SchemaNode;
  then?: SchemaNode;
  else?: SchemaNode;
  /** A string's encoded content: its media type, encoding and schema. */
  contentMediaType?: string;
  contentEncoding?: string;
  contentSchema?: SchemaNode;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  /** `x-extensible-enum` (Zalando's): values known today, where clients must accept others in what they read. */
  extensibleEnum?: unknown[];
  /** What each `enum` value means, in the same order as `enum` ('' where none is given): `x-enum-descriptions` or `x-enumDescriptions`. */
  enumDescriptions?: string[];
  /** The OpenAPI `xml` object: how the value is written in an XML body. */
  xml?: XmlObject;
}

export interface XmlObject {
  name?: string;
  namespace?: string;
  prefix?: string;
  attribute?: boolean;
  wrapped?: boolean;
}
