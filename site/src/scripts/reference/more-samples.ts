// The menu's languages that pages are not built with, written in the browser from the request
// the page keeps (the documented one, then the panel's): loaded when a reader first chooses
// one (samples.ts), with their generators and grammars, apart from the live samples' chunk.
import { highlight } from '../../lib/highlight.ts';
import '../../lib/highlight-more.ts';
import { MORE_CLIENTS } from '../../lib/more-snippets.ts';
import { codeSample, type SampleRequest } from '../../lib/snippets.ts';

/** Writes one menu language's sample from the request kept in the page. */
export function renderLanguage(root: HTMLElement, lang: string): void {
  const client = MORE_CLIENTS.find((c) => c.lang === lang);
  const code = root.querySelector<HTMLElement>(`pre[data-lang="${CSS.escape(lang)}"] code`);
  const kept = root.querySelector<HTMLScriptElement>('script[data-sample-request]')?.textContent;
  if (!client || !code || !kept) return;
  code.innerHTML = highlight(codeSample(client, JSON.parse(kept) as SampleRequest).code, lang);
}

/** Writes again every menu language shown on the page (once the kept request has changed). */
export function renderShown(root: HTMLElement): void {
  for (const client of MORE_CLIENTS) if (root.querySelector(`pre[data-lang="${CSS.escape(client.lang)}"]`)) renderLanguage(root, client.lang);
}
