// The search dialog (components/starlight/Search.astro): opened by its button or Ctrl/⌘ K; arrow
// keys move between the box and the results, Enter in the box opens the first. What searches and
// shows the results (session.ts, with Pagefind and the rules) loads when the dialog first opens,
// not with the page.
import type { SearchSession } from './session.ts';

export class PortalSearch extends HTMLElement {
  #session?: Promise<SearchSession>;

  connectedCallback(): void {
    const open = this.querySelector<HTMLButtonElement>('button.open')!;
    const dialog = this.querySelector('dialog')!;
    const frame = this.querySelector('.frame')!;
    const input = this.querySelector<HTMLInputElement>('input[type="search"]');
    if (/(Mac|iPhone|iPod|iPad)/i.test(navigator.platform)) {
      open.querySelector('kbd')!.textContent = '⌘ K';
      open.setAttribute('aria-keyshortcuts', 'Meta+K');
    }
    const show = () => {
      // What searches starts loading as the dialog opens, while the reader types (the development
      // server has no index and no search box).
      if (input) void this.#loadSession().then((s) => s.prepare().catch(() => undefined));
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
    input?.addEventListener('input', () => void this.#loadSession().then((s) => s.search(input.value)));
    this.querySelector('button.search-more')?.addEventListener('click', () => void this.#loadSession().then((s) => s.more(true)));
    window.addEventListener('keydown', (event) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (dialog.open) dialog.close();
        else show();
      }
    });
    open.disabled = false;
  }

  #loadSession(): Promise<SearchSession> {
    this.#session ??= import('./session.ts').then(({ SearchSession }) => new SearchSession(this));
    return this.#session;
  }

  /** Arrow keys move between the box and the results' links, as in a list box; Enter in the box opens the first. */
  #onKey(event: KeyboardEvent, input: HTMLInputElement | null): void {
    if (!input) return;
    const links = [...this.querySelectorAll<HTMLAnchorElement>('.search-results a.result-link')];
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
}
