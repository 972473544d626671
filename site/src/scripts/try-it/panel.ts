// The try-it panel's behaviour. The form is rendered by the page; this script
// reads it, keeps the curl command in step, sends the request and shows the
// answer. Plain DOM code: a framework would outweigh the whole panel.
import { toCurl } from './curl.ts';
import { buildRequest } from './request.ts';
import { browserSends, headerValueProblem } from './headers.ts';
import { renderFailure, renderOutcome, renderRedirect, summary } from './result.ts';
import { explainFailure, redirectTarget, send, unsendableHeaders } from './send.ts';
import { withPlaceholders } from '../../lib/sample-input.ts';
import { forgetDevice, readSecret, readSession, remembered, setRemember, writeSecret, writeSession } from './store.ts';
import type { BodyInput, BodyPart, BuiltRequest, PanelData, RequestInput } from './types.ts';

interface Problem {
  message: string;
  /** The control to mark invalid and link to. */
  field?: HTMLElement;
  /** Nothing can be sent at all (no valid address), so no "Send anyway". */
  blocking?: boolean;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Named = Blob & { name: string };

function panel(root: HTMLElement, data: PanelData): void {
  const form = root.querySelector<HTMLFormElement>('[data-try-it-form]')!;
  const $ = <T extends HTMLElement = HTMLInputElement>(id: string) => root.querySelector<T>(`#${id}`);
  const targetSelect = $<HTMLSelectElement>('try-it-target')!;
  const mockInput = $('try-it-mock-url')!;
  const customInput = $('try-it-custom-url')!;
  const authChoice = $<HTMLSelectElement>('try-it-auth-choice');
  const remember = $('try-it-remember');
  const mediaSelect = $<HTMLSelectElement>('try-it-media');
  const scenario = $<HTMLSelectElement>('try-it-scenario');
  const sendButton = $<HTMLButtonElement>('try-it-send')!;
  const copyButton = $<HTMLButtonElement>('try-it-copy')!;
  const copyStatus = $('try-it-copy-status')!;
  const problemsBox = $('try-it-problems')!;
  const curlBox = $<HTMLTextAreaElement>('try-it-curl')!;
  const status = $('try-it-status')!;
  const result = $('try-it-result')!;
  const authInputs = [...root.querySelectorAll<HTMLInputElement>('[data-auth-part]')];
  const schemeOf = (input: HTMLElement) => input.closest<HTMLElement>('[data-auth-scheme]')!.dataset.authScheme!;
  const authKey = (input: HTMLInputElement) => `${schemeOf(input)}:${input.dataset.authPart}`;
  let busy = false;

  // --- What the reader chose ------------------------------------------------

  function mediaIndex(): number {
    return mediaSelect ? Number(mediaSelect.value) : 0;
  }

  function alternative(): string[] {
    return data.alternatives[authChoice ? Number(authChoice.value) : 0] ?? [];
  }

  function target(): { base: string; mock: boolean; field: HTMLInputElement | null } {
    const mode = targetSelect.value;
    if (mode === 'mock') return { base: mockInput.value.trim(), mock: true, field: mockInput };
    if (mode === 'custom') return { base: customInput.value.trim(), mock: false, field: customInput };
    const index = Number(mode.slice('server-'.length));
    const server = data.servers[index];
    let base = server?.url ?? '';
    for (const input of root.querySelectorAll<Control>(`[data-target-part="${mode}"] [data-server-var]`)) {
      base = base.split(`{${input.dataset.serverVar}}`).join(input.value);
    }
    // A relative server URL is relative to where the document is served: here, this site.
    return { base: base.startsWith('/') ? location.origin + base : base, mock: false, field: null };
  }

  function files(input: HTMLInputElement): Named[] {
    return [...(input.files ?? [])];
  }

  function body(): BodyInput | undefined {
    const media = data.body?.media[mediaIndex()];
    if (!media) return undefined;
    const box = root.querySelector<HTMLElement>(`[data-media-index="${mediaIndex()}"]`)!;
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

  /**
   * What Send sends and the samples show: the form's values, a credential left empty as its
   * placeholder (`Bearer <API_KEY>`), so a copied sample and the panel get the same answer.
   */
  function input(): RequestInput {
    const chosen = target();
    const names = alternative();
    return withPlaceholders({
      method: data.method,
      base: chosen.base,
      path: data.path,
      params: data.params.map((spec, index) => ({
        spec,
        value: ($<Control & HTMLElement>(`try-it-param-${index}`)?.value ?? '').trim(),
      })),
      auth: data.schemes
        .filter((scheme) => names.includes(scheme.name))
        .map((scheme) => {
          const values: Record<string, string> = {};
          for (const field of authInputs) if (schemeOf(field) === scheme.name) values[field.dataset.authPart!] = field.value.trim();
          return { scheme, values };
        }),
      body: body(),
      prefer: chosen.mock && scenario?.value ? scenario.value : undefined,
    });
  }

  // --- Keeping the form consistent -------------------------------------------

  function showParts(): void {
    const mode = targetSelect.value;
    for (const part of root.querySelectorAll<HTMLElement>('[data-target-part]')) part.hidden = part.dataset.targetPart !== mode;
    const names = alternative();
    for (const scheme of root.querySelectorAll<HTMLElement>('[data-auth-scheme]')) scheme.hidden = !names.includes(scheme.dataset.authScheme!);
    for (const media of root.querySelectorAll<HTMLElement>('[data-media-index]')) media.hidden = Number(media.dataset.mediaIndex) !== mediaIndex();
  }

  function refreshCurl(): BuiltRequest {
    const request = buildRequest(input());
    curlBox.value = toCurl(request);
    return request;
  }

  function restore(): void {
    const savedTarget = readSession('target');
    const server = data.servers.findIndex((s) => s.url === savedTarget);
    if (savedTarget === 'mock' || savedTarget === 'custom') targetSelect.value = savedTarget;
    else if (server >= 0 && targetSelect.querySelector(`option[value="server-${server}"]`)) targetSelect.value = `server-${server}`;
    mockInput.value = readSession('mock-url') ?? mockInput.value;
    customInput.value = readSession('custom-url') ?? '';
    if (remember) remember.checked = remembered();
    for (const field of authInputs) field.value = readSecret(authKey(field));
  }

  function save(): void {
    const mode = targetSelect.value;
    writeSession('target', mode.startsWith('server-') ? (data.servers[Number(mode.slice(7))]?.url ?? '') : mode);
    if (mockInput.value.trim() !== data.mockUrl) writeSession('mock-url', mockInput.value.trim());
    else writeSession('mock-url', '');
    writeSession('custom-url', customInput.value.trim());
    for (const field of authInputs) writeSecret(authKey(field), field.value.trim(), remember?.checked ?? false);
  }

  // --- Problems ---------------------------------------------------------------

  function markField(field: HTMLElement, message: string | null): void {
    const error = $(`${field.id}-error`);
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== error?.id);
    if (message && error) {
      error.textContent = message;
      error.hidden = false;
      described.push(error.id);
      field.setAttribute('aria-invalid', 'true');
    } else {
      if (error) error.hidden = true;
      field.removeAttribute('aria-invalid');
    }
    if (described.length > 0) field.setAttribute('aria-describedby', described.join(' '));
  }

  function clearProblems(): void {
    for (const field of root.querySelectorAll<HTMLElement>('[aria-invalid]')) markField(field, null);
    problemsBox.hidden = true;
  }

  function check(request: RequestInput): Problem[] {
    const problems: Problem[] = [];
    const chosen = target();
    let url: URL | null = null;
    try {
      url = new URL(chosen.base);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol)) {
      const message = chosen.base === '' ? 'Enter the address to send the request to.' : `${chosen.base} is not an http:// or https:// address.`;
      problems.push({ message, field: chosen.field ?? targetSelect, blocking: true });
    }
    data.params.forEach((spec, index) => {
      const control = $<Control & HTMLElement>(`try-it-param-${index}`);
      if (!control) return;
      if (control instanceof HTMLInputElement && control.validity.badInput) {
        problems.push({ message: `${spec.name} must be a number.`, field: control });
      } else if (spec.required && request.params[index]?.value === '') {
        problems.push({ message: `${spec.name} is required.`, field: control });
      }
    });
    const media = data.body?.media[mediaIndex()];
    const box = root.querySelector<HTMLElement>(`[data-media-index="${mediaIndex()}"]`);
    const bodyInput = request.body;
    if (media && box && (bodyInput?.kind === 'json' || bodyInput?.kind === 'text')) {
      const editor = box.querySelector<HTMLTextAreaElement>('[data-body-text]')!;
      if (bodyInput.text.trim() === '') {
        if (data.body?.required) problems.push({ message: 'The request body is required.', field: editor });
      } else if (bodyInput.kind === 'json') {
        try {
          JSON.parse(bodyInput.text);
        } catch (error) {
          problems.push({ message: `The body is not valid JSON: ${(error as Error).message}.`.replace('..', '.'), field: editor });
        }
      }
    }
    if (media && box && (media.kind === 'form' || media.kind === 'multipart')) {
      for (const control of box.querySelectorAll<Control>('[data-field-index]')) {
        const field = media.fields[Number(control.dataset.fieldIndex)];
        if (!field) continue;
        const empty = control instanceof HTMLInputElement && control.type === 'file' ? !control.files?.length : control.value === '';
        if (field.required && empty) problems.push({ message: `${field.name} is required.`, field: control });
      }
    }
    if (media?.kind === 'binary' && bodyInput?.kind === 'binary' && !bodyInput.file && data.body?.required) {
      problems.push({ message: 'Choose a file to send as the body.', field: box?.querySelector<HTMLElement>('[data-body-file]') ?? undefined });
    }
    // A header fetch would refuse fails the whole request: said here, before anything is sent.
    for (const [name, value] of buildRequest(request).headers) {
      const problem = browserSends(name) ? headerValueProblem(name, value) : undefined;
      if (problem) problems.push({ message: `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`, field: headerField(name), blocking: true });
    }
    return problems;
  }

