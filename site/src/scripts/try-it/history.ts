// A short history per operation: the last requests sent from this tab, each with its answer's
// status, loaded back into the form with one button. Kept in the tab only, without credentials
// (the reader's keys stay where store.ts keeps them), at most ten, bodies up to 16 KB.
import { mediaBox, paramControl, type Panel } from './form.ts';
import { buildRequest } from './request.ts';
import { readSession, writeSession } from './store.ts';
import type { RequestInput } from './types.ts';

const MAX_ENTRIES = 10;
const MAX_BODY = 16_384;

interface Values {
  target: string;
  params: string[];
  media: string;
  body?: string;
  scenario: string;
}

interface Entry {
  at: number;
  status: string;
  /** Method, path and query as sent, credentials left out. */
  line: string;
  values: Values;
}

const key = (p: Panel) => `history:${p.data.method} ${p.data.path}`;

function entries(p: Panel): Entry[] {
  try {
    const list: unknown = JSON.parse(readSession(key(p)) ?? '[]');
    return Array.isArray(list) ? (list as Entry[]) : [];
  } catch {
    return [];
  }
}

function values(p: Panel): Values {
  const body = mediaBox(p)?.querySelector<HTMLTextAreaElement>('[data-body-text]')?.value;
  return {
    target: p.targetSelect.value,
    params: p.data.params.map((_, index) => paramControl(p, index)?.value ?? ''),
    media: p.mediaSelect?.value ?? '0',
    body: body !== undefined && body.length <= MAX_BODY ? body : undefined,
    scenario: p.scenario?.value ?? '',
  };
}

export function record(p: Panel, input: RequestInput, status: string): void {
  const url = new URL(buildRequest({ ...input, auth: [] }).url);
  const entry: Entry = { at: Date.now(), status, line: `${input.method.toUpperCase()} ${url.pathname}${url.search}`, values: values(p) };
  writeSession(key(p), JSON.stringify([entry, ...entries(p)].slice(0, MAX_ENTRIES)));
  renderHistory(p);
}

export function renderHistory(p: Panel): void {
  const list = p.root.querySelector('[data-history]');
  if (!list) return;
  const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const all = entries(p);
  list.replaceChildren(
    ...all.map((entry, index) => {
      const button = Object.assign(document.createElement('button'), { type: 'button', className: 'try-it-history-entry' });
      button.append(
        Object.assign(document.createElement('span'), { className: 'sr-only', textContent: 'Load ' }),
        `${entry.status} · ${entry.line} · ${time.format(entry.at)}`,
      );
      button.dataset.historyIndex = String(index);
      const item = document.createElement('li');
      item.append(button);
      return item;
    }),
  );
  const state = p.root.querySelector('[data-history-state]');
  if (state) state.textContent = all.length > 0 ? `(${all.length})` : '';
}

/** Puts an entry's values back in the form; true when there was one. */
export function load(p: Panel, index: number): boolean {
  const entry = entries(p)[index];
  if (!entry) return false;
  const { values: v } = entry;
  if (p.targetSelect.querySelector(`option[value="${CSS.escape(v.target)}"]`)) p.targetSelect.value = v.target;
  v.params.forEach((value, i) => {
    const control = paramControl(p, i);
    if (control && !(control instanceof HTMLInputElement && control.type === 'file')) control.value = value;
  });
  if (p.mediaSelect) p.mediaSelect.value = v.media;
  const editor = mediaBox(p)?.querySelector<HTMLTextAreaElement>('[data-body-text]');
  if (editor && v.body !== undefined) editor.value = v.body;
  if (p.scenario) p.scenario.value = v.scenario;
  return true;
}
