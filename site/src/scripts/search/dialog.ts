// The search dialog (components/starlight/Search.astro): opened by its button or Ctrl/⌘ K, a
// query as the reader types, ten results at a time, each one line of method, path and summary
// (or a page's kind and title) over one line of text. Arrow keys move between the box and the
// results; Enter in the box opens the first one.
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

function readTexts(json: string | undefined): Texts {
  try {
    const given = JSON.parse(json ?? '{}') as Partial<Texts>;
    return { ...ENGLISH, ...Object.fromEntries(Object.entries(given).filter(([, v]) => typeof v === 'string' && v)) };
  } catch {
    return ENGLISH;
  }
}

/** One result: a link holding its line and its excerpt, all as text. */
function renderResult(view: ResultView): HTMLLIElement {
  const el = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const line = el('span', 'result-line');
  if (view.method) line.append(el('span', `method method-${view.method.toLowerCase()}`, view.method), el('code', 'result-path', view.path));
  else if (view.kind) line.append(el('span', 'result-kind', view.kind));
  if (view.title) line.append(el('span', 'result-title', view.title));
  if (view.deprecated) line.append(el('span', 'mark mark-caution', 'Deprecated'));
  const link = el('a', 'result-link') as HTMLAnchorElement;
  link.href = view.url;
  link.append(line);
  if (view.excerpt.length > 0) {
    const excerpt = el('span', 'result-excerpt');
    for (const part of view.excerpt) excerpt.append(part.mark ? el('mark', '', part.text) : document.createTextNode(part.text));
    link.append(excerpt);
  }
  const item = document.createElement('li');
  item.append(link);
  return item;
}

export class PortalSearch extends HTMLElement {
  #engine?: Promise<Engine>;
  #texts = ENGLISH;
  #query = 0;
  #list?: ResultList;
  #shown = 0;
  #term = '';

  connectedCallback(): void {
    this.#texts = readTexts(this.dataset.translations);
    const open = this.querySelector<HTMLButtonElement>('button.open')!;
    const dialog = this.querySelector('dialog')!;
    const frame = this.querySelector('.frame')!;
    const input = this.querySelector<HTMLInputElement>('input[type="search"]');
    if (/(Mac|iPhone|iPod|iPad)/i.test(navigator.platform)) {
      open.querySelector('kbd')!.textContent = '⌘ K';
      open.setAttribute('aria-keyshortcuts', 'Meta+K');
    }
    const show = () => {
      dialog.showModal();
      document.body.toggleAttribute('data-search-modal-open', true);
      input?.focus();
      input?.select();
    };
    open.addEventListener('click', show);
    this.querySelector('button.close')?.addEventListener('click', () => dialog.close());
    // A click on the backdrop (outside the frame) or on a result closes the dialog.
    dialog.addEventListener('click', (event) => {
      const target = event.target as Element;
      if (!frame.contains(target) || target.closest('a')) dialog.close();
    });
    dialog.addEventListener('close', () => document.body.toggleAttribute('data-search-modal-open', false));
    frame.addEventListener('keydown', (event) => this.#onKey(event as KeyboardEvent, input));
    input?.addEventListener('input', () => void this.#search(input.value));
    const more = this.querySelector<HTMLButtonElement>('button.search-more');
    if (more) more.textContent = this.#texts.load_more;
    more?.addEventListener('click', () => void this.#more(true));
    window.addEventListener('keydown', (event) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (dialog.open) dialog.close();
        else show();
      }
    });
    open.disabled = false;
  }

  #links(): HTMLAnchorElement[] {
    return [...this.querySelectorAll<HTMLAnchorElement>('.search-results a.result-link')];
  }

  /** Arrow keys move between the box and the results' links, as in a list box; Enter in the box opens the first. */
  #onKey(event: KeyboardEvent, input: HTMLInputElement | null): void {
    if (!input) return;
    const links = this.#links();
    if (event.key === 'Enter' && document.activeElement === input && links[0]) {
      event.preventDefault();
      links[0].click();
      return;
    }
    if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || links.length === 0) return;
    const stops: HTMLElement[] = [input, ...links];
    const at = stops.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    event.preventDefault();
    stops[Math.max(0, Math.min(stops.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
  }

  #status(text: string): void {
    const status = this.querySelector('.search-status');
    if (status) status.textContent = text;
  }

  #say(template: string, count?: string): string {
    return template.replace('[SEARCH_TERM]', this.#term).replace('[COUNT]', count ?? '');
  }

  async #search(value: string): Promise<void> {
    const query = ++this.#query;
    const term = value.trim();
    this.#term = term;
    const results = this.querySelector('.search-results')!;
    if (!term) {
      results.replaceChildren();
      this.#list = undefined;
      this.#status('');
      this.querySelector<HTMLButtonElement>('button.search-more')!.hidden = true;
      return;
    }
    this.#status(this.#say(this.#texts.searching));
    try {
      this.#engine ??= createEngine({
        bundlePath: this.dataset.bundle ?? '/pagefind/',
        baseUrl: this.dataset.base ?? '/',
        catalogue: this.dataset.catalogue,
        scope: this.dataset.scope,
      });
      const list = await (await this.#engine).search(term);
      if (list === null || query !== this.#query) return;
      this.#list = list;
      this.#shown = 0;
      results.replaceChildren();
      await this.#more(false, query);
    } catch {
      this.#engine = undefined;
      if (query === this.#query) this.#status('Search could not load. Check the connection and try again.');
    }
  }

  /** The next ten results; from the button, focus goes to the first of them. */
  async #more(focus: boolean, query = this.#query): Promise<void> {
    const list = this.#list;
    if (!list) return;
    const items = (await list.next(PAGE)).map((r) => renderResult(resultView(r)));
    if (query !== this.#query) return;
    this.querySelector('.search-results')!.append(...items);
    this.#shown += items.length;
    const more = this.querySelector<HTMLButtonElement>('button.search-more')!;
    more.hidden = list.ended;
    const count = `${this.#shown}${list.ended ? '' : '+'}`;
    this.#status(
      this.#say(this.#shown === 0 ? this.#texts.zero_results : this.#shown === 1 && list.ended ? this.#texts.one_result : this.#texts.many_results, count),
    );
    if (focus) items[0]?.querySelector('a')?.focus();
  }
}
