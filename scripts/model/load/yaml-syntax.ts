// A file that does not parse, as one diagnostic at the place to fix. Redocly parses with
// js-yaml, whose position is where it gave up: for a string whose closing quote is missing
// that is a later line ("deficient indentation" on line 4 for an open quote on line 3). The
// `yaml` library's syntax tree keeps the quoted string's start, so that case points there.
import { parseYaml } from '@redocly/openapi-core';
import { Parser } from 'yaml';
import type { Diagnostic } from '../../diagnostics.ts';

interface Position {
  line: number;
  col: number;
}

interface ParserError {
  reason?: string;
  message?: string;
  mark?: { line?: number; column?: number; position?: number };
}

interface QuotedToken {
  type: string;
  offset: number;
  source: string;
}

const CLOSED = { 'double-quoted-scalar': /^"(?:[^"\\]|\\[\s\S])*"$/, 'single-quoted-scalar': /^'(?:[^']|'')*'$/ } as const;

function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, col: offset - lineStart + 1 };
}

/** The quoted scalars of a syntax tree, in document order; a stack of its own (`yield*` per level is quadratic in the depth). */
function* quotedTokens(root: unknown): Generator<QuotedToken> {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    const token = node as Partial<QuotedToken>;
    if (
      (token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') &&
      typeof token.offset === 'number' &&
      typeof token.source === 'string'
    ) {
      yield token as QuotedToken;
    }
    const children = Object.values(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

/** The first quoted string that is never closed, if it starts before `limit`. */
function unclosedQuote(text: string, limit: number): QuotedToken | undefined {
  try {
    for (const top of new Parser().parse(text)) {
      for (const token of quotedTokens(top)) {
        if (token.offset <= limit && !CLOSED[token.type as keyof typeof CLOSED].test(token.source)) return token;
      }
    }
  } catch {
    // The second opinion is optional; js-yaml's own message stands.
  }
  return undefined;
}

/** The parse error of `text` (the content of `file`); `fallback` when it parses after all. */
export function yamlSyntaxDiagnostic(file: string, text: string, fallback: Position & { message: string }): Diagnostic {
  let failure: ParserError | undefined;
  try {
    parseYaml(text);
  } catch (error) {
    failure = error as ParserError;
  }
  if (!failure) return { severity: 'error', rule: 'yaml-syntax', file, ...fallback };
  const reason = failure.reason ?? String(failure.message ?? 'invalid YAML').split('\n')[0] ?? 'invalid YAML';
  const at: Position =
    typeof failure.mark?.line === 'number' ? { line: failure.mark.line + 1, col: (failure.mark.column ?? 0) + 1 } : { line: fallback.line, col: fallback.col };
  const stopped = failure.mark?.position ?? text.length;
  const quote = unclosedQuote(text, stopped);
  if (quote) {
    const kind = quote.type === 'double-quoted-scalar' ? 'double' : 'single';
    const start = positionAt(text, quote.offset);
    return {
      severity: 'error',
      rule: 'yaml-syntax',
      message: `unclosed ${kind}-quoted string: the ${kind === 'double' ? '"' : "'"} here is never closed, so the parser read on to line ${at.line} (${reason})`,
      file,
      ...start,
    };
  }
  return { severity: 'error', rule: 'yaml-syntax', message: reason, file, ...at };
}
