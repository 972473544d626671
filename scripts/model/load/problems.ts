// Redocly problems carry a source and a JSON pointer; turn them into our
// file:line:col diagnostics through Redocly's own YAML/JSON position lookup.
import { resolve } from 'node:path';
import { getLineColLocation } from '@redocly/openapi-core';
import type { Diagnostic } from '../../diagnostics.ts';

export interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn' | 'off';
  message: string;
  location: { source: { absoluteRef: string }; pointer?: string; reportOnKey?: boolean }[];
}

export function problemToDiagnostic(problem: RedoclyProblem): Diagnostic {
  const location = problem.location[0];
  let line = 1;
  let col = 1;
  let file = location?.source.absoluteRef ?? '';
  if (location) {
    try {
      const lc = getLineColLocation(location as Parameters<typeof getLineColLocation>[0]);
      line = lc.start.line;
      col = lc.start.col;
      file = lc.source.absoluteRef;
    } catch {
      // A pointer into a file that failed to parse has no position; the file itself is still the place to look.
    }
  }
  return {
    severity: problem.severity === 'error' ? 'error' : 'warning',
    // The bundler reports unresolved references under its own id; writers know the lint rule's name.
    rule: problem.ruleId === 'bundler' && /resolve \$ref/i.test(problem.message) ? 'no-unresolved-refs' : problem.ruleId,
    message: problem.message.replace(/\s+/g, ' ').trim(),
    file: file.startsWith('/') ? file : resolve(file),
    line,
    col,
  };
}
