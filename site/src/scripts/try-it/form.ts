// The panel's form as the script sees it: its controls, found once, and what the reader chose
// in them read as one RequestInput, the input Send and the samples share.
import { withPlaceholders } from '../../lib/sample-input.ts';
import { readExtras } from './extras.ts';
import type { BodyInput, BodyPart, PanelData, RequestInput } from './types.ts';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Named = Blob & { name: string };

export interface Panel {
  root: HTMLElement;
  data: PanelData;
  form: HTMLFormElement;
  /** A control of this panel by id. */
  $<T extends HTMLElement = HTMLInputElement>(id: string): T | null;
  targetSelect: HTMLSelectElement;
  mockInput: HTMLInputElement;
  customInput: HTMLInputElement;
  authChoice: HTMLSelectElement | null;
  remember: HTMLInputElement | null;
  mediaSelect: HTMLSelectElement | null;
  scenario: HTMLSelectElement | null;
  sendButton: HTMLButtonElement;
  problemsBox: HTMLElement;
  status: HTMLElement;
  result: HTMLElement;
  /** Every credential field: keys, tokens, user names, passwords, OAuth clients' fields. */
  authInputs: HTMLInputElement[];
}

export function findControls(root: HTMLElement, data: PanelData): Panel {
  const $ = <T extends HTMLElement = HTMLInputElement>(id: string) => root.querySelector<T>(`#${id}`);
  return {
    root,
    data,
    form: root.querySelector<HTMLFormElement>('[data-try-it-form]')!,
    $,
    targetSelect: $<HTMLSelectElement>('try-it-target')!,
    mockInput: $('try-it-mock-url')!,
    customInput: $('try-it-custom-url')!,
    authChoice: $<HTMLSelectElement>('try-it-auth-choice'),
    remember: $('try-it-remember'),
    mediaSelect: $<HTMLSelectElement>('try-it-media'),
    scenario: $<HTMLSelectElement>('try-it-scenario'),
    sendButton: $<HTMLButtonElement>('try-it-send')!,
    problemsBox: $('try-it-problems')!,
    status: $('try-it-status')!,
    result: $('try-it-result')!,
    authInputs: [...root.querySelectorAll<HTMLInputElement>('[data-auth-part]')],
  };
}

export const schemeOf = (input: HTMLElement) => input.closest<HTMLElement>('[data-auth-scheme]')!.dataset.authScheme!;
export const authKey = (input: HTMLInputElement) => `${schemeOf(input)}:${input.dataset.authPart}`;

export function mediaIndex(p: Panel): number {
  return p.mediaSelect ? Number(p.mediaSelect.value) : 0;
}

/** The names of the schemes the chosen security alternative needs. */
export function alternative(p: Panel): string[] {
  return p.data.alternatives[p.authChoice ? Number(p.authChoice.value) : 0] ?? [];
}

export interface Target {
  base: string;
  mock: boolean;
  /** The field the address was typed in, to point a problem at. */
  field: HTMLInputElement | null;
}

export function target(p: Panel): Target {
  const mode = p.targetSelect.value;
  if (mode === 'mock') return { base: p.mockInput.value.trim(), mock: true, field: p.mockInput };
  if (mode === 'custom') return { base: p.customInput.value.trim(), mock: false, field: p.customInput };
  const server = p.data.servers[Number(mode.slice('server-'.length))];
  let base = server?.url ?? '';
  for (const input of p.root.querySelectorAll<Control>(`[data-target-part="${mode}"] [data-server-var]`)) {
    base = base.split(`{${input.dataset.serverVar}}`).join(input.value);
  }
  // A relative server URL is relative to where the document is served: here, this site.
  return { base: base.startsWith('/') ? location.origin + base : base, mock: false, field: null };
}

function files(input: HTMLInputElement): Named[] {
  return [...(input.files ?? [])];
}

/** The box of the media type chosen. */
export function mediaBox(p: Panel): HTMLElement | null {
  return p.root.querySelector<HTMLElement>(`[data-media-index="${mediaIndex(p)}"]`);
}

function body(p: Panel): BodyInput | undefined {
  const media = p.data.body?.media[mediaIndex(p)];
  const box = mediaBox(p);
  if (!media || !box) return undefined;
  if (media.kind === 'json' || media.kind === 'text') {
    return { kind: media.kind, mediaType: media.mediaType, text: box.querySelector<HTMLTextAreaElement>('[data-body-text]')!.value };
  }
  if (media.kind === 'binary') {
    return { kind: 'binary', mediaType: media.mediaType, file: files(box.querySelector<HTMLInputElement>('[data-body-file]')!)[0] };
  }
  const parts: BodyPart[] = [];
  for (const control of box.querySelectorAll<Control>('[data-field-index]')) {
    const field = media.fields[Number(control.dataset.fieldIndex)];
    if (!field) continue;
    if (control instanceof HTMLInputElement && control.type === 'file') {
      for (const file of files(control)) parts.push({ name: field.name, file });
    } else if (control.value !== '' || field.required) {
      parts.push({ name: field.name, value: control.value });
    }
  }
  return { kind: media.kind, mediaType: media.mediaType, parts };
}

/** The value typed for parameter `index`, as sent. */
export function paramControl(p: Panel, index: number): (Control & HTMLElement) | null {
  return p.$<Control & HTMLElement>(`try-it-param-${index}`);
}

/**
 * What Send sends and the samples show: the form's values, a credential left empty as its
 * placeholder (`Bearer <API_KEY>`), so a copied sample and the panel get the same answer.
 */
export function readInput(p: Panel): RequestInput {
  const chosen = target(p);
  const names = alternative(p);
  return withPlaceholders({
    method: p.data.method,
    base: chosen.base,
    path: p.data.path,
    params: p.data.params.map((spec, index) => ({ spec, value: (paramControl(p, index)?.value ?? '').trim() })),
    auth: p.data.schemes
      .filter((scheme) => names.includes(scheme.name))
      .map((scheme) => {
        const values: Record<string, string> = {};
        for (const field of p.authInputs) if (schemeOf(field) === scheme.name) values[field.dataset.authPart!] = field.value.trim();
        return { scheme, values };
      }),
    body: body(p),
    prefer: chosen.mock && p.scenario?.value ? p.scenario.value : undefined,
    extras: readExtras(p.root),
  });
}
