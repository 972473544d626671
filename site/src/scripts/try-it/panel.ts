// The try-it panel's behaviour. The form is rendered by the page; this script reads it
// (form.ts), keeps what the reader entered for the site (persist.ts), tells the page's code
// samples what Send would send, sends (run.ts) and keeps a short history (history.ts). OAuth
// flows, environments and event streams load when first used. Plain DOM code: a framework
// would outweigh the whole panel.
import { markField } from './checks.ts';
import { addExtra, showExtrasCount } from './extras.ts';
import { alternative, findControls, mediaIndex, readInput, type Panel } from './form.ts';
import { load, renderHistory } from './history.ts';
import { restore, save, showAuthState } from './persist.ts';
import { buildRequest } from './request.ts';
import { run } from './run.ts';
import { forgetDevice, setRemember } from './store.ts';
import type { PanelData, RequestInput } from './types.ts';

/** Shows the parts of the form that belong to what is chosen: the target's fields, the schemes, the media type. */
function showParts(p: Panel): void {
  const mode = p.targetSelect.value;
  for (const part of p.root.querySelectorAll<HTMLElement>('[data-target-part]')) part.hidden = part.dataset.targetPart !== mode;
  const names = alternative(p);
  for (const scheme of p.root.querySelectorAll<HTMLElement>('[data-auth-scheme]')) scheme.hidden = !names.includes(scheme.dataset.authScheme!);
  for (const media of p.root.querySelectorAll<HTMLElement>('[data-media-index]')) media.hidden = Number(media.dataset.mediaIndex) !== mediaIndex(p);
  const bodyState = p.root.querySelector('[data-body-state]');
  if (bodyState) bodyState.textContent = p.data.body?.media[mediaIndex(p)]?.mediaType ?? '';
}

/** The answer goes where the response examples are, so the reader finds it where answers are shown. */
function placeResult(p: Panel): void {
  const examples = document.querySelector('.response-examples');
  if (examples) examples.before(p.result);
}

/**
 * Tells the page's code samples what Send would send now (scripts/reference/page.ts), numbered:
 * the samples carry the number of the input they show, so anyone can tell they are up to date.
 */
function announcer(p: Panel): () => void {
  let revision = 0;
  return () => {
    p.root.dataset.revision = String(++revision);
    p.root.dispatchEvent(new CustomEvent<RequestInput>('try-it-input', { bubbles: true, detail: readInput(p) }));
  };
}

/** A body example chosen in the panel fills the editor. */
function exampleChosen(p: Panel, select: HTMLSelectElement): void {
  const media = p.data.body?.media[mediaIndex(p)];
  const editor = select.closest('[data-media-index]')!.querySelector<HTMLTextAreaElement>('[data-body-text]')!;
  editor.value = media?.examples[Number(select.value)]?.text ?? editor.value;
}

function onClick(p: Panel, event: Event, changed: () => void): void {
  const button = (event.target as Element).closest<HTMLButtonElement>('button');
  if (!button || button.type === 'submit') return;
  if (button.id === 'try-it-send-anyway') void run(p, true);
  else if (button.dataset.addExtra) {
    addExtra(p.root, { kind: button.dataset.addExtra === 'cookie' ? 'cookie' : 'header', name: '', value: '' }).focus();
  } else if (button.dataset.removeExtra !== undefined) {
    button.closest('.try-it-extra')?.remove();
    p.root.querySelector<HTMLElement>('[data-add-extra="header"]')?.focus();
    changed();
  } else if (button.dataset.historyIndex !== undefined) {
    if (load(p, Number(button.dataset.historyIndex))) changed();
    p.status.textContent = 'Loaded into the form: Send sends it again.';
  } else if (button.dataset.oauthStart !== undefined) {
    // Opened now, while the click lets a page open a window; the flow then sends it to the authorization server.
    const code = button.closest('[data-oauth]')?.querySelector('select')?.value === 'authorizationCode';
    const popup = code ? window.open('', 'try-it-oauth', 'popup,width=520,height=680') : null;
    void import('./oauth.ts').then(({ getToken }) => getToken(p, button, changed, popup));
  }
}

function wire(p: Panel, announce: () => void): () => void {
  const changed = () => {
    showParts(p);
    save(p);
    showAuthState(p, false);
    showExtrasCount(p.root);
    announce();
  };
  p.form.addEventListener('input', (event) => {
    const field = event.target as HTMLElement;
    if (field.getAttribute('aria-invalid')) markField(p, field, null);
    changed();
  });
  p.form.addEventListener('change', (event) => {
    const field = event.target as HTMLElement;
    if (field === p.remember) {
      setRemember(p.remember.checked);
      if (!p.remember.checked) forgetDevice();
    }
    if (field instanceof HTMLSelectElement && field.dataset.exampleSelect !== undefined) exampleChosen(p, field);
    changed();
  });
  p.form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(p, false);
  });
  p.form.addEventListener('click', (event) => onClick(p, event, changed));
  p.root.querySelector('[data-section="environments"]')?.addEventListener('toggle', (event) => {
    if ((event.target as HTMLDetailsElement).open) void import('./environments.ts').then(({ showEnvironments }) => showEnvironments(p, changed));
  });
  return changed;
}

function panel(root: HTMLElement, data: PanelData): void {
  const p = findControls(root, data);
  placeResult(p);
  const documented = JSON.stringify(buildRequest(readInput(p)));
  restore(p);
  showParts(p);
  showAuthState(p, true);
  renderHistory(p);
  const announce = announcer(p);
  wire(p, announce);
  // A key or target the reader chose on another page is in this page's samples from the start;
  // so is the address of a server given relative to this site, which only the browser knows.
  // The samples' script may start before or after this one: it asks once it listens.
  const relative = p.targetSelect.value.startsWith('server-') && data.servers[Number(p.targetSelect.value.slice(7))]?.url.startsWith('/');
  if (JSON.stringify(buildRequest(readInput(p))) !== documented || relative) {
    announce();
    document.addEventListener('try-it-ask', announce);
  }
  p.sendButton.disabled = false;
}

export function initTryIt(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-try-it]')) {
    const island = root.querySelector('script[data-try-it-data]');
    if (!island?.textContent || root.dataset.ready) continue;
    root.dataset.ready = 'true';
    panel(root, JSON.parse(island.textContent) as PanelData);
  }
}
