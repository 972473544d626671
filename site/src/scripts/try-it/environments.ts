// Environments: named sets of target, credentials, headers and cookies ("staging", "my
// account"), saved from what the panel holds and put back with one button, on any page of the
// site. Kept like credentials (they hold them): this tab, or this device when remembered.
// Loaded when the reader opens the Environments section.
import { readExtras, renderExtras } from './extras.ts';
import { authKey, type Panel } from './form.ts';
import { readKeptJson, readSecret, readSession, writeKept, writeSecret, writeSession } from './store.ts';
import type { Extra } from './types.ts';

interface Environment {
  /** A server by its URL, or `mock` or `custom`. */
  target: string;
  mockUrl: string;
  customUrl: string;
  /** Credentials by `<scheme>:<part>`, for every scheme of the site entered so far. */
  auth: Record<string, string>;
  extras: Extra[];
}

const KEY = 'environments';
const all = () => readKeptJson<Record<string, Environment>>(KEY, {});
const remembered = (p: Panel) => p.remember?.checked ?? false;

function snapshot(p: Panel, previous: Environment | undefined): Environment {
  const mode = p.targetSelect.value;
  const auth: Record<string, string> = { ...previous?.auth };
  for (const field of p.authInputs) if (field.dataset.authPart !== 'scopes') auth[authKey(field)] = field.value.trim();
  return {
    target: mode.startsWith('server-') ? (p.data.servers[Number(mode.slice('server-'.length))]?.url ?? '') : mode,
    mockUrl: p.mockInput.value.trim(),
    customUrl: p.customInput.value.trim(),
    auth,
    extras: readExtras(p.root).filter((extra) => extra.name !== ''),
  };
}

/** Puts an environment in the form, and its credentials for schemes not on this page where the panel keeps them. */
function apply(p: Panel, environment: Environment): void {
  const server = p.data.servers.findIndex((s) => s.url === environment.target);
  if (server >= 0) p.targetSelect.value = `server-${server}`;
  else if (environment.target === 'mock' || environment.target === 'custom') p.targetSelect.value = environment.target;
  else writeSession('target', environment.target);
  p.mockInput.value = environment.mockUrl || p.data.mockUrl;
  p.customInput.value = environment.customUrl;
  for (const [key, value] of Object.entries(environment.auth)) if (readSecret(key) !== value) writeSecret(key, value, remembered(p));
  for (const field of p.authInputs) if (field.dataset.authPart !== 'scopes') field.value = environment.auth[authKey(field)] ?? '';
  renderExtras(p.root, environment.extras);
}

function button(text: string, label: string, onClick: () => void): HTMLButtonElement {
  const made = Object.assign(document.createElement('button'), { type: 'button', className: 'try-it-button try-it-small', textContent: text });
  made.setAttribute('aria-label', label);
  made.addEventListener('click', onClick);
  return made;
}

export function showEnvironments(p: Panel, changed: () => void): void {
  const box = p.root.querySelector<HTMLElement>('[data-environments]')!;
  const state = p.root.querySelector<HTMLElement>('[data-env-state]')!;
  const store = (next: Record<string, Environment>) => writeKept(KEY, Object.keys(next).length > 0 ? JSON.stringify(next) : '', remembered(p));
  const activate = (name: string) => {
    writeSession('environment', name);
    state.textContent = name ? `(${name})` : '';
  };
  const render = (focus?: string) => {
    const saved = all();
    const active = readSession('environment') ?? '';
    const list = Object.assign(document.createElement('ul'), { className: 'try-it-environments' });
    for (const name of Object.keys(saved)) {
      const item = Object.assign(document.createElement('li'), { textContent: `${name}${name === active ? ' (in use)' : ''} ` });
      const use = button('Use', `Use ${name}`, () => {
        apply(p, saved[name]!);
        activate(name);
        changed();
        render(`Use ${name}`);
      });
      const remove = button('Delete', `Delete ${name}`, () => {
        const { [name]: _, ...rest } = all();
        store(rest);
        if (active === name) activate('');
        render('Save');
      });
      item.append(use, ' ', remove);
      list.append(item);
    }
    const field = Object.assign(document.createElement('div'), { className: 'try-it-field' });
    const label = Object.assign(document.createElement('label'), { htmlFor: 'try-it-env-name', textContent: 'Name' });
    const name = Object.assign(document.createElement('input'), { id: 'try-it-env-name', type: 'text', value: active, autocomplete: 'off' });
    field.append(label, name);
    const save = button('Save', 'Save the target, credentials, headers and cookies as this environment', () => {
      const chosen = name.value.trim();
      if (chosen === '') return name.focus();
      store({ ...all(), [chosen]: snapshot(p, all()[chosen]) });
      activate(chosen);
      render(`Use ${chosen}`);
    });
    // Enter in the name saves the environment, rather than sending the request as the form would.
    name.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      save.click();
    });
    const hint = Object.assign(document.createElement('p'), {
      className: 'try-it-hint',
      textContent: 'A named set of target, credentials, headers and cookies, to switch between on any page of this site.',
    });
    box.replaceChildren(hint, list, field, save);
    if (focus) [...box.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === focus || b.textContent === focus)?.focus();
  };
  render();
}
