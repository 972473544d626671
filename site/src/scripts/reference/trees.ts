// Field trees: the content type switches, "Expand all", and links to a field that open the
// levels above it. On every page with a schema tree (operations and schema pages).
import './tabs.ts';
import type { TabChoice } from './tabs.ts';

/** A body's content type switch (one field list, several media types): pressed state, then the same event as a tab set. */
function wireMediaSwitches(): void {
  for (const group of document.querySelectorAll<HTMLElement>('.media-switch')) {
    const buttons = [...group.querySelectorAll<HTMLButtonElement>('button[data-value]')];
    for (const button of buttons) {
      button.addEventListener('click', () => {
        for (const b of buttons) b.setAttribute('aria-pressed', String(b === button));
        group.dispatchEvent(new CustomEvent<TabChoice>('portal-tab', { bubbles: true, detail: { value: button.dataset.value ?? '', byReader: true } }));
      });
    }
  }
}

/** "Expand all" opens every nested level of one field list, and "Collapse all" closes them again. */
function wireExpandAll(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-expand-all]')) {
    const tree = button.closest('.schema');
    const levels = () => [...(tree?.querySelectorAll<HTMLDetailsElement>('details.nested') ?? [])];
    if (levels().length === 0) continue;
    delete button.dataset.pending;
    button.setAttribute('aria-expanded', 'false');
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      for (const details of levels()) details.open = open;
      button.setAttribute('aria-expanded', String(open));
      button.textContent = open ? 'Collapse all' : 'Expand all';
    });
  }
}

/** A link to a field opens the levels above it, so the field is there to see. */
function wireFieldLinks(): void {
  const reveal = () => {
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (!target?.classList.contains('field')) return;
    for (let el = target.parentElement; el; el = el.parentElement) {
      if (el instanceof HTMLDetailsElement) el.open = true;
      if (el.getAttribute('role') === 'tabpanel' && el.hidden) {
        document.querySelector<HTMLButtonElement>(`[aria-controls="${CSS.escape(el.id)}"]`)?.click();
      }
    }
    target.scrollIntoView({ block: 'start' });
  };
  reveal();
  window.addEventListener('hashchange', reveal);
}

wireMediaSwitches();
wireExpandAll();
wireFieldLinks();
