// Renders a comparison: grouped by what changed (operation, webhook, schema,
// security scheme), groups with breaking changes first, and inside a group
// the breaking changes first. The grouped report is plain JSON so the preview
// page can render it as it likes; the text, Markdown (format-markdown.ts) and
// GitHub (format-github.ts) renderings build on it.
import { styleText } from 'node:util';
import { relative, resolve } from 'node:path';
import { printable } from '../terminal.ts';
import type { SourceLocation } from '../model/contract/types.ts';
import type { ApiChange, ApiChanges, ChangeLevel, ChangeSubject } from './types.ts';

export interface ChangeGroup {
  /** Stable id: `operation:<slug>`, `webhook:<slug>`, `schema:<name>`, `security:<name>`, `version`. */
  id: string;
  subject: ChangeSubject;
  /** `GET /pets/{petId} (getPet)`, `Schema Pet`, `Security scheme api_key`. */
  title: string;
  /** Page of the operation or webhook in the new version; absent when it was removed. */
  href?: string;
  breaking: number;
  warnings: number;
  changes: ApiChange[];
}

export interface ChangeReport {
  base: ApiChanges['base'];
  head: ApiChanges['head'];
  summary: ApiChanges['summary'];
  /** One line, e.g. `2 breaking changes, 1 warning, 7 changes in total`. */
  headline: string;
  groups: ChangeGroup[];
}

const LEVEL_RANK: Record<ChangeLevel, number> = { breaking: 0, warning: 1, info: 2 };
const SUBJECT_RANK: Record<ChangeSubject, number> = { operation: 0, security: 1, webhook: 2, schema: 3, server: 4, version: 5 };

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function groupOf(change: ApiChange): Pick<ChangeGroup, 'id' | 'subject' | 'title' | 'href'> {
  if (change.operation) {
    const op = change.operation;
    const webhook = change.subject === 'webhook';
    const title = `${webhook ? `Webhook ${op.path}` : `${op.method.toUpperCase()} ${op.path}`}${op.operationId ? ` (${op.operationId})` : ''}`;
    const removed = change.kind === 'operation-removed' || change.kind === 'operation-removed-after-sunset';
    return {
      id: `${webhook ? 'webhook' : 'operation'}:${op.slug}`,
      subject: webhook ? 'webhook' : 'operation',
      title,
      ...(removed ? {} : { href: `/${webhook ? 'webhooks' : 'operations'}/${op.slug}/` }),
    };
  }
  if (change.schema !== undefined) return { id: `schema:${change.schema}`, subject: 'schema', title: `Schema ${change.schema}` };
  if (change.subject === 'version') return { id: 'version', subject: 'version', title: 'Version' };
  if (change.subject === 'server') return { id: 'servers', subject: 'server', title: 'Servers' };
  const name = change.securityScheme ?? '';
  return { id: `security:${name}`, subject: 'security', title: `Security scheme ${name}` };
}

export function headline(changes: ApiChanges): string {
  const { breaking, warnings, total } = changes.summary;
  if (total === 0) return 'No changes';
  return `${count(breaking, 'breaking change')}, ${count(warnings, 'warning')}, ${count(total, 'change')} in total`;
}

export function groupChanges(changes: ApiChanges): ChangeReport {
  const groups = new Map<string, ChangeGroup>();
  for (const change of changes.changes) {
    const g = groupOf(change);
    let group = groups.get(g.id);
    if (!group) {
      group = { ...g, breaking: 0, warnings: 0, changes: [] };
      groups.set(g.id, group);
    }
    group.changes.push(change);
    if (change.breaking) group.breaking++;
    else if (change.level === 'warning') group.warnings++;
  }
  const ordered = [...groups.values()];
  // Array sort is stable: equal groups keep document order.
  for (const group of ordered) group.changes.sort((a, b) => LEVEL_RANK[a.level] - LEVEL_RANK[b.level]);
  const rank = (g: ChangeGroup): number => (g.breaking ? 0 : g.warnings ? 1 : 2);
  ordered.sort((a, b) => rank(a) - rank(b) || SUBJECT_RANK[a.subject] - SUBJECT_RANK[b.subject]);
  return { base: changes.base, head: changes.head, summary: changes.summary, headline: headline(changes), groups: ordered };
}

function summaryLines(changes: ApiChanges): string[] {
  const s = changes.summary;
  const parts = (label: string, c: Record<string, number>): string | undefined => {
    const nonZero = Object.entries(c).filter(([, n]) => n > 0);
    return nonZero.length ? `${label}: ${nonZero.map(([k, n]) => `${n} ${k}`).join(', ')}` : undefined;
  };
  return [parts('Operations', s.operations), parts('Webhooks', s.webhooks), parts('Schemas', s.schemas), parts('Security schemes', s.securitySchemes)].filter(
    (l): l is string => l !== undefined,
  );
}

export interface TextOptions {
  /** ANSI colours (the CLI turns them on for terminals). */
  color?: boolean;
  /** Labels for the two documents, e.g. their paths. */
  baseLabel?: string;
  headLabel?: string;
  /** Files are named relative to this folder (where the command runs). Default: the current folder. */
  cwd?: string;
}

const TAGS: Record<ChangeLevel, string> = { breaking: 'BREAKING', warning: 'warning ', info: 'info    ' };

export function formatText(changes: ApiChanges, options: TextOptions = {}): string {
  const cwd = options.cwd ?? process.cwd();
  const place = (source: SourceLocation): string => `${relative(cwd, resolve(cwd, source.file)).split('\\').join('/')}:${source.line}:${source.col}`;
  const paint = (style: Parameters<typeof styleText>[0], text: string): string => (options.color ? styleText(style, text, { validateStream: false }) : text);
  const report = groupChanges(changes);
  // Titles, names and messages quote the descriptions: their control characters are shown escaped.
  const describe = (side: 'base' | 'head', label?: string): string => {
    const named = printable(`${changes[side].title} ${changes[side].version}`);
    return label ? `${printable(label)} (${named})` : named;
  };
  const lines: string[] = [`Comparing ${describe('base', options.baseLabel)} with ${describe('head', options.headLabel)}`];
  if (!changes.changes.length) {
    lines.push('', 'No changes.');
    return lines.join('\n');
  }
  lines.push(...summaryLines(changes));
  for (const group of report.groups) {
    lines.push('', paint('bold', printable(group.title)));
    for (const c of group.changes) {
      const tag =
        c.level === 'breaking' ? paint(['bold', 'red'], TAGS.breaking) : c.level === 'warning' ? paint('yellow', TAGS.warning) : paint('dim', TAGS.info);
      lines.push(`  ${tag}  ${printable(c.message)}${c.location ? paint('dim', ` [${printable(c.location)}]`) : ''}`);
      // The check's id (to set its level or accept it in the gate's settings) and the line to look at, as oasdiff prints them.
      lines.push(paint('dim', `            ${c.id}${c.source ? ` at ${printable(place(c.source))}` : ''}`));
    }
  }
  lines.push('', `${report.headline}.`);
  lines.push(changes.summary.breaking ? paint(['bold', 'red'], 'Breaking changes found.') : 'No breaking changes.');
  return lines.join('\n');
}
