// What the panel keeps between pages of the site (store.ts says where): the target, the
// credentials per scheme, the reader's headers and cookies. Restored as a page opens, saved on
// every change, so a key entered once is on every page and in every sample.
import { readExtras, renderExtras } from './extras.ts';
import { alternative, authKey, schemeOf, type Panel } from './form.ts';
import { readKept, readKeptJson, readSecret, readSession, remembered, writeKept, writeSecret, writeSession } from './store.ts';
import type { Extra } from './types.ts';

// The scopes field starts from what this operation asks for; it is not carried to other pages.
const kept = (field: HTMLInputElement) => field.dataset.authPart !== 'scopes';

export function restore(p: Panel): void {
  const saved = readSession('target');
  // A server by its URL: pages of one site may list their servers in another order.
  const server = p.data.servers.findIndex((s) => s.url === saved);
  if (saved === 'mock' || saved === 'custom') p.targetSelect.value = saved;
  else if (server >= 0) p.targetSelect.value = `server-${server}`;
  p.mockInput.value = readSession('mock-url') || p.mockInput.value;
  p.customInput.value = readSession('custom-url') ?? '';
  if (p.remember) p.remember.checked = remembered();
  for (const field of p.authInputs) if (kept(field)) field.value = readSecret(authKey(field));
  renderExtras(p.root, readKeptJson<Extra[]>('extras', []));
  const environment = readSession('environment');
  const state = p.root.querySelector('[data-env-state]');
  if (state) state.textContent = environment ? `(${environment})` : '';
}

export function save(p: Panel): void {
  const mode = p.targetSelect.value;
  writeSession('target', mode.startsWith('server-') ? (p.data.servers[Number(mode.slice('server-'.length))]?.url ?? '') : mode);
  writeSession('mock-url', p.mockInput.value.trim() === p.data.mockUrl ? '' : p.mockInput.value.trim());
  writeSession('custom-url', p.customInput.value.trim());
  const remember = p.remember?.checked ?? false;
  for (const field of p.authInputs) if (kept(field)) writeSecret(authKey(field), field.value.trim(), remember);
  const extras = readExtras(p.root).filter((extra) => extra.name !== '' || extra.value !== '');
  writeKept('extras', extras.length > 0 ? JSON.stringify(extras) : '', remember);
  // Saved environments follow Remember too (environments.ts writes them when they change).
  writeKept('environments', readKept('environments'), remember);
}

/** Whether each scheme the chosen alternative needs has its credential. */
function missingCredentials(p: Panel): string[] {
  return alternative(p).filter((name) => {
    const fields = p.authInputs.filter((field) => schemeOf(field) === name && ['secret', 'username', 'password'].includes(field.dataset.authPart!));
    return fields.length > 0 && fields.every((field) => field.value.trim() === '');
  });
}

/** The authentication section's summary says what is entered; it opens where a credential is missing. */
export function showAuthState(p: Panel, openIfMissing: boolean): void {
  const state = p.root.querySelector('[data-auth-state]');
  if (!state) return;
  const missing = missingCredentials(p);
  const names = alternative(p);
  state.textContent = names.length === 0 ? '(none needed)' : missing.length === 0 ? `(${names.join(', ')}: entered)` : `(${missing.join(', ')}: not entered)`;
  if (openIfMissing && missing.length > 0) state.closest('details')!.open = true;
}
