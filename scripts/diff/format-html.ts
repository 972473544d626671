// A page a reviewer opens (a CI artifact): the headline, then each changed operation, schema or
// scheme with its changes, breaking first, each with its level, check id, message and source
// line. One self-contained file, no script; everything from the descriptions escaped as text.
import { groupChanges } from './format.ts';
import { xml as text } from './format-junit.ts';
import type { ApiChanges, ChangeLevel } from './types.ts';

const LABEL: Record<ChangeLevel, string> = { breaking: 'Breaking', warning: 'Warning', info: 'Info' };

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1b1b1f;background:#fff}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:2rem}ul{padding:0;list-style:none}li{border-left:4px solid #8a8a94;padding:.25rem .75rem;margin:.5rem 0}
li.breaking{border-color:#b3261e}li.warning{border-color:#8a5a00}.level{font-weight:700;margin-right:.5rem}code{font-size:.9em}.where{color:#4a4a55;font-size:.9em}
@media (prefers-color-scheme:dark){body{color:#e6e6eb;background:#16161a}.where{color:#b4b4be}}`;

export function formatHtml(changes: ApiChanges): string {
  const report = groupChanges(changes);
  const title = `API changes: ${changes.base.title} ${changes.base.version} → ${changes.head.title} ${changes.head.version}`;
  const lines = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${text(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${text(title)}</h1>`,
    `<p><strong>${text(report.headline)}.</strong>${changes.summary.ignored ? ` ${changes.summary.ignored} accepted change(s) left out.` : ''}</p>`,
  ];
  for (const group of report.groups) {
    lines.push(`<section><h2>${text(group.title)}</h2><ul>`);
    for (const c of group.changes) {
      const where = [c.location ? `<code>${text(c.location)}</code>` : '', c.source ? `${text(c.source.file)}:${c.source.line}:${c.source.col}` : '']
        .filter(Boolean)
        .join(' · ');
      lines.push(
        `<li class="${c.level}"><span class="level">${LABEL[c.level]}</span><code>${text(c.id)}</code><br>${text(c.message)}${where ? `<br><span class="where">${where}</span>` : ''}</li>`,
      );
    }
    lines.push('</ul></section>');
  }
  lines.push('</main>', '</body>', '</html>');
  return lines.join('\n');
}
