// `multipart/form-data` bodies, checked like any other: the parts are read
// with the platform's own parser (the Fetch API's `formData()`, from undici),
// each becomes a field (text, JSON for object fields, a file's bytes as text so
// `maxLength` counts bytes), files are checked to be files and of the media
// type `encoding` declares, and the whole is then checked against the schema.
import { isObject } from '../model/document/deref.ts';
import { followRefs, type OpenApiDocument } from '../model/document/document.ts';

export interface MultipartSpec {
  /** Fields that must be files, with the media types `encoding` accepts (empty: any). */
  files: Map<string, string[]>;
  /** Fields sent as JSON text (object and array fields, or `encoding` says JSON). */
  json: Set<string>;
}

export type MultipartResult = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

function isFileSchema(schema: Record<string, any>): boolean {
  // 3.0 marks a file `format: binary`; 3.1 by a media type or an encoding of its content.
  return schema.format === 'binary' || typeof schema.contentMediaType === 'string' || schema.contentEncoding === 'binary';
}

/** Which fields of a multipart body are files or JSON, from its raw schema and `encoding`. */
export function readMultipartSpec(
  document: OpenApiDocument,
  rawSchema: unknown,
  encoding: Record<string, { contentType?: string }> | undefined,
): MultipartSpec {
  const deref = (node: unknown) => followRefs(document, node);
  const spec: MultipartSpec = { files: new Map(), json: new Set() };
  const schema = deref(rawSchema);
  // Null prototype: a part named `__proto__` or `constructor` is a part like any other.
  const properties = Object.create(null) as Record<string, unknown>;
  const collect = (node: unknown, depth: number) => {
    const n = deref(node);
    if (!isObject(n) || depth > 8) return;
    if (isObject(n.properties)) for (const [k, v] of Object.entries(n.properties)) properties[k] ??= v;
    if (Array.isArray(n.allOf)) for (const member of n.allOf) collect(member, depth + 1);
  };
  collect(schema, 0);
  for (const [name, raw] of Object.entries(properties)) {
    const prop = deref(raw);
    if (!isObject(prop)) continue;
    const items = prop.type === 'array' ? deref(prop.items) : undefined;
    const declared = encoding?.[name]?.contentType
      ?.split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean);
    const textual = declared?.every((t) => t.startsWith('text/') || t.includes('json')) ?? true;
    if (isFileSchema(prop) || (isObject(items) && isFileSchema(items)) || (declared && !textual)) spec.files.set(name, declared ?? []);
    else if (declared?.some((t) => t.includes('json')) || prop.type === 'object' || (prop.type === 'array' && isObject(items) && items.type === 'object')) {
      spec.json.add(name);
    }
  }
  return spec;
}

function typeMatches(actual: string, accepted: string[]): boolean {
  const type = (actual.split(';')[0] ?? '').trim().toLowerCase();
  return accepted.some((a) => a === '*/*' || a === type || (a.endsWith('/*') && type.startsWith(a.slice(0, -1))));
}

/** Parses and shapes a multipart body; a message naming the field when a part is not what the schema needs. */
export async function readMultipart(raw: Buffer, contentType: string, spec: MultipartSpec): Promise<MultipartResult> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return { ok: false, message: 'The body is not valid multipart/form-data (check the boundary and the parts).' };
  }
  const body = Object.create(null) as Record<string, unknown>;
  const add = (name: string, value: unknown) => {
    const prev = body[name];
    body[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  };
  let types: Map<string, string[]> | undefined;
  for (const [name, value] of form) {
    const accepted = spec.files.get(name);
    if (typeof value === 'string') {
      if (accepted) {
        // RFC 7578 §4.2: a file's part SHOULD have a filename, so one without is still the file. The parser
        // hands such a part over as text, without its Content-Type: read from the part's own headers.
        types ??= partTypes(raw, contentType);
        const type = types.get(name)?.shift() ?? 'text/plain';
        if (accepted.length > 0 && !typeMatches(type, accepted)) return { ok: false, message: `body.${name} must be ${accepted.join(' or ')}, not ${type}` };
        add(name, Buffer.from(value, 'utf8').toString('latin1'));
        continue;
      }
      if (spec.json.has(name)) {
        try {
          add(name, JSON.parse(value));
        } catch {
          return { ok: false, message: `body.${name} is not valid JSON` };
        }
      } else add(name, value);
      continue;
    }
    if (accepted && accepted.length > 0 && !typeMatches(value.type || 'application/octet-stream', accepted)) {
      return { ok: false, message: `body.${name} must be ${accepted.join(' or ')}, not ${value.type || 'a file without a type'}` };
    }
    add(name, Buffer.from(await value.arrayBuffer()).toString('latin1'));
  }
  return { ok: true, body };
}

/**
 * The Content-Type of each part without a filename, by name, in order (RFC 7578 §4.4: text/plain
 * when a part says none). One pass over the body's part headers.
 */
function partTypes(raw: Buffer, contentType: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const mark = boundary ? `--${boundary[1] ?? boundary[2]}` : undefined;
  if (!mark) return out;
  const text = raw.toString('latin1');
  for (let at = text.indexOf(mark); at !== -1; ) {
    const start = at + mark.length + 2;
    const end = text.indexOf('\r\n\r\n', start);
    if (end === -1) break;
    let name: string | undefined;
    let type = 'text/plain';
    let named = false;
    for (const line of text.slice(start, end).split('\r\n')) {
      const colon = line.indexOf(':');
      const header = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (header === 'content-disposition') {
        name = /;\s*name="([^"]*)"/i.exec(value)?.[1];
        named = /;\s*filename\*?=/i.test(value);
      } else if (header === 'content-type') type = value;
    }
    if (name !== undefined && !named) out.set(name, [...(out.get(name) ?? []), type]);
    at = text.indexOf(mark, end);
  }
  return out;
}
