// Positions in a JSON text without parsing it into a tree: the value a pointer names is found by
// stepping over the text, skipping the values it does not need (strings by indexOf, the rest a
// character at a time). Locating one problem in GitHub's 13 MB description this way takes tens of
// milliseconds, where the YAML syntax tree Redocly's getLineColLocation builds first takes about a
// second. No library reads positions out of JSON without building a tree, hence this small scanner.
// Offsets follow Redocly's YAML AST: a value starts at its first character (`{`, `[`, `"`, digit…).

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** From an opening quote to just after its closing quote. */
function skipString(text: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** From a value's first character to just after it. */
function skipValue(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return skipString(text, i);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number, true, false or null: up to the next delimiter.
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === 32 || c === 10 || c === 13 || c === 9) return i;
      i++;
    }
    return i;
  }
  let depth = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = skipString(text, i);
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return i;
}

/** Visits the members of the object starting at `at`, key and value offset each, until `visit` returns true. */
function eachMember(text: string, at: number, visit: (key: string, value: number) => boolean): void {
  if (text.charCodeAt(at) !== OPEN_BRACE) return;
  let i = skipSpace(text, at + 1);
  while (text.charCodeAt(i) === QUOTE) {
    const end = skipString(text, i);
    const raw = text.slice(i, end);
    const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== COLON) return;
    const value = skipSpace(text, i + 1);
    if (visit(key, value)) return;
    i = skipSpace(text, skipValue(text, value));
    if (text.charCodeAt(i) !== COMMA) return;
    i = skipSpace(text, i + 1);
  }
}

/** The offset of the value `segment` names in the object or array starting at `at` (an object's first such key). */
export function jsonChild(text: string, at: number, segment: string): number | undefined {
  const c = text.charCodeAt(at);
  if (c === OPEN_BRACE) {
    let found: number | undefined;
    eachMember(text, at, (key, value) => {
      if (key !== segment) return false;
      found = value;
      return true;
    });
    return found;
  }
  if (c !== OPEN_BRACKET || !/^\d+$/.test(segment)) return undefined;
  let index = Number(segment);
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return undefined;
  while (i < text.length) {
    if (index === 0) return i;
    i = skipSpace(text, skipValue(text, i));
    if (text.charCodeAt(i) !== COMMA) return undefined;
    i = skipSpace(text, i + 1);
    index--;
  }
  return undefined;
}

/** The `$ref` of the object starting at `at`, when it has a string one. */
export function jsonRef(text: string, at: number): string | undefined {
  let ref: string | undefined;
  eachMember(text, at, (key, value) => {
    if (key !== '$ref') return false;
    if (text.charCodeAt(value) === QUOTE) ref = JSON.parse(text.slice(value, skipString(text, value))) as string;
    return true;
  });
  return ref;
}

/** Where the text's root value starts. */
export function jsonRoot(text: string): number {
  return skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
}

/** 1-based line and column of an offset. */
export function lineColAt(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let nl = text.indexOf('\n'); nl >= 0 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, col: offset - lineStart + 1 };
}
