// The code samples written again from what the try-it panel holds, in every language, with
// the same builder, encoding and highlighting as at build time; and the menu's languages that
// pages are not built with, written from the request the page keeps. Loaded on the reader's
// first change in the panel or first choice of such a language (a dynamic import), so pages
// do not carry the generators up front.
import { highlight } from '../../lib/highlight.ts';
import '../../lib/highlight-more.ts';
import { MORE_CLIENTS } from '../../lib/more-snippets.ts';
import { requestSamples } from '../../lib/request-samples.ts';
import { PLACEHOLDER_NOTE, withPlaceholders } from '../../lib/sample-input.ts';
import { codeSample, type SampleRequest } from '../../lib/snippets.ts';
import type { RequestInput } from '../try-it/types.ts';

/** The request the samples show, kept in the page as JSON: the documented one, then the panel's. */
function keptRequest(root: HTMLElement): HTMLScriptElement | null {
  return root.querySelector<HTMLScriptElement>('script[data-sample-request]');
}

/** Writes one menu language's sample from the kept request. */
export function renderLanguage(root: HTMLElement, lang: string): void {
  const client = MORE_CLIENTS.find((c) => c.lang === lang);
  const code = root.querySelector<HTMLElement>(`pre[data-lang="${CSS.escape(lang)}"] code`);
  const kept = keptRequest(root)?.textContent;
  if (!client || !code || !kept) return;
  code.innerHTML = highlight(codeSample(client, JSON.parse(kept) as SampleRequest).code, lang);
}

export function renderSamples(root: HTMLElement, input: RequestInput): void {
  const { samples, omitted, request } = requestSamples(withPlaceholders(input));
  const kept = keptRequest(root);
  if (kept) kept.textContent = JSON.stringify(request);
  for (const sample of samples) {
    const code = root.querySelector<HTMLElement>(`pre[data-lang="${sample.lang}"] code`);
    if (code) code.innerHTML = highlight(sample.code, sample.lang);
  }
  for (const client of MORE_CLIENTS) if (root.querySelector(`pre[data-lang="${client.lang}"]`)) renderLanguage(root, client.lang);
  const source = root.querySelector<HTMLElement>('[data-sample-source]');
  if (source) source.textContent = 'As the try-it panel would send it';
  const note = root.querySelector<HTMLElement>('[data-placeholder-note]');
  const placeholder = samples.map((s) => PLACEHOLDER_NOTE.exec(s.code)?.[0]).find(Boolean);
  if (note) {
    note.hidden = !placeholder;
    const code = note.querySelector('code');
    if (code && placeholder) code.textContent = placeholder;
  }
  for (const old of root.querySelectorAll('[data-sample-omitted]')) old.remove();
  const anchor = root.querySelector('portal-samples');
  for (const text of omitted.toReversed()) {
    const p = Object.assign(document.createElement('p'), { className: 'note', textContent: text });
    p.dataset.sampleOmitted = '';
    anchor?.after(p);
  }
}
