// Send: check the request, send it, and show the answer where the response examples are (an
// event stream as its events arrive), with a line in the status region for screen readers.
import { PLACEHOLDER_NOTE } from '../../lib/sample-input.ts';
import { check, clearProblems, showProblems } from './checks.ts';
import { readInput, target, type Panel } from './form.ts';
import { record } from './history.ts';
import { buildRequest } from './request.ts';
import { renderFailure, renderOutcome, renderRedirect, renderStreamStart, summary } from './result.ts';
import { explainFailure, type Outcome, redirectTarget, send, unsendableHeaders } from './send.ts';
import type { BuiltRequest } from './types.ts';

let running: AbortController | undefined;

/** What else the status line says about a request: headers the browser left out, a placeholder sent for a credential. */
function notes(built: BuiltRequest): string {
  const skipped = unsendableHeaders(built);
  const parts: string[] = [];
  if (skipped.length > 0) parts.push(` (${skipped.join(', ')} not sent by the browser; the code samples send it.)`);
  const placeholder = [built.url, ...built.headers.map(([, value]) => value)].join(' ').match(PLACEHOLDER_NOTE)?.[0];
  if (placeholder) parts.push(` No credential was entered: the request carried the placeholder ${placeholder}; enter yours under Authentication.`);
  return parts.join('');
}

async function streamAnswer(p: Panel, outcome: Outcome, built: BuiltRequest, stop: AbortController): Promise<string> {
  const { showStream } = await import('./stream.ts');
  const view = renderStreamStart(p.result, outcome, built.method, built.url);
  view.stop.addEventListener('click', () => stop.abort());
  // The answer has started: the status region is read out again while events arrive.
  p.root.removeAttribute('aria-busy');
  p.status.textContent = `Response: ${summary(outcome)}, streaming events. Stop ends it.`;
  const say = (n: number) => `${n} event${n === 1 ? '' : 's'}`;
  const total = await showStream(outcome, view.list, stop.signal, (n) => (view.count.textContent = `${say(n)} so far…`));
  view.count.textContent = `${say(total)}, ${stop.signal.aborted ? 'stopped' : 'stream ended'}.`;
  view.stop.remove();
  return `Response: ${summary(outcome)}, ${say(total)}${stop.signal.aborted ? ', stopped' : ''}.`;
}

/** Sends a request that passed its checks and shows the answer; the status line it ends with. */
async function deliver(p: Panel, built: BuiltRequest, stop: AbortController): Promise<{ line: string; status: string }> {
  try {
    const outcome = await send(built, stop.signal);
    if ('redirect' in outcome) {
      const input = readInput(p);
      const location = await redirectTarget(buildRequest({ ...input, auth: [] }));
      return { line: renderRedirect(p.result, built.url, location), status: 'redirect' };
    }
    if (outcome.stream) return { line: await streamAnswer(p, outcome, built, stop), status: String(outcome.status) };
    renderOutcome(p.result, outcome, built.method, built.url);
    return { line: `Response: ${summary(outcome)}.${notes(built)}`, status: String(outcome.status) };
  } catch (error) {
    const message = await explainFailure(built.url, error, target(p).mock);
    renderFailure(p.result, message);
    return { line: message, status: 'failed' };
  }
}

export async function run(p: Panel, force: boolean): Promise<void> {
  if (running) return;
  const input = readInput(p);
  const problems = check(p, input);
  // An answer to an earlier request must not pass for the answer to this one.
  p.result.hidden = true;
  p.result.replaceChildren();
  // "Send anyway" is about to be hidden: focus would fall to the page's start.
  if (p.problemsBox.contains(document.activeElement)) p.sendButton.focus();
  clearProblems(p);
  if (problems.length > 0 && (!force || problems.some((problem) => problem.blocking))) {
    showProblems(p, problems);
    return;
  }
  const built = buildRequest(input);
  const stop = new AbortController();
  running = stop;
  p.sendButton.setAttribute('aria-disabled', 'true');
  p.root.setAttribute('aria-busy', 'true');
  p.status.textContent = `Sending ${built.method} ${built.url}…`;
  try {
    const { line, status } = await deliver(p, built, stop);
    p.status.textContent = line;
    record(p, input, status);
  } finally {
    running = undefined;
    p.sendButton.removeAttribute('aria-disabled');
    p.root.removeAttribute('aria-busy');
  }
}
