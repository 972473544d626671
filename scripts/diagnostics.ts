// Problems found anywhere in the pipeline are plain data: collected, sorted,
// printed once, and turned into an exit code by the command that ran.
import { relative } from 'node:path';
import { printable } from './terminal.ts';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  severity: Severity;
  /** Rule id: a Redocly rule, `yaml-syntax`, `ref-unresolved`, `swagger-parser`, … */
  rule: string;
  message: string;
  /** Absolute path of the file the problem is in. */
  file: string;
  /** 1-based line and column. */
  line: number;
  col: number;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.rule.localeCompare(b.rule));
}

/** Drops exact repeats (two validators often report the same thing at the same place). */
export function dedupeDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.file}:${d.line}:${d.col}:${d.rule}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `file:line:col severity rule message`, the shape editors and CI annotators understand. Messages
 * quote the description, so control characters in them are shown escaped: one problem, one line.
 */
export function formatDiagnostic(d: Diagnostic, cwd = process.cwd()): string {
  const file = relative(cwd, d.file) || d.file;
  return `${printable(file)}:${d.line}:${d.col} ${d.severity} ${printable(d.rule)} ${printable(d.message)}`;
}

export function formatDiagnostics(diagnostics: readonly Diagnostic[], cwd = process.cwd()): string {
  const sorted = sortDiagnostics(dedupeDiagnostics(diagnostics));
  const errors = sorted.filter((d) => d.severity === 'error').length;
  const warnings = sorted.length - errors;
  const lines = sorted.map((d) => formatDiagnostic(d, cwd));
  lines.push(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  return lines.join('\n');
}

/** Thrown when a document cannot be turned into a model at all; carries every problem found. */
export class DiagnosticsError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(message: string, diagnostics: Diagnostic[]) {
    super(message);
    this.name = 'DiagnosticsError';
    this.diagnostics = diagnostics;
  }
}
