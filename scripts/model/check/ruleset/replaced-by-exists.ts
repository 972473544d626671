// `portal/replaced-by-exists` (error): `x-replaced-by` names the operationId of an operation
// under `paths`, in whichever file of the description it is written. The portal links the notice
// to that operation's page and the mock names it in its `Link` header; a name that matches none
// links nowhere.
import type { Location, Oas3Rule, UserContext } from '@redocly/openapi-core';
import { shown, isRecord } from './shown.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The node, or the one its `$ref` reaches (in whichever file). */
function resolved(ctx: UserContext, node: unknown, from: string): { node: unknown; from: string } {
  if (!isRecord(node) || typeof node.$ref !== 'string') return { node, from };
  const target = ctx.resolve(node as never, from);
  return { node: target.node, from: target.location?.source.absoluteRef ?? from };
}

export const ReplacedByExists: Oas3Rule = () => {
  const operationIds = new Set<string>();
  const replacements: { target: unknown; self: unknown; location: Location }[] = [];
  return {
    Paths(paths, ctx) {
      const from = ctx.location.source.absoluteRef;
      for (const item of Object.values(paths as unknown as Record<string, unknown>)) {
        const pathItem = resolved(ctx, item, from);
        if (!isRecord(pathItem.node)) continue;
        for (const method of METHODS) {
          const operation = resolved(ctx, pathItem.node[method], pathItem.from).node;
          if (isRecord(operation) && typeof operation.operationId === 'string') operationIds.add(operation.operationId);
        }
      }
    },
    Operation(node, ctx) {
      const operation = node as unknown as Record<string, unknown>;
      if (!Object.hasOwn(operation, 'x-replaced-by')) return;
      replacements.push({ target: operation['x-replaced-by'], self: operation.operationId, location: ctx.location.child(['x-replaced-by']) });
    },
    Root: {
      // Every operation has been seen by now, wherever it comes in the description.
      leave(_root, ctx) {
        for (const { target, self, location } of replacements) {
          if (typeof target !== 'string' || target === '') {
            ctx.report({ message: `\`x-replaced-by\` must be the operationId of the replacing operation; found ${shown(target)}.`, location });
          } else if (target === self) {
            ctx.report({ message: `\`x-replaced-by\` names the operation itself (\`${target}\`).`, location });
          } else if (!operationIds.has(target)) {
            // operationIds are case-sensitive; a near miss in case is the likeliest slip.
            const near = [...operationIds].find((id) => id.toLowerCase() === target.toLowerCase());
            const hint = near ? ` (operationIds are case-sensitive: did you mean \`${near}\`?)` : '';
            ctx.report({ message: `\`x-replaced-by\` names \`${target}\`, but no operation under \`paths\` has that operationId${hint}.`, location });
          }
        }
      },
    },
  };
};
