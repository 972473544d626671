// One tab set: the ARIA tabs pattern (arrow keys, Home, End; one tab in the tab order) for
// the language, status, media type and variant switches. A set with `data-remember` keeps
// the reader's choice across pages (localStorage), for the language of the code samples.
// Each choice is announced as a `portal-tab` event so linked views can follow it. A tab may be
// a link to its panel (the code samples' tabs, which work as links without JavaScript), and a
// hidden tab is skipped by the arrow keys.

export interface TabChoice {
  value: string;
  /** Set when the reader chose it (not when it was restored or followed). */
  byReader: boolean;
}

/** Where an arrow key, Home or End moves from tab `i` of `count`; undefined for any other key. */
export function arrowTarget(key: string, i: number, count: number): number | undefined {
  const next =
    key === 'ArrowRight' || key === 'ArrowDown'
      ? i + 1
      : key === 'ArrowLeft' || key === 'ArrowUp'
        ? i - 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? count - 1
            : undefined;
  return next === undefined ? undefined : (next + count) % count;
}

export function remembered(key: string | undefined): string | null {
  if (!key) return null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export class PortalTabs extends HTMLElement {
  tabs(): HTMLElement[] {
    return [...this.querySelectorAll<HTMLElement>('[role="tab"]')].filter((t) => t.closest('portal-tabs, portal-samples') === this);
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

  protected select(tab: HTMLElement, byReader: boolean): void {
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

  /** The reader's last choice, kept under `data-remember`: shown when this set has it. */
  protected restore(saved: string): void {
    this.choose(saved);
  }

  /** The tab of this set an event happened on (tabs are found when the event comes: a set may gain tabs). */
  private tabOf(event: Event): HTMLElement | undefined {
    const tab = (event.target as Element).closest<HTMLElement>('[role="tab"]');
    return tab && tab.closest('portal-tabs, portal-samples') === this ? tab : undefined;
  }

  connectedCallback(): void {
    this.addEventListener('click', (event) => {
      const tab = this.tabOf(event);
      if (!tab) return;
      event.preventDefault();
      this.select(tab, true);
    });
    this.addEventListener('keydown', (event) => {
      const tab = this.tabOf(event);
      if (!tab) return;
      const shown = this.tabs().filter((t) => !t.hidden);
      const next = arrowTarget(event.key, shown.indexOf(tab), shown.length);
      const target = next === undefined ? undefined : shown[next];
      if (!target) return;
      event.preventDefault();
      this.select(target, true);
      target.focus();
    });
    const saved = remembered(this.dataset.remember);
    if (saved && saved !== this.value) this.restore(saved);
  }
}

if (!customElements.get('portal-tabs')) customElements.define('portal-tabs', PortalTabs);
