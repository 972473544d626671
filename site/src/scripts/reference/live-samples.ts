// The code samples written again from what the try-it panel holds, in every language, with
// the same builder, encoding and highlighting as at build time. Loaded on the reader's first
// change in the panel (a dynamic import), so pages do not carry the generators up front. The
// request is kept in the page for the menu's languages written in the browser, and those
// shown are written again from it (more-samples.ts, loaded only when one is shown).
import { highlight } from '../../lib/highlight.ts';
import { MORE_LANGUAGES } from '../../lib/sample-languages.ts';
import { requestSamples } from '../../lib/request-samples.ts';
import { PLACEHOLDER_NOTE, withPlaceholders } from '../../lib/sample-input.ts';
import type { RequestInput } from '../try-it/types.ts';

export function renderSamples(root: HTMLElement, input: RequestInput): void {
  const { samples, omitted, request } = requestSamples(withPlaceholders(input));
  const kept = root.querySelector<HTMLScriptElement>('script[data-sample-request]');
  if (kept) kept.textContent = JSON.stringify(request);
  for (const sample of samples) {
    const code = root.querySelector<HTMLElement>(`pre[data-lang="${sample.lang}"] code`);
    if (code) code.innerHTML = highlight(sample.code, sample.lang);
  }
  if (MORE_LANGUAGES.some((l) => root.querySelector(`pre[data-lang="${l.lang}"]`))) void import('./more-samples.ts').then((m) => m.renderShown(root));
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
