// What a bundled description costs a walk that follows every reference where it is named (expansion.ts),
// and the located errors when that passes WORK_LIMITS: `document-too-deep` refuses the description
// (every command reads it the same way, so it loads nowhere), `document-too-complex` stops the step that
// would walk it all (validation, lint) and says so at the reference where the budget ran out.
import type { Diagnostic } from '../../diagnostics.ts';
import { locateOverrun, measureExpansion, type Follow, type Measured, type Overrun } from './expansion.ts';
import { nodeBudget, WORK_LIMITS } from '../limits.ts';
import type { Locator } from './locate.ts';
import { resolvePointer } from '../document/pointer.ts';

/** A measure of one bundled document: its references are all `#/…` pointers into it. */
export type DocumentMeasure = Measured<null>;

/** How a bundled document's references are followed: each pointer read once. */
function bundleFollow(document: unknown): Follow<null> {
  const targets = new Map<string, unknown>();
  return (node) => {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
    let target = targets.get(ref);
    if (target === undefined && !targets.has(ref)) {
      target = resolvePointer(document, ref);
      targets.set(ref, target);
    }
    return target === undefined ? undefined : { node: target, file: null, pointer: ref };
  };
}

export function measureDocument(document: unknown): DocumentMeasure {
  return measureExpansion(document, null, bundleFollow(document));
}

const count = (n: number): string => (n >= 2 ** 52 ? 'more than 4,503,599,627,370,495' : n.toLocaleString('en-US'));

/** Where to point a writer: the reference that led there, else the node itself. */
function placeOf<F>(overrun: Overrun<F>): string {
  return overrun.reference?.pointer ?? overrun.pointer;
}

/** Why a walk past the budget is not made, for the measure of a document. */
export function complexityMessage(measured: { written: number; expanded: number }, step: string): string {
  const budget = nodeBudget(measured.written);
  return (
    `Followed into every reference where it is named, this description is ${count(measured.expanded)} nodes, past the budget of ` +
    `${count(budget)} (${count(WORK_LIMITS.nodes)} and ${WORK_LIMITS.perNode} for each of its ${count(measured.written)} nodes as written): ` +
    `${step} would walk every one of them, so it was not run. The count passed the budget through this reference.`
  );
}

const REACHED = { reference: 'through this reference', here: 'here', files: 'through its files' } as const;

/** Why a description is not read: `depth` when it is known, and how the place is reached (a reference, nesting as written, other files). */
export function depthMessage(depth: number | undefined, reached: keyof typeof REACHED): string {
  const deep = depth === undefined ? 'nests' : `nests ${count(depth)} levels deep,`;
  const where = REACHED[reached];
  return (
    `Followed through its references, this description ${deep} past the ${WORK_LIMITS.depth} levels it may have: it is not read ` +
    `any further. The ${WORK_LIMITS.depth + 1}th level is reached ${where}.`
  );
}

/** The `document-too-deep` error of a measured document, or undefined when it is within WORK_LIMITS.depth. */
export function depthProblem(measured: DocumentMeasure, locate: Locator): Diagnostic | undefined {
  const overrun = locateOverrun(measured, 'depth', WORK_LIMITS.depth);
  if (!overrun) return undefined;
  return {
    severity: 'error',
    rule: 'document-too-deep',
    message: depthMessage(measured.depth, overrun.reference ? 'reference' : 'here'),
    ...locate(placeOf(overrun)),
  };
}

/** The `document-too-complex` error for a step that walks the document expanded, or undefined when it is within budget. */
export function complexityProblem(measured: DocumentMeasure, locate: Locator, step: string): Diagnostic | undefined {
  const overrun = locateOverrun(measured, 'size', nodeBudget(measured.written));
  if (!overrun) return undefined;
  return { severity: 'error', rule: 'document-too-complex', message: complexityMessage(measured, step), ...locate(placeOf(overrun)) };
}
