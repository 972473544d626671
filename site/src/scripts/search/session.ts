// What the search dialog does once the reader types (loaded then, not with the page): each query's
// results from the engine, ten at a time, each one line of method, path and summary (or a page's
// kind and title) over one line of text, and what the status line says.
import { resultView, type ResultView } from '../../lib/search-display.ts';
import { createEngine, type Engine, type ResultList } from './engine.ts';

const PAGE = 10;

interface Texts {
  searching: string;
  zero_results: string;
  many_results: string;
  one_result: string;
  load_more: string;
}

const ENGLISH: Texts = {
  searching: 'Searching for [SEARCH_TERM]...',
  zero_results: 'No results for [SEARCH_TERM]',
  many_results: '[COUNT] results for [SEARCH_TERM]',
  one_result: '[COUNT] result for [SEARCH_TERM]',
  load_more: 'Load more results',
};

/** Starlight's texts for Pagefind where the site sets them, English where it does not. */
function readTexts(json: string | undefined): Texts {
  try {
    const given = JSON.parse(json ?? '{}') as Record<string, unknown>;
    return { ...ENGLISH, ...Object.fromEntries(Object.entries(given).filter(([, v]) => typeof v === 'string' && v)) };
  } catch {
    return ENGLISH;
  }
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One result: a link holding its line and its excerpt, all written as text. */
function renderResult(view: ResultView): HTMLLIElement {
  const line = element('span', 'result-line');
  if (view.method) line.append(element('span', `method method-${view.method.toLowerCase()}`, view.method), element('code', 'result-path', view.path));
  else if (view.kind) line.append(element('span', 'result-kind', view.kind));
  if (view.title) line.append(element('span', 'result-title', view.title));
  if (view.deprecated) line.append(element('span', 'mark mark-caution', 'Deprecated'));
  const link = element('a', 'result-link') as HTMLAnchorElement;
  link.href = view.url;
  link.append(line);
  if (view.excerpt.length > 0) {
    const excerpt = element('span', 'result-excerpt');
    for (const part of view.excerpt) excerpt.append(part.mark ? element('mark', '', part.text) : document.createTextNode(part.text));
    link.append(excerpt);
  }
  const item = document.createElement('li');
  item.append(link);
  return item;
}

export class SearchSession {
  #root: HTMLElement;
  #texts: Texts;
  #engine?: Promise<Engine>;
  #query = 0;
  #term = '';
  #list?: ResultList;
  #shown = 0;

  constructor(root: HTMLElement) {
    this.#root = root;
    this.#texts = readTexts(root.dataset.translations);
    const more = this.#moreButton();
    if (more) more.textContent = this.#texts.load_more;
  }

  /** Loads Pagefind and the document's operations (once; again after a failure). */
  prepare(): Promise<Engine> {
    const { dataset } = this.#root;
    const base = import.meta.env.BASE_URL;
    this.#engine ??= createEngine({ bundlePath: `${base.replace(/\/$/, '')}/pagefind/`, baseUrl: base, catalogue: dataset.catalogue, scope: dataset.scope });
    return this.#engine;
  }

  #moreButton(): HTMLButtonElement | null {
    return this.#root.querySelector<HTMLButtonElement>('button.search-more');
  }

  #status(template: string, count = ''): void {
    const status = this.#root.querySelector('.search-status');
    if (status) status.textContent = template.replace('[SEARCH_TERM]', this.#term).replace('[COUNT]', count);
  }

  async search(value: string): Promise<void> {
    const query = ++this.#query;
    this.#term = value.trim();
    const results = this.#root.querySelector('.search-results')!;
    if (!this.#term) {
      results.replaceChildren();
      this.#list = undefined;
      this.#root.querySelector('.search-status')!.textContent = '';
      this.#moreButton()!.hidden = true;
      return;
    }
    this.#status(this.#texts.searching);
    try {
      const list = await (await this.prepare()).search(this.#term);
      if (list === null || query !== this.#query) return;
      this.#list = list;
      this.#shown = 0;
      results.replaceChildren();
      await this.more(false, query);
    } catch {
      this.#engine = undefined;
      if (query === this.#query) this.#root.querySelector('.search-status')!.textContent = 'Search could not load. Check the connection and try again.';
    }
  }

  /** The next ten results; from the button, focus goes to the first of them. */
  async more(focus: boolean, query = this.#query): Promise<void> {
    const list = this.#list;
    if (!list) return;
    const items = (await list.next(PAGE)).map((r) => renderResult(resultView(r)));
    if (query !== this.#query) return;
    this.#root.querySelector('.search-results')!.append(...items);
    this.#shown += items.length;
    this.#moreButton()!.hidden = list.ended;
    const count = `${this.#shown}${list.ended ? '' : '+'}`;
    const texts = this.#texts;
    this.#status(this.#shown === 0 ? texts.zero_results : this.#shown === 1 && list.ended ? texts.one_result : texts.many_results, count);
    if (focus) items[0]?.querySelector('a')?.focus();
  }
}
