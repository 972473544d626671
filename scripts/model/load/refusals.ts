// A refused read comes back from Redocly as "Can't resolve $ref: <why>", from the bundler and from
// lint alike. Here it becomes the rule that was broken, at the `$ref` (or `externalValue`) that
// asked for it, or at the refused file's own place when it has one (an alias in a YAML file).
// An `externalValue` on an origin not allowed is no error: it stays a link, and is never fetched.
import { getLineColLocation, parseYaml } from '@redocly/openapi-core';
import type { Diagnostic } from '../../diagnostics.ts';
import type { Refusal } from './access.ts';
import { parsePointer } from '../document/pointer.ts';
import { problemToDiagnostic, type RedoclyProblem } from './problems.ts';

const PREFIX = "Can't resolve $ref: ";

interface ProblemLocation {
  source: { absoluteRef: string; body?: string };
  pointer?: string;
}

function nodeAt(location: ProblemLocation): unknown {
  try {
    return parsePointer(location.pointer ?? '#/').reduce<any>((node, key) => (node == null ? undefined : node[key]), parseYaml(location.source.body ?? ''));
  } catch {
    return undefined;
  }
}

function keyPosition(location: ProblemLocation, key: string): { line: number; col: number } | undefined {
  try {
    const pointer = `${(location.pointer ?? '#').replace(/\/$/, '')}/${key}`;
    const lc = getLineColLocation({ ...location, pointer, reportOnKey: true } as never);
    return { line: lc.start.line, col: lc.start.col };
  } catch {
    return undefined;
  }
}

/** The diagnostic for a problem caused by a refused read, or undefined for any other problem. */
export function refusalDiagnostic(problem: RedoclyProblem, refusals: ReadonlyMap<string, Refusal>): Diagnostic | undefined {
  if (!problem.message.startsWith(PREFIX) || refusals.size === 0) return undefined;
  const reason = problem.message.slice(PREFIX.length);
  const refusal = [...refusals.values()].find((r) => r.message === reason);
  if (!refusal) return undefined;
  if (refusal.at) return { severity: 'error', rule: refusal.rule, message: refusal.message, ...refusal.at };
  const base = problemToDiagnostic(problem);
  const location = problem.location[0] as ProblemLocation | undefined;
  const node = location ? nodeAt(location) : undefined;
  const external = node !== null && typeof node === 'object' && typeof (node as { externalValue?: unknown }).externalValue === 'string' && !('$ref' in node);
  const at = (location && keyPosition(location, external ? 'externalValue' : '$ref')) ?? { line: base.line, col: base.col };
  if (external && refusal.rule === 'ref-remote-not-allowed') {
    return {
      severity: 'warning',
      rule: refusal.rule,
      message: `${refusal.message}; the example is shown as a link to it`,
      file: base.file,
      ...at,
    };
  }
  return { severity: 'error', rule: refusal.rule, message: refusal.message, file: base.file, ...at };
}
