// Renders an answer into the panel. Everything from the server goes in as
// text nodes, never as markup.
import { prettyBody, statusText, type Outcome } from './send.ts';

// Headers a reader of a deprecated operation is looking for, listed first.
const NOTABLE = ['deprecation', 'sunset', 'link'];
const MAX_SHOWN = 200_000;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export function summary(outcome: Outcome): string {
  return `${outcome.status} ${statusText(outcome.status, outcome.statusText)}`.trim() + ` in ${outcome.ms} ms`;
}

export function renderOutcome(target: HTMLElement, outcome: Outcome, method: string, url: string): void {
  const tone = outcome.status >= 500 ? 'error' : outcome.status >= 400 ? 'warn' : 'ok';
  const headers = [...outcome.headers].sort(
    ([a], [b]) => (NOTABLE.indexOf(a) + 1 || 99) - (NOTABLE.indexOf(b) + 1 || 99) || a.localeCompare(b),
  );
  const rows = headers.map(([name, value]) =>
    el('tr', { className: NOTABLE.includes(name) ? 'try-it-notable' : '' }, el('th', { scope: 'row' }, name), el('td', {}, value)),
  );
  const deprecation = headers.filter(([name]) => name === 'deprecation' || name === 'sunset');
  // A huge answer would freeze the page if shown whole; the curl command gets all of it.
  const full = prettyBody(outcome.body, outcome.contentType);
  const body = full.length > MAX_SHOWN ? `${full.slice(0, MAX_SHOWN)}\n… (${full.length - MAX_SHOWN} more characters not shown)` : full;
  target.replaceChildren(
    el('h3', { id: 'try-it-response-heading' }, 'Response'),
    el(
      'p',
      { className: 'try-it-summary' },
      el('strong', { className: `try-it-code try-it-${tone}`, id: 'try-it-response-status' }, `${outcome.status} ${statusText(outcome.status, outcome.statusText)}`.trim()),
      ` · ${outcome.ms} ms · ${method} `,
      el('code', {}, url),
    ),
    ...(deprecation.length > 0
      ? [el('p', { className: 'try-it-deprecated' }, 'This operation is deprecated: ', deprecation.map(([n, v]) => `${n[0].toUpperCase()}${n.slice(1)}: ${v}`).join('; '), '.')]
      : []),
    el('h4', {}, `Headers (${rows.length})`),
    rows.length > 0
      ? el('table', { className: 'try-it-headers' }, el('caption', {}, 'Response headers the server lets this page read'), el('tbody', {}, ...rows))
      : el('p', { className: 'try-it-hint' }, 'The server lets this page read none of its headers.'),
    el('h4', {}, 'Body'),
    body === ''
      ? el('p', { className: 'try-it-hint' }, 'No body.')
      : el('pre', { className: 'try-it-body', tabIndex: 0, id: 'try-it-response-body' }, el('code', {}, body)),
  );
  target.querySelector('pre')?.setAttribute('aria-label', 'Response body');
  target.hidden = false;
}

export function renderFailure(target: HTMLElement, message: string): void {
  target.replaceChildren(el('h3', {}, 'Response'), el('p', { className: 'try-it-failure', id: 'try-it-failure' }, message));
  target.hidden = false;
}
