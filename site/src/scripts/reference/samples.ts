// The code samples' languages: the most used as tabs, the others in a menu (the ARIA menu
// button pattern: Enter, Space or ArrowDown opens it, the arrow keys, Home and End move, Enter
// or Space chooses, Escape closes, focus goes back to the button). A language chosen from the
// menu shows as a tab beside the others while it is the choice; the choice is kept across
// pages. The languages the page was built with are in it; the menu's others are written here
// from the request the page keeps, with the generators loaded on that first choice
// (more-samples.ts).
import { MORE_LANGUAGES, type SampleLanguage } from '../../lib/sample-languages.ts';
import { PortalTabs, arrowTarget } from './tabs.ts';

class PortalSamples extends PortalTabs {
  private button?: HTMLButtonElement;
  private menu?: HTMLElement;

  protected override select(tab: HTMLElement, byReader: boolean): void {
    // A language chosen from the menu shows as a tab beside the others until another is chosen from it.
    if (tab.dataset.extra !== undefined) for (const t of this.tabs()) if (t.dataset.extra !== undefined) t.hidden = t !== tab;
    super.select(tab, byReader);
    for (const item of this.items()) item.setAttribute('aria-checked', String(item.dataset.value === tab.dataset.value));
  }

  protected override restore(saved: string): void {
    if (this.choose(saved)) return;
    const language = MORE_LANGUAGES.find((l) => l.label === saved);
    if (language) void this.write(language, false);
  }

  /** Chooses a language of the menu: its tab and sample, written first when the page was not built with it. */
  private async write(language: SampleLanguage, byReader: boolean): Promise<void> {
    let tab = this.tabs().find((t) => t.dataset.value === language.label);
    if (!tab) {
      const { renderLanguage } = await import('./more-samples.ts');
      tab = this.tabs().find((t) => t.dataset.value === language.label) ?? this.addLanguage(language);
      renderLanguage(this.closest<HTMLElement>('[data-request-sample]') ?? this, language.lang);
    }
    this.select(tab, byReader);
  }

  /** A tab and an empty panel for a language written in the browser. */
  private addLanguage(language: SampleLanguage): HTMLElement {
    const panel = document.createElement('div');
    panel.setAttribute('role', 'tabpanel');
    panel.id = `sample-panel-${language.lang}`;
    panel.setAttribute('aria-labelledby', `sample-tab-${language.lang}`);
    panel.hidden = true;
    const pre = Object.assign(document.createElement('pre'), { className: 'code', tabIndex: 0 });
    pre.dataset.lang = language.lang;
    pre.setAttribute('role', 'group');
    pre.setAttribute('aria-label', `${language.label} sample`);
    pre.append(document.createElement('code'));
    panel.append(pre);
    const last = [...this.querySelectorAll('[role="tabpanel"]')].at(-1);
    (last ?? this).after(panel);
    const tab = Object.assign(document.createElement('a'), {
      href: `#${panel.id}`,
      id: `sample-tab-${language.lang}`,
      textContent: language.label,
      tabIndex: -1,
    });
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panel.id);
    tab.setAttribute('aria-selected', 'false');
    tab.dataset.value = language.label;
    tab.dataset.extra = '';
    this.querySelector('[role="tablist"]')?.append(tab);
    return tab;
  }

  private items(): HTMLElement[] {
    return [...(this.menu?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
  }

  /** The menu's items, made when it is first opened: the page's other languages, then those written here. */
  private fillMenu(menu: HTMLElement): void {
    if (menu.childElementCount > 0) return;
    const built = this.tabs().filter((t) => t.dataset.extra !== undefined);
    const labels = [...built.map((t) => t.dataset.value ?? ''), ...MORE_LANGUAGES.map((l) => l.label)];
    const chosen = this.value;
    for (const label of [...new Set(labels)]) {
      const item = Object.assign(document.createElement('button'), { type: 'button', textContent: label, tabIndex: -1 });
      item.setAttribute('role', 'menuitemradio');
      item.setAttribute('aria-checked', String(label === chosen));
      item.dataset.value = label;
      menu.append(item);
    }
  }

  private open(focus: 'first' | 'last' | 'checked'): void {
    const { button, menu } = this;
    if (!button || !menu) return;
    this.fillMenu(menu);
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const items = this.items();
    const target = focus === 'last' ? items.at(-1) : focus === 'first' ? items[0] : (items.find((i) => i.getAttribute('aria-checked') === 'true') ?? items[0]);
    target?.focus();
  }

  private close(refocus: boolean): void {
    if (!this.button || !this.menu || this.menu.hidden) return;
    this.menu.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    if (refocus) this.button.focus();
  }

  private pick(item: HTMLElement): void {
    const label = item.dataset.value ?? '';
    this.close(true);
    if (this.choose(label, true)) return;
    const language = MORE_LANGUAGES.find((l) => l.label === label);
    if (language) void this.write(language, true);
  }

  private wireMenu(button: HTMLButtonElement, menu: HTMLElement): void {
    button.addEventListener('click', () => (menu.hidden ? this.open('checked') : this.close(false)));
    button.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      this.open(event.key === 'ArrowUp' ? 'last' : 'first');
    });
    menu.addEventListener('click', (event) => {
      const item = (event.target as Element).closest<HTMLElement>('[role="menuitemradio"]');
      if (item) this.pick(item);
    });
    menu.addEventListener('keydown', (event) => {
      const items = this.items();
      const at = items.indexOf(document.activeElement as HTMLElement);
      if (event.key === 'Escape') this.close(true);
      else if (event.key === 'Tab') this.close(false);
      else if ((event.key === 'Enter' || event.key === ' ') && items[at]) this.pick(items[at]);
      else {
        const next = arrowTarget(event.key, at, items.length);
        if (next === undefined) return;
        items[next]?.focus();
      }
      if (event.key !== 'Tab') event.preventDefault();
    });
    document.addEventListener('click', (event) => {
      if (!this.contains(event.target as Node)) this.close(false);
    });
  }

  override connectedCallback(): void {
    this.button = this.querySelector<HTMLButtonElement>('.lang-more') ?? undefined;
    this.menu = this.querySelector<HTMLElement>('[role="menu"]') ?? undefined;
    if (this.button && this.menu) {
      this.wireMenu(this.button, this.menu);
      delete this.button.dataset.pending;
    }
    super.connectedCallback();
    // The inline script showed the kept language with a style of its own until now: the panels take it over.
    const early = document.getElementById('sample-choice');
    if (early) {
      const value = this.value;
      if (value) this.choose(value);
      early.remove();
    }
  }
}

if (!customElements.get('portal-samples')) customElements.define('portal-samples', PortalSamples);
