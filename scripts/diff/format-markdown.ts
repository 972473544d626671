// A pull-request comment: the headline, a summary table, then the changes by
// level (breaking first), long lists folded into <details> so the comment
// stays readable on large changes.
import { printable } from '../terminal.ts';
import { groupChanges } from './format.ts';
import type { ApiChange, ApiChanges, ChangeLevel } from './types.ts';

/** Lists longer than this are folded. */
const LONG = 10;

/** A hidden marker, so a workflow can find and update its own comment instead of adding one per push. */
export const MARKDOWN_MARKER = '<!-- api-changes -->';

/** Escapes text for Markdown so paths like `/pets/{id}` or `.*` render literally; line breaks would end a list item. */
export function md(text: string): string {
  return printable(text.replace(/\s*[\r\n]+\s*/g, ' ')).replace(/[\\`*_{}[\]()<>#+!|~]/g, (c) => `\\${c}`);
}

/** Inline code, with backticks that cannot close it. */
function code(text: string): string {
  return `\`${printable(text.replace(/\s*[\r\n]+\s*/g, ' ')).replace(/`/g, "'")}\``;
}

const SECTIONS: { level: ChangeLevel; title: string }[] = [
  { level: 'breaking', title: 'Breaking changes' },
  { level: 'warning', title: 'Warnings' },
  { level: 'info', title: 'Other changes' },
];

function summaryTable(changes: ApiChanges): string[] {
  const s = changes.summary;
  const counted = (of: (c: ApiChange) => boolean, level: ChangeLevel): number => changes.changes.filter((c) => of(c) && c.level === level).length;
  const isOperation = (c: ApiChange): boolean => c.subject === 'operation' || (c.subject === 'security' && c.operation !== undefined);
  type Counts = { added: number; removed: number; changed: number; moved?: number };
  const rows: [string, Counts | undefined, (c: ApiChange) => boolean][] = [
    ['Operations', s.operations, isOperation],
    ['Webhooks', s.webhooks, (c) => c.subject === 'webhook'],
    ['Schemas', s.schemas, (c) => c.subject === 'schema'],
    ['Security schemes', s.securitySchemes, (c) => c.subject === 'security' && c.securityScheme !== undefined],
    ['Version', undefined, (c) => c.subject === 'version'],
  ];
  const lines = ['| | Added | Removed | Changed | Breaking | Warnings |', '|---|--:|--:|--:|--:|--:|'];
  for (const [label, counts, of] of rows) {
    const breaking = counted(of, 'breaking');
    const warnings = counted(of, 'warning');
    if (breaking + warnings + counted(of, 'info') === 0) continue;
    // A moved operation is a changed one to a reader of the table.
    const what = counts ? [counts.added, counts.removed, counts.changed + (counts.moved ?? 0)] : ['—', '—', '—'];
    lines.push(`| ${label} | ${what.join(' | ')} | ${breaking} | ${warnings} |`);
  }
  return lines;
}

export function formatMarkdown(changes: ApiChanges): string {
  const report = groupChanges(changes);
  const { base, head } = changes;
  const lines = [
    MARKDOWN_MARKER,
    `## API changes: ${md(base.title)} ${md(base.version)} → ${md(head.title)} ${md(head.version)}`,
    '',
    `**${md(report.headline)}.**${changes.summary.breaking ? ' Clients written against the base version can fail: each breaking change says why.' : ''}`,
  ];
  if (!changes.changes.length) return lines.join('\n');
  lines.push('', ...summaryTable(changes));
  for (const { level, title } of SECTIONS) {
    const items = report.groups.flatMap((g) =>
      g.changes.filter((c) => c.level === level).map((c) => `- **${md(g.title)}**: ${md(c.message)}${c.location ? ` (${code(c.location)})` : ''}`),
    );
    if (!items.length) continue;
    const heading = `${title} (${items.length})`;
    if (items.length > LONG) lines.push('', '<details>', `<summary><strong>${heading}</strong></summary>`, '', ...items, '', '</details>');
    else lines.push('', `### ${heading}`, '', ...items);
  }
  return lines.join('\n');
}