  /** The control a header's value comes from: its parameter's field, or the credential typed for it. */
  function headerField(name: string): HTMLElement | undefined {
    const index = data.params.findIndex((spec) => spec.in === 'header' && spec.name === name);
    if (index >= 0) return $<Control & HTMLElement>(`try-it-param-${index}`) ?? undefined;
    const scheme = data.schemes.find((s) => s.credential?.form === 'key' && s.credential.in === 'header' && s.credential.name === name);
    return authInputs.find((input) => scheme && schemeOf(input) === scheme.name);
  }

  function showProblems(problems: Problem[]): void {
    const list = problemsBox.querySelector('ul')!;
    list.replaceChildren(
      ...problems.map((problem) => {
        const item = document.createElement('li');
        if (problem.field) {
          markField(problem.field, problem.message);
          const link = document.createElement('a');
          link.href = `#${problem.field.id}`;
          link.textContent = problem.message;
          link.addEventListener('click', (event) => {
            event.preventDefault();
            problem.field!.focus();
          });
          item.append(link);
        } else {
          item.textContent = problem.message;
        }
        return item;
      }),
    );
    problemsBox.querySelector<HTMLElement>('#try-it-send-anyway')!.hidden = problems.some((p) => p.blocking);
    problemsBox.hidden = false;
    status.textContent = `Not sent: ${problems.length === 1 ? 'one problem' : `${problems.length} problems`}, listed above.`;
    problemsBox.focus();
  }

