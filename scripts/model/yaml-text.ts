// A JSON value written as block YAML, for the description's downloadable `openapi.yaml`.
// Hand-written because js-yaml's `dump`, general enough for any YAML, took 0.55–0.75 s on
// GitHub's 13 MB description where this takes under 0.2 s, and the copies are written while the
// site waits or bundles. A JSON tree needs a small part of YAML: block mappings and sequences,
// and scalars written plain only where every YAML 1.1 and 1.2 reader takes them for the same
// string; anything else is quoted. The result reads back equal to the value (yaml-text.test.ts).

/** Characters a plain scalar must not start with: YAML's indicators, and those that begin a number, `~`, `<<` or `=`. */
const PLAIN_START = /^[^\s\-?:,[\]{}#&*!|>'"%@`<=~+.0-9]/;
/**
 * Characters only a double-quoted scalar can hold: controls, those some readers take for line breaks or a
 * byte-order mark, the two noncharacters YAML refuses, and a surrogate without its pair (an emoji is fine).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const NEEDS_ESCAPE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const ESCAPED_BY_YAML = /[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/g;
/** Words YAML 1.1 or 1.2 reads as a boolean or null. */
const RESERVED = /^(?:y|yes|n|no|true|false|on|off|null)$/i;
/** A plain key longer than this is not a key to a YAML reader: such keys take the explicit `? ` form. */
const MAX_IMPLICIT_KEY = 1024;

function plain(text: string): boolean {
  return (
    PLAIN_START.test(text) &&
    !NEEDS_ESCAPE.test(text) &&
    !text.includes('\n') &&
    !text.includes('\t') &&
    !text.includes(': ') &&
    !text.includes(' #') &&
    !text.endsWith(' ') &&
    !text.endsWith(':') &&
    !RESERVED.test(text)
  );
}

function doubleQuoted(text: string): string {
  // JSON's escapes are YAML's too; YAML reads a few more characters as breaks or marks, escaped here.
  const json = JSON.stringify(text);
  return json.replace(ESCAPED_BY_YAML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A literal block (`|`) keeps a multi-line text readable. A reader takes the block's indentation from its first
 * line with text, so that line must not start with a blank, and a line of only blanks would be read as empty.
 */
function literalBlock(text: string, indent: string): string | undefined {
  if (NEEDS_ESCAPE.test(text) || text.includes('\r') || /^\n*[ \t]|(?:^|\n)[ \t]+(?:\n|$)/.test(text)) return undefined;
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  const trailing = text.length - end;
  if (end === 0) return undefined;
  const chomping = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const lines = text
    .slice(0, end)
    .split('\n')
    .map((line) => (line ? indent + line : ''));
  return `|${chomping}\n${lines.join('\n')}${'\n'.repeat(Math.max(0, trailing - 1))}`;
}

function scalar(text: string, indent: string, block: boolean): string {
  if (plain(text)) return text;
  if (block && text.includes('\n')) {
    const literal = literalBlock(text, indent);
    if (literal !== undefined) return literal;
  }
  if (!NEEDS_ESCAPE.test(text) && !text.includes('\n') && !text.includes('\r') && !text.includes('\t')) return `'${text.replaceAll("'", "''")}'`;
  return doubleQuoted(text);
}

function isCollection(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

/** Whether JSON.stringify writes this property: not when its value is undefined or a function. */
function written(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function';
}

/** A number as JSON writes it, with a point before an exponent (`1.0e-7`): YAML 1.1 reads `1e-7` as a string. */
function numberText(value: number): string {
  const text = String(value);
  return text.includes('e') && !text.includes('.') ? text.replace('e', '.0e') : text;
}

/** A value as JSON.stringify sees it: a date as its ISO text, a number that is not finite as null. */
function scalarText(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return scalar(value, indent, true);
  if (typeof value === 'number') return Number.isFinite(value) ? numberText(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'null' : scalar(value.toISOString(), indent, false);
  return scalar(String(value), indent, true);
}

function isEmpty(value: object): boolean {
  if (Array.isArray(value)) return value.length === 0;
  for (const key in value) if (Object.hasOwn(value, key) && written((value as Record<string, unknown>)[key])) return false;
  return true;
}

/** Writes one document; a writer per document keeps its key cache and indentation strings. */
class YamlWriter {
  text = '';
  /** Keys repeat throughout a description (`type`, `description`): each is worked out once. */
  #keys = new Map<string, string>();
  #indents = [''];

  #indent(depth: number): string {
    while (this.#indents.length <= depth) this.#indents.push(`${this.#indents.at(-1)}  `);
    return this.#indents[depth]!;
  }

  #key(key: string, indent: string): string {
    let name = this.#keys.get(key);
    if (name === undefined) {
      name = scalar(key, indent, false);
      // A key longer than YAML's limit for an implicit key takes the explicit `? ` form.
      name = name.length > MAX_IMPLICIT_KEY ? `? ${name}\n${indent}:` : `${name}:`;
      if (!name.startsWith('? ')) this.#keys.set(key, name);
    }
    return name;
  }

  /** A non-empty collection's lines at `depth`; `inline`: the first continues the line above (after `- `). */
  collection(value: object, depth: number, inline: boolean): void {
    const indent = this.#indent(depth);
    let lead = inline ? '' : `\n${indent}`;
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) {
        this.text += `${lead}-`;
        lead = `\n${indent}`;
        this.value(written(item) ? item : null, depth + 1, true);
      }
      return;
    }
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const item = record[key];
      if (!written(item)) continue;
      this.text += lead + this.#key(key, indent);
      lead = `\n${indent}`;
      this.value(item, depth + 1, false);
    }
  }

  /** What follows `key:` or `-`: a scalar on the same line, or a collection below (beside `-` for a sequence item). */
  value(value: unknown, depth: number, inSequence: boolean): void {
    if (!isCollection(value)) {
      this.text += ` ${scalarText(value, this.#indent(depth))}`;
    } else if (isEmpty(value)) {
      this.text += Array.isArray(value) ? ' []' : ' {}';
    } else if (inSequence) {
      this.text += ' ';
      this.collection(value, depth, true);
    } else {
      // A sequence under a key is indented like a mapping would be, as js-yaml and most writers do.
      this.collection(value, depth, false);
    }
  }
}

/** The value as a YAML document: block style, two-space indentation, a final newline. */
export function yamlText(value: unknown): string {
  if (!isCollection(value)) return `${scalarText(value, '  ')}\n`;
  if (isEmpty(value)) return Array.isArray(value) ? '[]\n' : '{}\n';
  const writer = new YamlWriter();
  writer.collection(value, 0, true);
  return `${writer.text}\n`;
}
