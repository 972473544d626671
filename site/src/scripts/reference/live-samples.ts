// The code samples written again from what the try-it panel holds, in every language, with
// the same builder, encoding and highlighting as at build time. Loaded on the reader's first
// change in the panel (a dynamic import), so pages do not carry the generators up front.
import { highlight } from '../../lib/highlight.ts';
import { requestSamples } from '../../lib/request-samples.ts';
import { PLACEHOLDER_NOTE, withPlaceholders } from '../../lib/sample-input.ts';
import type { RequestInput } from '../try-it/types.ts';

export function renderSamples(root: HTMLElement, input: RequestInput): void {
  const { samples, omitted } = requestSamples(withPlaceholders(input));
  for (const sample of samples) {
    const code = root.querySelector<HTMLElement>(`pre[data-lang="${sample.lang}"] code`);
    if (code) code.innerHTML = highlight(sample.code, sample.lang);
  }
  const source = root.querySelector<HTMLElement>('[data-sample-source]');
  if (source) source.textContent = 'As the try-it panel would send it';
  const note = root.querySelector<HTMLElement>('[data-placeholder-note]');
  if (note) note.hidden = !samples.some((s) => PLACEHOLDER_NOTE.test(s.code));
  for (const old of root.querySelectorAll('[data-sample-omitted]')) old.remove();
  const anchor = note ?? root.querySelector('portal-tabs');
  for (const text of omitted.toReversed()) {
    const p = Object.assign(document.createElement('p'), { className: 'note', textContent: text });
    p.dataset.sampleOmitted = '';
    anchor?.after(p);
  }
}
