// `portal/header-value-safe` (error): a response header's example, or a
// deprecation date the mock sends as a header, holding a line break or another
// control character. HTTP cannot carry it (the mock leaves such a header out),
// and a reader copying it would send a broken request.
import type { Oas3Rule, UserContext } from '@redocly/openapi-core';

/** Control characters other than a horizontal tab, which header values may hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a header value must not hold
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;
const LIFECYCLE = ['x-sunset', 'x-deprecated-at', 'x-replaced-by'];

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The first control character and where it is, as a writer reads it: `\r` at 31. */
function firstControl(value: unknown): string | undefined {
  const texts = Array.isArray(value) ? value : [value];
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    const m = CONTROL.exec(text);
    if (m)
      return `${JSON.stringify(m[0])
        .slice(1, -1)
        .replace(/^\\u00/, '\\x')} at character ${m.index + 1}`;
  }
  return undefined;
}

function check(value: unknown, what: string, ctx: UserContext, at: (string | number)[]): void {
  const found = firstControl(value);
  if (found) {
    ctx.report({
      message: `${what} holds a line break or control character (${found}): HTTP cannot send it, so the mock leaves the header out.`,
      location: ctx.location.child(at),
    });
  }
}

export const HeaderValueSafe: Oas3Rule = () => ({
  Header: {
    enter(node, ctx) {
      const header = node as unknown as Record<string, unknown>;
      check(header.example, 'This header example', ctx, ['example']);
      if (isRecord(header.schema) && header.schema.$ref === undefined) {
        check(header.schema.example, 'This header example', ctx, ['schema', 'example']);
        check(header.schema.default, 'This header default', ctx, ['schema', 'default']);
      }
    },
    Example(example, ctx) {
      check(example.value, 'This header example', ctx, ['value']);
    },
  },
  Operation(node, ctx) {
    const operation = node as unknown as Record<string, unknown>;
    for (const field of LIFECYCLE) check(operation[field], `\`${field}\``, ctx, [field]);
  },
});
