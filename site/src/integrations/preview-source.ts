// The preview's source view: one file of the description with numbered,
// linkable lines (`#L12`), the reported problems under their lines. Only the
// files the document is made of, inside the description's folder or the
// project, are shown: never an arbitrary path, nor a file a `$ref` or a
// problem names elsewhere on the machine, nor one where credentials are kept.
import { readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { displayPath, type PreviewChannel } from '#site-build/preview-channel.ts';
import { credentialFile } from '#model/load/access.ts';

export interface SourcePage {
  status: number;
  html: string;
}

// Five characters cover text and attribute values; no library needed for that.
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
:root { color-scheme: light dark; --bg: #fff; --fg: #1b1b1f; --muted: #55575d; --hit: #fff3bf; --error: #b3261e; --warn: #7a5200; --line: #e4e4e7; }
@media (prefers-color-scheme: dark) { :root { --bg: #17181c; --fg: #ececf1; --muted: #a7a9b0; --hit: #4a3f0f; --error: #ffb4ab; --warn: #ffd68a; --line: #2c2d33; } }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
header { padding: 1rem 1.5rem; border-bottom: 1px solid var(--line); }
header h1 { margin: 0.25rem 0; font-size: 1.25rem; overflow-wrap: anywhere; }
a { color: inherit; }
main { padding: 0.5rem 0 4rem; }
.src { font: 14px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
.line { display: flex; }
.line .num { flex: none; width: 4.5rem; padding-right: 1rem; text-align: right; color: var(--muted); text-decoration: none; user-select: none; }
.line code { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; }
.line.current, .line:target { background: var(--hit); }
.problem { margin: 0.1rem 0 0.4rem 5.5rem; padding-left: 0.5rem; border-left: 3px solid currentColor; font-family: system-ui, sans-serif; }
.problem.error { color: var(--error); }
.problem.warning { color: var(--warn); }
`;

function page(status: number, title: string, body: string): SourcePage {
  return {
    status,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`,
  };
}

/** The real path (links followed) is inside one of the folders, and neither it nor the path asked for is where credentials are kept. */
export function inside(file: string, folders: readonly string[]): boolean {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return false;
  }
  return folders.some((folder) => {
    let base: string;
    try {
      base = realpathSync(folder);
    } catch {
      return false;
    }
    const rel = relative(base, real);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return false;
    // A config beside the description may be a symlink to `.npmrc`: judged by its own name and by where it leads.
    return credentialFile(rel) === undefined && credentialFile(relative(folder, file)) === undefined;
  });
}

export function renderSource(channel: PreviewChannel, file: string, line?: number): SourcePage {
  const back = '<p><a href="/">Back to the portal</a></p>';
  const absolute = file ? (isAbsolute(file) ? resolve(file) : resolve(channel.root, file)) : '';
  if (!absolute || !channel.files.includes(absolute) || !inside(absolute, channel.folders)) {
    return page(
      404,
      'Not a file of the description',
      `<header>${back}<h1>Not a file of the description</h1></header><main><p>The preview only shows the files the API description is made of, inside its folder or the project.</p></main>`,
    );
  }
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    return page(
      404,
      'File not found',
      `<header>${back}<h1>${escapeHtml(displayPath(absolute, channel.root))}</h1></header><main><p>${escapeHtml((error as Error).message)}</p></main>`,
    );
  }
  const shown = displayPath(absolute, channel.root);
  const problems = channel.status.problems.filter((p) => resolve(p.file) === absolute);
  const lines = text.split(/\r?\n/);
  const rows = lines.map((content, i) => {
    const n = i + 1;
    const notes = problems
      .filter((p) => p.line === n)
      .map((p) => `<p class="problem ${p.severity}">${escapeHtml(`${p.severity} ${p.rule}: ${p.message}`)} (column ${p.col})</p>`)
      .join('');
    const current = n === line ? ' current' : '';
    return `<div class="line${current}" id="L${n}"${current ? ' aria-current="location"' : ''}><a class="num" href="#L${n}" aria-label="Line ${n}">${n}</a><code>${escapeHtml(content) || ' '}</code></div>${notes}`;
  });
  const editor = `vscode://file/${encodeURI(absolute)}${line ? `:${line}` : ''}`;
  const title = line ? `${shown}:${line}` : shown;
  const summary = problems.length ? `${problems.length} problem${problems.length === 1 ? '' : 's'} in this file.` : 'No problem reported in this file.';
  return page(
    200,
    `${title} — source`,
    `<header>${back}<h1>${escapeHtml(title)}</h1><p>${summary} <a href="${escapeHtml(editor)}">Open in VS Code</a></p></header><main><div class="src">${rows.join('')}</div></main>`,
  );
}
