// The reader's own headers and cookies ("Headers and cookies"): a row of name and value per
// entry, sent with every request of the site and kept like credentials (they often are one).
import type { Extra } from './types.ts';

let made = 0;

function field(id: string, label: string, value: string, data: string): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = 'try-it-field';
  const text = Object.assign(document.createElement('label'), { htmlFor: id, textContent: label });
  const input = Object.assign(document.createElement('input'), { id, type: 'text', value, spellcheck: false, autocomplete: 'off' });
  input.setAttribute(data, '');
  const error = Object.assign(document.createElement('p'), { id: `${id}-error`, className: 'try-it-error', hidden: true });
  wrap.append(text, input, error);
  return wrap;
}

/** Adds a row; returns its name field. */
export function addExtra(root: HTMLElement, extra: Extra): HTMLInputElement {
  const id = `try-it-extra-${++made}`;
  const row = document.createElement('div');
  row.className = 'try-it-extra';
  row.dataset.extraKind = extra.kind;
  const word = extra.kind === 'header' ? 'Header' : 'Cookie';
  const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'try-it-button try-it-small', textContent: 'Remove' });
  remove.dataset.removeExtra = '';
  remove.setAttribute('aria-label', `Remove this ${extra.kind}`);
  row.append(field(`${id}-name`, `${word} name`, extra.name, 'data-extra-name'), field(`${id}-value`, 'Value', extra.value, 'data-extra-value'), remove);
  root.querySelector('[data-extras]')?.append(row);
  return row.querySelector<HTMLInputElement>('[data-extra-name]')!;
}

export function readExtras(root: HTMLElement): Extra[] {
  return [...root.querySelectorAll<HTMLElement>('.try-it-extra')].map((row) => ({
    kind: row.dataset.extraKind === 'cookie' ? 'cookie' : 'header',
    name: row.querySelector<HTMLInputElement>('[data-extra-name]')!.value.trim(),
    value: row.querySelector<HTMLInputElement>('[data-extra-value]')!.value,
  }));
}

/** How many are sent, in the section's summary. */
export function showExtrasCount(root: HTMLElement): void {
  const state = root.querySelector('[data-extras-state]');
  const count = readExtras(root).filter((e) => e.name !== '').length;
  if (state) state.textContent = count > 0 ? `(${count})` : '';
}

export function renderExtras(root: HTMLElement, extras: Extra[]): void {
  root.querySelector('[data-extras]')?.replaceChildren();
  for (const extra of extras) addExtra(root, extra);
  showExtrasCount(root);
}
