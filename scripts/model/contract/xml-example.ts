// An example value written as an XML document, following the schema's `xml` objects (OpenAPI
// 3.x): element names from `xml.name` (else the property's or component's name), attributes,
// wrapped arrays, prefixes and namespaces. Hand-written: the XML libraries serialize plain
// objects but cannot read the `xml` rules, which live in the schema beside the value.
import { merged } from './direction.ts';
import type { SchemaLookup } from './schema-merge.ts';
import type { SchemaNode } from './types.ts';

const MAX_DEPTH = 12;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** A name usable as an XML element name: anything else becomes `_`. */
function xmlName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_.:-]/g, '_');
  return /^[A-Za-z_]/.test(safe) ? safe : `_${safe}`;
}

function qualified(name: string, schema: SchemaNode | undefined): string {
  const prefix = schema?.xml?.prefix;
  return xmlName(prefix ? `${prefix}:${name}` : name);
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/**
 * The example as XML. `rootName` names the root element when the schema does not (`xml.name`);
 * by default the component's name, else `root`.
 */
export function exampleToXml(value: unknown, schema: SchemaNode | undefined, lookup: SchemaLookup, rootName?: string): string {
  const name = schema?.ref ? (lookup.get(schema.ref)?.schema.xml?.name ?? schema.ref) : undefined;
  const lines = element(rootName ?? name ?? 'root', value, schema, lookup, 0, true);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${lines.join('\n')}`;
}

/** The node merged (references followed, allOf merged), once per node: every element of an example asks again. */
function resolved(schema: SchemaNode | undefined, lookup: SchemaLookup): SchemaNode | undefined {
  return schema ? merged(schema, lookup) : undefined;
}

function element(name: string, value: unknown, schema: SchemaNode | undefined, lookup: SchemaLookup, depth: number, root = false): string[] {
  const node = resolved(schema, lookup);
  const own = node?.xml?.name ?? name;
  const tag = qualified(own, node);
  const pad = '  '.repeat(depth);
  const ns = node?.xml?.namespace ? ` xmlns${node.xml.prefix ? `:${node.xml.prefix}` : ''}="${escapeAttribute(node.xml.namespace)}"` : '';
  if (depth > MAX_DEPTH) return [`${pad}<${tag}${ns}/>`];
  if (Array.isArray(value)) {
    // An array is its items repeated under the array's name, inside a wrapper only when `wrapped`.
    const itemName = resolved(node?.items, lookup)?.xml?.name ?? own;
    const wrapped = node?.xml?.wrapped || root;
    const items = value.flatMap((item) => element(itemName, item, node?.items, lookup, depth + (wrapped ? 1 : 0)));
    if (!wrapped) return items;
    return items.length > 0 ? [`${pad}<${tag}${ns}>`, ...items, `${pad}</${tag}>`] : [`${pad}<${tag}${ns}/>`];
  }
  if (value !== null && typeof value === 'object') {
    const fields = new Map((node?.properties ?? []).map((p) => [p.name, p.schema]));
    let attributes = '';
    const children: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      const field = fields.get(key);
      const fieldNode = resolved(field, lookup);
      if (fieldNode?.xml?.attribute && (item === null || typeof item !== 'object')) {
        attributes += ` ${qualified(fieldNode.xml.name ?? key, fieldNode)}="${escapeAttribute(scalar(item))}"`;
      } else {
        children.push(...element(key, item, field, lookup, depth + 1));
      }
    }
    return children.length > 0 ? [`${pad}<${tag}${ns}${attributes}>`, ...children, `${pad}</${tag}>`] : [`${pad}<${tag}${ns}${attributes}/>`];
  }
  if (value === null || value === undefined) return [`${pad}<${tag}${ns}/>`];
  return [`${pad}<${tag}${ns}>${escapeText(scalar(value))}</${tag}>`];
}

/** Whether a media type is written as XML (`application/xml`, `text/xml`, `application/atom+xml`). */
export function isXmlMediaType(mediaType: string): boolean {
  return /^[^;]*[/+]xml\s*(;|$)/i.test(mediaType.trim());
}
