/// <reference types="astro/client" />
// Shown on every page of the preview: the problems of the last save, pushed by
// the dev server (/__preview/events) as soon as a build finishes. Errors open a
// panel over the page (which shows that save, or the last good version when the
// save does not load); warnings only a small count that opens the same list.
// While the save is validated and linted (after the page shows it), a small
// "Checking…" note says so, beside the problems known until then.
// Built with DOM calls and textContent only: messages quote the description,
// which must not become markup. A large API has thousands of problems (GitHub's:
// 3,600): the list shows them a hundred at a time, since laying out all of them
// took the browser over a second on every check, beside the save it was showing.
import type { PreviewProblem, PreviewStatus } from '../../../../scripts/preview-channel.ts';
import './problems.css';

const ID = 'portal-preview-problems';
/** How many problems the list shows at first, and adds on each "Show more". */
const PAGE = 100;
let expanded: boolean | undefined;
/** How many problems the list shows; kept across checks, so a writer's "Show more" holds while they fix. */
let shown = PAGE;
let last: PreviewStatus | undefined;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function sourceHref(p: PreviewProblem): string {
  return `/__preview/source?${new URLSearchParams({ file: p.display, line: String(p.line) })}#L${p.line}`;
}

function problemItem(p: PreviewProblem): HTMLLIElement {
  const place = `${p.display}:${p.line}:${p.col}`;
  return el(
    'li',
    { class: `ppp-item ppp-${p.severity}`, 'data-file': p.display, 'data-line': String(p.line), 'data-col': String(p.col) },
    el('a', { class: 'ppp-place', href: sourceHref(p) }, place),
    ' ',
    el('span', { class: 'ppp-severity' }, p.severity),
    ' ',
    el('code', { class: 'ppp-rule' }, p.rule),
    ' ',
    el('span', { class: 'ppp-message' }, p.message),
    ' ',
    el('a', { class: 'ppp-editor', href: `vscode://file/${encodeURI(p.file)}:${p.line}:${p.col}`, 'aria-label': `Open in editor: ${place}` }, 'Open in editor'),
  );
}

function render(status: PreviewStatus): void {
  last = status;
  document.getElementById(ID)?.remove();
  const checking = status.state === 'checking';
  if (status.state !== 'error' && status.errors === 0 && status.warnings === 0) {
    if (checking) {
      const note = el('p', { class: 'ppp-heading', role: 'status' }, 'Checking the description…');
      document.body.append(
        el('aside', { id: ID, class: 'ppp ppp-checking', 'aria-label': 'Problems in the API description', 'data-state': status.state }, note),
      );
    }
    return;
  }
  const failed = status.state === 'error';
  const errors = status.errors > 0 || failed;
  const open = expanded ?? errors;
  const heading = errors
    ? `The API description has ${plural(status.errors, 'error')}${status.warnings ? ` and ${plural(status.warnings, 'warning')}` : ''}.`
    : `The API description has ${plural(status.warnings, 'warning')}.`;
  const note = failed
    ? status.version > 0
      ? ' It does not load: this page shows the last version that did.'
      : ' It does not load: fix them to see the pages.'
    : errors
      ? ' This page shows it as saved.'
      : '';
  const pending = checking ? ' Checking the description for more…' : '';
  const toggle = el('button', { type: 'button', class: 'ppp-toggle', 'aria-expanded': String(open), 'aria-controls': `${ID}-list` }, open ? 'Hide' : 'Show');
  toggle.addEventListener('click', () => {
    expanded = !open;
    if (last) render(last);
  });
  const list = el('ol', { id: `${ID}-list`, class: 'ppp-list' }, ...status.problems.slice(0, shown).map(problemItem));
  const more = moreButton(status.problems, list);
  list.hidden = !open;
  if (more) more.hidden = !open;
  const panel = el(
    'aside',
    { id: ID, class: `ppp ${errors ? 'ppp-failed' : 'ppp-warned'}`, 'aria-label': 'Problems in the API description', 'data-state': status.state },
    el('div', { class: 'ppp-bar' }, el('p', { class: 'ppp-heading', role: 'status' }, el('strong', {}, heading), note, pending), toggle),
    list,
    ...(more ? [more] : []),
  );
  document.body.append(panel);
}

/** "Show 100 more (of 3,600)" under a list that does not show every problem yet; each press adds the next ones in place. */
function moreButton(problems: readonly PreviewProblem[], list: HTMLOListElement): HTMLButtonElement | undefined {
  if (problems.length <= shown) return undefined;
  const button = el('button', { type: 'button', class: 'ppp-more' });
  const label = (): void => {
    button.textContent = `Show ${Math.min(PAGE, problems.length - shown)} more (${shown.toLocaleString('en')} of ${problems.length.toLocaleString('en')} shown)`;
  };
  label();
  button.addEventListener('click', () => {
    const next = problems.slice(shown, shown + PAGE).map(problemItem);
    shown += next.length;
    list.append(...next);
    // Focus goes to the first problem added, so a keyboard reader continues where the list did.
    next[0]?.querySelector('a')?.focus();
    if (shown >= problems.length) button.remove();
    else label();
  });
  return button;
}

const events = new EventSource('/__preview/events');
events.addEventListener('message', (event: MessageEvent<string>) => render(JSON.parse(event.data) as PreviewStatus));
