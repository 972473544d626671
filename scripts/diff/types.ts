// What changed between two versions of an API description, as plain JSON:
// the terminal report, the CLI's exit code and the preview page all read it.
import type { HttpMethod, SourceLocation, Stability } from '../model/contract/types.ts';

/**
 * `breaking`: an existing client can fail after the change.
 * `warning`: clients keep working under the contract, but careless ones may not
 * (strict enum parsing, sending a field the server now ignores, …).
 * `info`: worth a changelog line, nothing more.
 */
export type ChangeLevel = 'breaking' | 'warning' | 'info';

/** `version`: the document's `info.version` judged against the other changes. */
export type ChangeSubject = 'operation' | 'webhook' | 'schema' | 'security' | 'server' | 'version';

export type ChangeKind =
  // Operations and webhooks as a whole
  | 'operation-added'
  | 'operation-removed'
  | 'operation-removed-after-sunset'
  | 'operation-moved'
  | 'operation-id-changed'
  | 'operation-deprecated'
  | 'operation-undeprecated'
  | 'stability-changed'
  | 'sunset-changed'
  | 'deprecated-at-changed'
  | 'replaced-by-changed'
  | 'tag-added'
  | 'tag-removed'
  | 'server-added'
  | 'server-removed'
  // Parameters
  | 'parameter-added'
  | 'required-parameter-added'
  | 'parameter-removed'
  | 'parameter-became-required'
  | 'parameter-became-optional'
  | 'parameter-location-changed'
  | 'parameter-style-changed'
  | 'parameter-deprecated'
  | 'parameter-reactivated'
  | 'path-parameter-renamed'
  // Request bodies
  | 'request-body-added'
  | 'required-request-body-added'
  | 'request-body-removed'
  | 'request-body-became-required'
  | 'request-body-became-optional'
  | 'request-media-type-added'
  | 'request-media-type-removed'
  // Responses
  | 'response-added'
  | 'response-removed'
  | 'response-media-type-added'
  | 'response-media-type-removed'
  | 'response-header-added'
  | 'response-header-removed'
  | 'response-header-became-optional'
  | 'response-header-became-required'
  | 'response-header-deprecated'
  // Anywhere a schema is compared (parameters, bodies, headers, components)
  | 'type-changed'
  | 'format-changed'
  | 'nullable-changed'
  | 'enum-value-added'
  | 'enum-value-removed'
  | 'enum-added'
  | 'enum-removed'
  | 'constraint-changed'
  | 'property-added'
  | 'required-property-added'
  | 'property-removed'
  | 'property-became-required'
  | 'property-became-optional'
  | 'variant-added'
  | 'variant-removed'
  | 'const-changed'
  | 'default-changed'
  | 'discriminator-changed'
  | 'access-changed'
  | 'property-deprecated'
  | 'keyword-changed'
  // Security
  | 'security-added'
  | 'security-removed'
  | 'security-tightened'
  | 'security-relaxed'
  | 'security-scheme-added'
  | 'security-scheme-removed'
  | 'security-scheme-changed'
  // Components
  | 'schema-added'
  | 'schema-removed'
  // info.version against the changes (semver)
  | 'version-not-bumped'
  | 'version-unchanged'
  | 'version-decreased'
  | 'version-unchecked';

export interface ChangedOperation {
  method: HttpMethod;
  path: string;
  operationId?: string;
  /** Slug in the document the operation is read from (head, or base when removed). */
  slug: string;
}

export interface ApiChange {
  /** The check that found it (scripts/diff/catalogue.ts): oasdiff's id where oasdiff has the check. */
  id: string;
  kind: ChangeKind;
  breaking: boolean;
  level: ChangeLevel;
  subject: ChangeSubject;
  /** The operation or webhook concerned (as it is in head; as it was in base when removed). */
  operation?: ChangedOperation;
  /** For `operation-moved`: where the operation was. */
  previous?: { method: HttpMethod; path: string };
  /** Component schema name, for `subject: 'schema'`. */
  schema?: string;
  /** For a component schema's change: the operations and webhooks that use it (in the base version), each reported here once. */
  users?: ChangedOperation[];
  /** Security scheme name, for scheme-level `subject: 'security'` changes. */
  securityScheme?: string;
  /** The server's URL as written, for `subject: 'server'`. */
  server?: string;
  /** Where inside the subject, e.g. `parameter query.limit`, `response 200 body .name`. */
  location?: string;
  /**
   * Set when the operation (or every operation using the schema) is `beta` or `experimental`:
   * the change would break a stable operation's clients, and is reported at this stability's level instead.
   */
  stability?: Exclude<Stability, 'stable'>;
  /** For removals: the sunset date (`x-sunset`) the base version announced. */
  sunset?: string;
  /**
   * Where the change is in the head document: the changed node (a field, a bound, a header), or the
   * node that lost what was removed; absent when the whole subject was removed. Set by the CLI
   * (scripts/diff/locate.ts) from `pointer`.
   */
  source?: SourceLocation;
  /** The changed node in the head document, as a JSON pointer (RFC 6901, URI fragment form). */
  pointer?: string;
  /** One plain-text sentence: what changed and, when breaking, why clients break. */
  message: string;
}

export interface ChangeSummary {
  operations: { added: number; removed: number; changed: number; moved: number };
  webhooks: { added: number; removed: number; changed: number; moved: number };
  schemas: { added: number; removed: number; changed: number };
  securitySchemes: { added: number; removed: number; changed: number };
  breaking: number;
  warnings: number;
  total: number;
  /** Changes the team's settings accept (`ignore`), left out of the list and the counts. */
  ignored: number;
}

/** One side of a comparison, named so a changelog can say which versions it compares. */
export interface ComparedVersion {
  title: string;
  version: string;
  /** Where it was read from, e.g. `origin/main:openapi/openapi.yaml` (set by the CLI). */
  label?: string;
}

export interface ApiChanges {
  base: ComparedVersion;
  head: ComparedVersion;
  /** The comparison date (YYYY-MM-DD) sunset dates were judged against. */
  date: string;
  changes: ApiChange[];
  summary: ChangeSummary;
}

/** A change inside a schema, its path relative to the node compared. */
export interface Finding {
  id: string;
  kind: ChangeKind;
  /** `''` for the node itself, `.name`, `.tags[]`, `(oneOf Cat)`, `.*` for additionalProperties. */
  path: string;
  /** Where it is in the head document: the node that changed, or the one that lost what was removed. */
  pointer: readonly string[];
  /** Builds the sentence once the caller knows what to call the field. */
  say: (what: string) => string;
}
