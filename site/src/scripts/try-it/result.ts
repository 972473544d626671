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

const IN_WORDS = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `@1788220800` (RFC 9745's Deprecation) or an HTTP date (Sunset, older Deprecation drafts); undefined for anything else. */
function headerDate(value: string): Date | undefined {
  const seconds = /^@(-?\d+)$/.exec(value.trim());
  const date = seconds ? new Date(Number(seconds[1]) * 1000) : /\d{4}/.test(value) ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** "Deprecated since 1 September 2026 (2026-09-01; Deprecation: @1788220800)." — the date in words, then as sent. */
function dated(lead: string, name: string, value: string): (Node | string)[] {
  const date = headerDate(value);
  if (!date) return [`${name}: ${value}.`];
  const iso = date.toISOString().slice(0, 10);
  return [`${lead} `, el('time', { dateTime: iso }, IN_WORDS.format(date)), ` (${iso}; ${name}: ${value}).`];
}

function deprecationNote(headers: [string, string][]): HTMLElement[] {
  const deprecation = headers.find(([name]) => name === 'deprecation')?.[1];
  const sunset = headers.find(([name]) => name === 'sunset')?.[1];
  if (deprecation === undefined && sunset === undefined) return [];
  const parts: (Node | string)[] = [];
  if (deprecation !== undefined) {
    parts.push(...(headerDate(deprecation) ? dated('Deprecated since', 'Deprecation', deprecation) : [`Deprecated (Deprecation: ${deprecation}).`]));
  }
  if (sunset !== undefined) parts.push(...(parts.length ? [' '] : []), ...dated('May stop answering from', 'Sunset', sunset));
  return [el('p', { className: 'try-it-deprecated' }, ...parts)];
}

export function summary(outcome: Outcome): string {
  return `${`${outcome.status} ${statusText(outcome.status, outcome.statusText)}`.trim()} in ${outcome.ms} ms`;
}

function headerTable(headers: [string, string][]): HTMLElement {
  const rows = headers.map(([name, value]) =>
    el('tr', { className: NOTABLE.includes(name) ? 'try-it-notable' : '' }, el('th', { scope: 'row' }, name), el('td', {}, value)),
  );
  // Folded: the body is what a reader looks at first; the headers that matter here are named above it.
  return el(
    'details',
    { className: 'try-it-answer-headers' },
    el('summary', {}, `Headers (${rows.length})`),
    rows.length > 0
      ? el('table', { className: 'try-it-headers' }, el('caption', {}, 'Response headers the server lets this page read'), el('tbody', {}, ...rows))
      : el('p', { className: 'try-it-hint' }, 'The server lets this page read none of its headers.'),
  );
}

/** The answer's heading, status line, deprecation dates and headers: what every answer shows above its body. */
function answerHead(outcome: Outcome, method: string, url: string, headers: [string, string][]): Node[] {
  const tone = outcome.status >= 500 ? 'error' : outcome.status >= 400 ? 'warn' : 'ok';
  return [
    el('h3', { id: 'try-it-response-heading' }, 'Response'),
    el(
      'p',
      { className: 'try-it-summary' },
      el(
        'strong',
        { className: `try-it-code try-it-${tone}`, id: 'try-it-response-status' },
        `${outcome.status} ${statusText(outcome.status, outcome.statusText)}`.trim(),
      ),
      ` · ${outcome.ms} ms · ${method} `,
      el('code', {}, url),
    ),
    ...deprecationNote(headers),
    headerTable(headers),
  ];
}

const sorted = (outcome: Outcome) =>
  [...outcome.headers].sort(([a], [b]) => (NOTABLE.indexOf(a) + 1 || 99) - (NOTABLE.indexOf(b) + 1 || 99) || a.localeCompare(b));

export function renderOutcome(target: HTMLElement, outcome: Outcome, method: string, url: string): void {
  // A huge answer would freeze the page if shown whole; the curl sample gets all of it.
  const full = prettyBody(outcome.body, outcome.contentType);
  const body = full.length > MAX_SHOWN ? `${full.slice(0, MAX_SHOWN)}\n… (${full.length - MAX_SHOWN} more characters not shown)` : full;
  target.replaceChildren(
    ...answerHead(outcome, method, url, sorted(outcome)),
    body === ''
      ? el('p', { className: 'try-it-hint' }, 'No body.')
      : el('pre', { className: 'try-it-body', tabIndex: 0, id: 'try-it-response-body' }, el('code', {}, body)),
  );
  target.querySelector('pre')?.setAttribute('aria-label', 'Response body');
  target.hidden = false;
  // The answer opens below the form: in the sticky examples column it would stay under the fold,
  // with only the status line in view. Its heading goes to the top of what scrolls it.
  target.scrollIntoView({ block: 'start' });
}

/** An event stream's answer: its head, a count, a Stop button and the list its events go in as they arrive. */
export function renderStreamStart(
  target: HTMLElement,
  outcome: Outcome,
  method: string,
  url: string,
): { list: HTMLOListElement; count: HTMLElement; stop: HTMLButtonElement } {
  const list = el('ol', { className: 'try-it-events', id: 'try-it-events' });
  list.setAttribute('aria-label', 'Events received');
  const count = el('span', { id: 'try-it-event-count' }, 'Waiting for events…');
  const stop = el('button', { type: 'button', className: 'try-it-button try-it-small', id: 'try-it-stop' }, 'Stop');
  target.replaceChildren(...answerHead(outcome, method, url, sorted(outcome)), el('p', { className: 'try-it-stream' }, count, ' ', stop), list);
  target.hidden = false;
  return { list, count, stop };
}

/**
 * A redirect the panel did not follow (the request carried credentials): where it points when
 * known, and why it stopped. Returns the line for the status region.
 */
export function renderRedirect(target: HTMLElement, url: string, location: string | undefined): string {
  const origin = new URL(url).origin;
  const why = `It was not followed: the panel sends your credentials only to ${origin}, the address you chose.`;
  const next = location
    ? ' To call that address, choose it as the target.'
    : ' The browser does not let this page see where a redirect points; the curl sample shows it (add -i to see the Location header).';
  const text = location
    ? [`${origin} answered with a redirect to `, el('code', {}, location), `. ${why}${next}`]
    : [`${origin} answered with a redirect. ${why}${next}`];
  target.replaceChildren(el('h3', {}, 'Response'), el('p', { className: 'try-it-redirect', id: 'try-it-redirect' }, ...text));
  target.hidden = false;
  return `Response: a redirect${location ? ` to ${location}` : ''}, not followed; your credentials went only to ${origin}.`;
}

export function renderFailure(target: HTMLElement, message: string): void {
  target.replaceChildren(el('h3', {}, 'Response'), el('p', { className: 'try-it-failure', id: 'try-it-failure' }, message));
  target.hidden = false;
}