  // --- Sending ----------------------------------------------------------------

  async function run(force: boolean): Promise<void> {
    if (busy) return;
    const request = input();
    const problems = check(request);
    // An answer to an earlier request must not pass for the answer to this one.
    result.hidden = true;
    result.replaceChildren();
    // "Send anyway" is about to be hidden: focus would fall to the page's start.
    if (problemsBox.contains(document.activeElement)) sendButton.focus();
    clearProblems();
    if (problems.length > 0 && (!force || problems.some((p) => p.blocking))) {
      showProblems(problems);
      return;
    }
    const built = buildRequest(request);
    curlBox.value = toCurl(built);
    const skipped = unsendableHeaders(built);
    busy = true;
    sendButton.setAttribute('aria-disabled', 'true');
    root.setAttribute('aria-busy', 'true');
    status.textContent = `Sending ${built.method} ${built.url}…`;
    try {
      const outcome = await send(built);
      if ('redirect' in outcome) {
        const location = await redirectTarget(buildRequest({ ...request, auth: [] }));
        status.textContent = renderRedirect(result, built.url, location);
        return;
      }
      renderOutcome(result, outcome, built.method, built.url);
      const note = skipped.length > 0 ? ` (${skipped.join(', ')} not sent by the browser; the curl command sends it.)` : '';
      status.textContent = `Response: ${summary(outcome)}.${note}`;
    } catch (error) {
      const message = await explainFailure(built.url, error, target().mock);
      renderFailure(result, message);
      status.textContent = message;
    } finally {
      busy = false;
      sendButton.removeAttribute('aria-disabled');
      root.removeAttribute('aria-busy');
    }
  }

