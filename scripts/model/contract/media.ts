// What a body of a given media type is: the one rule the try-it panel (which
// editor to show, how to send it) and the mock server (how to read and check
// it) share, so the two never disagree about a body.
import type { SchemaNode } from './types.ts';

export type BodyKind = 'json' | 'form' | 'multipart' | 'text' | 'binary';

/** The parts of a (resolved) schema that decide a body's kind. */
export type BodySchema = Pick<SchemaNode, 'type' | 'format'>;

/** `Application/JSON; charset=utf-8` → `application/json`. */
export function baseMediaType(mediaType: string): string {
  const semi = mediaType.indexOf(';');
  return (semi === -1 ? mediaType : mediaType.slice(0, semi)).trim().toLowerCase();
}

/** JSON itself or a type built on it: `application/json`, `text/json`, `application/merge-patch+json`. Ranges (`*\/*`) are not. */
export function isJsonMediaType(mediaType: string): boolean {
  const type = baseMediaType(mediaType);
  const slash = type.indexOf('/');
  if (slash <= 0) return false;
  const subtype = type.slice(slash + 1);
  return subtype === 'json' || subtype.endsWith('+json');
}

function isBinarySchema(schema: BodySchema | undefined): boolean {
  return schema?.type?.includes('string') === true && schema.format === 'binary';
}

/** A schema of text only (`type: string`, nullable or not): the body is the value itself. */
export function isStringSchema(schema: BodySchema | undefined): boolean {
  return schema?.type !== undefined && schema.type.length > 0 && schema.type.every((t) => t === 'string');
}

const BINARY_MAJORS = new Set(['image', 'audio', 'video', 'font']);
const BINARY_TYPES = new Set(['application/octet-stream', 'application/pdf', 'application/zip', 'application/gzip']);

/**
 * How a body of this media type is written: JSON, form fields, multipart
 * parts, text, or bytes. `schema` is the body's schema with references
 * resolved; it decides ranges (`*\/*` is JSON unless the schema is a string)
 * and binary strings (`format: binary`).
 */
export function bodyKind(mediaType: string, schema?: BodySchema): BodyKind {
  const type = baseMediaType(mediaType);
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type.startsWith('multipart/')) return 'multipart';
  if (isJsonMediaType(type)) return 'json';
  if (type === '*/*' || type === 'application/*') {
    if (!isStringSchema(schema)) return 'json';
    return isBinarySchema(schema) ? 'binary' : 'text';
  }
  if (type.startsWith('text/') || /[/+](xml|yaml|csv)\b/.test(type)) return 'text';
  const slash = type.indexOf('/');
  const major = slash === -1 ? type : type.slice(0, slash);
  return isBinarySchema(schema) || BINARY_MAJORS.has(major) || BINARY_TYPES.has(type) ? 'binary' : 'text';
}
