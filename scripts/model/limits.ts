// Every bound on the work a description can cause, in one place: the loader, the example
// sampler, the model's worker and the mock import them from here, and SECURITY.md lists them.

/** Largest file read for a description (entry, referenced file, remote document): GitHub's REST API is 13 MB. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/**
 * How much YAML aliases may add to one file, as the approximate size of the JSON they expand to.
 * Reusing a few schemas by alias stays far below; a "billion laughs" is stopped before anything walks it.
 */
export const MAX_ALIAS_EXPANSION_BYTES = 4 * 1024 * 1024;

/** A remote document (only from an origin allowed with --allow-remote): time to answer, redirects followed. */
export const REMOTE_TIMEOUT_MS = 15_000;
export const REMOTE_MAX_REDIRECTS = 5;

/**
 * Examples generated from schemas (openapi-sampler). `minItems` and `minLength` above these are
 * sampled at these lengths; nesting stops at `depth`; one example stops growing at about `bytes`
 * of JSON or after `ms`, and is not made when it follows more than `references` references (GitHub's
 * largest follows 64) or is still following them after `ms`; a document stops generating examples after
 * `documentBytes`, `documentReferences` or `documentMs` in all. An example cut short by any of these is
 * reported (`example-capped`) at its schema.
 */
export const EXAMPLE_LIMITS = {
  references: 10_000,
  items: 32,
  length: 256,
  depth: 8,
  bytes: 256 * 1024,
  ms: 2_000,
  documentBytes: 64 * 1024 * 1024,
  documentReferences: 1_000_000,
  documentMs: 30_000,
} as const;

/**
 * The work a description's references can cause. A walk that follows a reference wherever it is named (swagger-parser's
 * validation of the dereferenced document, ajv checking an example, several of Redocly's rules, openapi-sampler) walks
 * the document "expanded": an `allOf` that names the next schema twice at each of 25 levels is 3 KB written and hundreds of
 * millions of nodes expanded. Measured first, in time linear in the document (expansion.ts), a step that would walk more than
 * `nodes` plus `perNode` for each node as written is not run, with a `document-too-complex` error at the reference where
 * the count passed the budget (GitHub's API: 0.25 million nodes written, 2 million expanded, a budget of 16.8 million).
 * The model's own walks are memoized per node and count what they make against the same budget. Deeper than `depth`
 * levels with references expanded (GitHub's: 29), a description does not load (`document-too-deep`), so no walk,
 * ours or a library's, runs out of stack.
 */
export const WORK_LIMITS = {
  nodes: 1_000_000,
  perNode: 64,
  depth: 256,
} as const;

/** The nodes a walk may visit in a document of `written` nodes (WORK_LIMITS). */
export function nodeBudget(written: number): number {
  return WORK_LIMITS.nodes + WORK_LIMITS.perNode * written;
}
