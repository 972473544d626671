// One tab set: the ARIA tabs pattern (arrow keys, Home, End; one tab in the tab order) for
// the language, status, media type and variant switches. A set with `data-remember` keeps
// the reader's choice across pages (localStorage), for the language of the code samples.
// Each choice is announced as a `portal-tab` event so linked views can follow it.

export interface TabChoice {
  value: string;
  /** Set when the reader chose it (not when it was restored or followed). */
  byReader: boolean;
}

export class PortalTabs extends HTMLElement {
  tabs(): HTMLButtonElement[] {
    return [...this.querySelectorAll<HTMLButtonElement>('[role="tab"]')].filter((t) => t.closest('portal-tabs') === this);
  }

  /** Shows the tab with this value; false when there is none. */
  choose(value: string, byReader = false): boolean {
    const tab = this.tabs().find((t) => t.dataset.value === value);
    if (!tab) return false;
    this.select(tab, byReader);
    return true;
  }

  get value(): string | undefined {
    return this.tabs().find((t) => t.getAttribute('aria-selected') === 'true')?.dataset.value;
  }

  private select(tab: HTMLButtonElement, byReader: boolean): void {
    for (const t of this.tabs()) {
      const selected = t === tab;
      t.setAttribute('aria-selected', String(selected));
      t.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
    const key = this.dataset.remember;
    if (key && byReader) {
      try {
        localStorage.setItem(key, tab.dataset.value ?? '');
      } catch {}
    }
    this.dispatchEvent(new CustomEvent<TabChoice>('portal-tab', { bubbles: true, detail: { value: tab.dataset.value ?? '', byReader } }));
  }

  connectedCallback(): void {
    const tabs = this.tabs();
    tabs.forEach((tab, i) => {
      tab.addEventListener('click', () => this.select(tab, true));
      tab.addEventListener('keydown', (event) => {
        const key = event.key;
        const next =
          key === 'ArrowRight' || key === 'ArrowDown'
            ? i + 1
            : key === 'ArrowLeft' || key === 'ArrowUp'
              ? i - 1
              : key === 'Home'
                ? 0
                : key === 'End'
                  ? tabs.length - 1
                  : undefined;
        if (next === undefined) return;
        event.preventDefault();
        const target = tabs[(next + tabs.length) % tabs.length];
        if (!target) return;
        this.select(target, true);
        target.focus();
      });
    });
    const key = this.dataset.remember;
    if (key) {
      let saved: string | null = null;
      try {
        saved = localStorage.getItem(key);
      } catch {}
      if (saved && saved !== this.value) this.choose(saved);
    }
  }
}

if (!customElements.get('portal-tabs')) customElements.define('portal-tabs', PortalTabs);
