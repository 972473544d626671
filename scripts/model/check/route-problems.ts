// What makes a request go to the wrong operation, or to none, found once from the model: path
// templates that differ only in their parameter names (OpenAPI forbids them: a URL cannot say
// which one it means), a method declared on two of them (the mock answers with the first; the
// other is never reached), and paths no request can reach. Warnings, at the operation's place:
// every command shows them (the build, the preview, the mock when it starts and at each reload).
import type { Diagnostic } from '../../diagnostics.ts';
import type { Operation } from '../contract/types.ts';

type Place = Pick<Diagnostic, 'file' | 'line' | 'col'>;

/** A template with its parameter names left out: `/pets/{petId}` and `/pets/{id}` are both `/pets/{}`. */
export function templateKey(path: string): string {
  return path.replace(/\{[^{}]*\}/g, '{}');
}

export function routeProblems(operations: readonly Operation[], placeOf: (op: Operation) => Place): Diagnostic[] {
  const out: Diagnostic[] = [];
  const warn = (op: Operation, rule: string, message: string) => out.push({ severity: 'warning', rule, message, ...placeOf(op) });
  /** The first template seen for each key, and the operation that declared each method there first. */
  const seen = new Map<string, { template: string; methods: Map<string, Operation>; told: Set<string> }>();
  for (const op of operations) {
    if (op.kind !== 'operation') continue;
    const label = `${op.method.toUpperCase()} ${op.path}`;
    if (!op.path.startsWith('/')) {
      warn(op, 'path-unreachable', `The path ${JSON.stringify(op.path)} does not start with "/": no request reaches ${label}.`);
      continue;
    }
    if (/[?#]/.test(op.path)) {
      warn(op, 'path-unreachable', `The path ${JSON.stringify(op.path)} holds "?" or "#", which end a request's path: no request reaches ${label}.`);
      continue;
    }
    const key = templateKey(op.path);
    let group = seen.get(key);
    if (!group) seen.set(key, (group = { template: op.path, methods: new Map(), told: new Set() }));
    if (group.template !== op.path && !group.told.has(op.path)) {
      group.told.add(op.path);
      warn(
        op,
        'path-ambiguous',
        `The path templates ${op.path} and ${group.template} differ only in their parameter names, which OpenAPI forbids: a URL cannot say which one it means.`,
      );
    }
    const first = group.methods.get(op.method);
    if (first) warn(op, 'operation-unreachable', `${label} is never reached: ${first.method.toUpperCase()} ${first.path} answers the same requests.`);
    else group.methods.set(op.method, op);
  }
  return out;
}
