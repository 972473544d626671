// `portal/document-budget`: before any other rule walks a description, it is measured with every
// reference expanded where it is named (expansion.ts), across its files as Redocly resolved them.
// Redocly's walk visits a referenced node once, but its rules do not: `no-required-schema-properties-undefined`
// looks through every `anyOf` branch anew, and the example rules check each example with ajv, which
// checks an `allOf` member once for each time it is named, and recurses without end into a schema that
// applies itself to the same value (expansion.ts, inPlaceLoop). Past WORK_LIMITS, or with such a loop,
// the lint is not run: the rule stops it with a `document-too-complex` (or `document-too-deep`) error at
// the reference where the budget ran out or the loop closes (lint.ts reports it). Always on: lint.ts
// turns it on whatever a config says.
import type { Oas3Rule, Source, UserContext } from '@redocly/openapi-core';
import { complexityMessage, depthMessage } from '../../load/document-cost.ts';
import { inPlaceLoop, locateOverrun, measureExpansion, type Follow } from '../../load/expansion.ts';
import { nodeBudget, WORK_LIMITS } from '../../limits.ts';
import type { RedoclyProblem } from '../../load/problems.ts';

export const DOCUMENT_BUDGET_RULE = 'portal/document-budget';

const LOOP_MESSAGE =
  'This schema applies to the same value as one it is itself part of, through references, allOf, anyOf, oneOf, not, ' +
  "if, then or else alone, with no field or item between: checking a value against it never ends, so Redocly's lint, " +
  'which checks examples against schemas, was not run.';

/** Thrown from the walk: lint stops, and this is its one problem. */
export class LintRefused extends Error {
  readonly problem: RedoclyProblem;
  constructor(problem: RedoclyProblem) {
    super(problem.message);
    this.problem = problem;
  }
}

function follower(ctx: UserContext): Follow<Source> {
  return (node, file) => {
    if (typeof node.$ref !== 'string') return undefined;
    const found = ctx.resolve<object>(node as { $ref: string }, file.absoluteRef);
    if (found.node === undefined || !found.location) return undefined;
    return { node: found.node, file: found.location.source, pointer: found.location.pointer };
  };
}

export const DocumentBudget: Oas3Rule = () => ({
  Root: {
    enter(root, ctx) {
      const measured = measureExpansion(root, ctx.location.source, follower(ctx));
      const deep = locateOverrun(measured, 'depth', WORK_LIMITS.depth);
      const large = deep ? undefined : locateOverrun(measured, 'size', nodeBudget(measured.written));
      const overrun = deep ?? large;
      const loop = overrun ? undefined : inPlaceLoop(measured);
      const place = overrun ? (overrun.reference ?? overrun) : loop;
      if (!place) return;
      throw new LintRefused({
        ruleId: deep ? 'document-too-deep' : 'document-too-complex',
        severity: 'error',
        message: deep
          ? depthMessage(measured.depth, deep.reference ? 'reference' : 'here')
          : large
            ? complexityMessage(measured, "Redocly's lint")
            : LOOP_MESSAGE,
        location: [{ source: place.file, pointer: place.pointer }],
      });
    },
  },
});
