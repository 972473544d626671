// What would make a request fail before it is sent, said where the reader can fix it: each
// problem on its field (opened if folded away) and in a list that takes the focus.
import { cookieProblem } from '../../lib/request-encoding.ts';
import { mediaBox, mediaIndex, paramControl, schemeOf, target, type Control, type Panel } from './form.ts';
import { browserSends, headerValueProblem } from './headers.ts';
import { buildRequest } from './request.ts';
import type { RequestInput } from './types.ts';

export interface Problem {
  message: string;
  /** The control to mark invalid and link to. */
  field?: HTMLElement;
  /** Nothing can be sent at all (no valid address, a header fetch refuses), so no "Send anyway". */
  blocking?: boolean;
}

function addressProblem(p: Panel): Problem | undefined {
  const chosen = target(p);
  let url: URL | null = null;
  try {
    url = new URL(chosen.base);
  } catch {
    url = null;
  }
  if (url && /^https?:$/.test(url.protocol)) return undefined;
  const message = chosen.base === '' ? 'Enter the address to send the request to.' : `${chosen.base} is not an http:// or https:// address.`;
  return { message, field: chosen.field ?? p.targetSelect, blocking: true };
}

function paramProblems(p: Panel, request: RequestInput): Problem[] {
  const problems: Problem[] = [];
  p.data.params.forEach((spec, index) => {
    const control = paramControl(p, index);
    if (!control) return;
    if (control instanceof HTMLInputElement && control.validity.badInput) problems.push({ message: `${spec.name} must be a number.`, field: control });
    else if (spec.required && request.params[index]?.value === '') problems.push({ message: `${spec.name} is required.`, field: control });
  });
  return problems;
}

function bodyProblems(p: Panel, request: RequestInput): Problem[] {
  const media = p.data.body?.media[mediaIndex(p)];
  const box = mediaBox(p);
  const body = request.body;
  if (!media || !box) return [];
  if (body?.kind === 'json' || body?.kind === 'text') {
    const editor = box.querySelector<HTMLTextAreaElement>('[data-body-text]')!;
    if (body.text.trim() === '') return p.data.body?.required ? [{ message: 'The request body is required.', field: editor }] : [];
    if (body.kind !== 'json') return [];
    try {
      JSON.parse(body.text);
      return [];
    } catch (error) {
      return [{ message: `The body is not valid JSON: ${(error as Error).message}.`.replace('..', '.'), field: editor }];
    }
  }
  if (media.kind === 'form' || media.kind === 'multipart') {
    return [...box.querySelectorAll<Control>('[data-field-index]')].flatMap((control) => {
      const field = media.fields[Number(control.dataset.fieldIndex)];
      const empty = control instanceof HTMLInputElement && control.type === 'file' ? !control.files?.length : control.value === '';
      return field?.required && empty ? [{ message: `${field.name} is required.`, field: control }] : [];
    });
  }
  if (body?.kind === 'binary' && !body.file && p.data.body?.required) {
    return [{ message: 'Choose a file to send as the body.', field: box.querySelector<HTMLElement>('[data-body-file]') ?? undefined }];
  }
  return [];
}

/** The control a header's value comes from: its parameter's field, the credential typed for it, or the reader's own header. */
function headerField(p: Panel, name: string): HTMLElement | undefined {
  const index = p.data.params.findIndex((spec) => spec.in === 'header' && spec.name === name);
  if (index >= 0) return paramControl(p, index) ?? undefined;
  const scheme = p.data.schemes.find((s) => s.credential?.form === 'key' && s.credential.in === 'header' && s.credential.name === name);
  if (scheme) return p.authInputs.find((input) => schemeOf(input) === scheme.name && input.dataset.authPart === 'secret');
  return [...p.root.querySelectorAll<HTMLInputElement>('[data-extra-kind="header"] [data-extra-name]')].find((input) => input.value.trim() === name);
}

function headerProblems(p: Panel, request: RequestInput): Problem[] {
  // A header fetch would refuse fails the whole request: said here, before anything is sent.
  const problems: Problem[] = buildRequest(request).headers.flatMap(([name, value]) => {
    const problem = browserSends(name) ? headerValueProblem(name, value) : undefined;
    return problem ? [{ message: `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`, field: headerField(p, name), blocking: true }] : [];
  });
  for (const input of p.root.querySelectorAll<HTMLInputElement>('[data-extra-kind="cookie"] [data-extra-name]')) {
    const problem = input.value.trim() === '' ? undefined : cookieProblem(input.value.trim());
    if (problem) problems.push({ message: `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`, field: input, blocking: true });
  }
  return problems;
}

export function check(p: Panel, request: RequestInput): Problem[] {
  const address = addressProblem(p);
  return [...(address ? [address] : []), ...paramProblems(p, request), ...bodyProblems(p, request), ...headerProblems(p, request)];
}

export function markField(p: Panel, field: HTMLElement, message: string | null): void {
  const error = p.root.querySelector<HTMLElement>(`#${field.id}-error`);
  const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== error?.id);
  if (message && error) {
    error.textContent = message;
    error.hidden = false;
    described.push(error.id);
    field.setAttribute('aria-invalid', 'true');
    // A field in a folded section is shown, so the reader sees what to fix.
    for (let details = field.closest('details'); details; details = details.parentElement?.closest('details') ?? null) details.open = true;
  } else {
    if (error) error.hidden = true;
    field.removeAttribute('aria-invalid');
  }
  if (described.length > 0) field.setAttribute('aria-describedby', described.join(' '));
}

export function clearProblems(p: Panel): void {
  for (const field of p.root.querySelectorAll<HTMLElement>('[aria-invalid]')) markField(p, field, null);
  p.problemsBox.hidden = true;
}

export function showProblems(p: Panel, problems: Problem[]): void {
  p.problemsBox.querySelector('ul')!.replaceChildren(
    ...problems.map((problem) => {
      const item = document.createElement('li');
      if (!problem.field) {
        item.textContent = problem.message;
        return item;
      }
      markField(p, problem.field, problem.message);
      const link = Object.assign(document.createElement('a'), { href: `#${problem.field.id}`, textContent: problem.message });
      link.addEventListener('click', (event) => {
        event.preventDefault();
        problem.field!.focus();
      });
      item.append(link);
      return item;
    }),
  );
  p.problemsBox.querySelector<HTMLElement>('#try-it-send-anyway')!.hidden = problems.some((problem) => problem.blocking);
  p.problemsBox.hidden = false;
  p.status.textContent = `Not sent: ${problems.length === 1 ? 'one problem' : `${problems.length} problems`}, listed below.`;
  p.problemsBox.focus();
}