  async function copy(): Promise<void> {
    const text = refreshCurl() && curlBox.value;
    let copied = false;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      // Clipboard API refused (permissions, insecure origin): fall back to a selection copy.
      curlBox.select();
      copied = document.execCommand('copy');
      copyButton.focus();
    }
    copyStatus.textContent = copied ? 'Copied the curl command.' : 'Could not copy: select the command below and copy it.';
  }

  // --- Wiring -----------------------------------------------------------------

  const documented = refreshCurl();
  restore();
  showParts();
  const restored = refreshCurl();

  // The page's code samples follow what the reader enters (scripts/reference/page.ts).
  const announce = () => root.dispatchEvent(new CustomEvent<RequestInput>('try-it-input', { bubbles: true, detail: input() }));

  form.addEventListener('input', (event) => {
    const field = event.target as HTMLElement;
    if (field.getAttribute('aria-invalid')) markField(field, null);
    if (field !== curlBox) {
      save();
      refreshCurl();
      announce();
    }
  });
  form.addEventListener('change', (event) => {
    const field = event.target as HTMLElement;
    if (field === remember) {
      setRemember(remember.checked);
      if (!remember.checked) forgetDevice();
    }
    if (field instanceof HTMLSelectElement && field.dataset.exampleSelect !== undefined) {
      const media = data.body?.media[mediaIndex()];
      const editor = field.closest('[data-media-index]')!.querySelector<HTMLTextAreaElement>('[data-body-text]')!;
      editor.value = media?.examples[Number(field.value)]?.text ?? editor.value;
    }
    showParts();
    save();
    refreshCurl();
    announce();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(false);
  });
  problemsBox.querySelector('#try-it-send-anyway')!.addEventListener('click', () => void run(true));
  copyButton.addEventListener('click', () => void copy());
  // A key or target the reader chose on another page is in this page's samples from the start;
  // so is the address of a server given relative to this site, which only the browser knows.
  // The samples' script may start before or after this one: it asks once it listens.
  if (toCurl(documented) !== toCurl(restored) || data.servers[0]?.url.startsWith('/')) {
    announce();
    document.addEventListener('try-it-ask', announce);
  }
  sendButton.disabled = false;
  copyButton.disabled = false;
}

export function initTryIt(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-try-it]')) {
    const island = root.querySelector('script[data-try-it-data]');
    if (!island?.textContent || root.dataset.ready) continue;
    root.dataset.ready = 'true';
    panel(root, JSON.parse(island.textContent) as PanelData);
  }
}
