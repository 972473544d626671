// What changed between two versions of an API description, as plain JSON:
// the terminal report, the CLI's exit code and the preview page all read it.
import type { HttpMethod, SourceLocation, Stability } from '../model/types.ts';

/**
 * `breaking`: an existing client can fail after the change.
 * `warning`: clients keep working under the contract, but careless ones may not
 * (strict enum parsing, sending a field the server now ignores, …).
 * `info`: worth a changelog line, nothing more.
 */
export type ChangeLevel = 'breaking' | 'warning' | 'info';

/** `version`: the document's `info.version` judged against the other changes. */
export type ChangeSubject = 'operation' | 'webhook' | 'schema' | 'security' | 'version';

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
  // Parameters
  | 'parameter-added'
  | 'required-parameter-added'
  | 'parameter-removed'
  | 'parameter-became-required'
  | 'parameter-became-optional'
  | 'parameter-location-changed'
  | 'parameter-style-changed'
  | 'parameter-deprecated'
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
  | 'version-unchecked';

export interface ChangedOperation {
  method: HttpMethod;
  path: string;
  operationId?: string;
  /** Slug in the document the operation is read from (head, or base when removed). */
  slug: string;
}

export interface ApiChange {
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
  /** Security scheme name, for scheme-level `subject: 'security'` changes. */
  securityScheme?: string;
  /** Where inside the subject, e.g. `parameter query.limit`, `response 200 body .name`. */
  location?: string;
  /**
   * Set when the operation (or every operation using the schema) is `beta` or `experimental`:
   * the change would break a stable operation's clients, and is reported at this stability's level instead.
   */
  stability?: Exclude<Stability, 'stable'>;
  /** For removals: the sunset date (`x-sunset`) the base version announced. */
  sunset?: string;
  /** Where the subject is in the head document (operation or schema), for annotations; absent when removed. */
  source?: SourceLocation;
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
