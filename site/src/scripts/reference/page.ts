// The operation page's behaviour around the reference: the try-it panel opened in place,
// copy buttons, the example switches, the examples following the field lists' switches, and
// the code samples written again from the panel's values once the reader changes something.
import type { RequestInput } from '../try-it/types.ts';
import type { PortalTabs, TabChoice } from './tabs.ts';

function openTryIt(button: HTMLButtonElement, slot: HTMLElement, focus: boolean): void {
  slot.hidden = false;
  button.setAttribute('aria-expanded', 'true');
  if (focus) slot.querySelector<HTMLElement>('select, input, textarea, button')?.focus();
}

function wireTryIt(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-try-it-open]');
  const slot = document.querySelector<HTMLElement>('[data-try-it-slot]');
  if (!button || !slot) return;
  // Its place is kept while the page loads (data-pending hides it without moving anything).
  delete button.dataset.pending;
  slot.hidden = true;
  button.addEventListener('click', () => {
    if (slot.hidden) openTryIt(button, slot, true);
    else {
      slot.hidden = true;
      button.setAttribute('aria-expanded', 'false');
    }
  });
  // A link to the panel (the old #try-it anchor, a bookmark) opens it.
  const fromHash = () => {
    if (location.hash === '#try-it' || location.hash === '#try-it-slot') {
      openTryIt(button, slot, false);
      slot.scrollIntoView({ block: 'start' });
    }
  };
  fromHash();
  window.addEventListener('hashchange', fromHash);
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (permissions, insecure origin): a selection copy instead.
    const area = Object.assign(document.createElement('textarea'), { value: text });
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

function visible(element: HTMLElement): boolean {
  return !element.closest('[hidden]');
}

function wireCopy(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-copy]');
    if (!button) return;
    const scope = button.closest<HTMLElement>('[data-copy-scope]');
    const pre = [...(scope?.querySelectorAll<HTMLElement>('pre') ?? [])].find(visible);
    if (!pre) return;
    const copied = await copyText(pre.textContent ?? '');
    const status = scope?.querySelector<HTMLElement>('[data-copy-status]');
    button.textContent = copied ? 'Copied' : 'Copy failed';
    if (status) status.textContent = copied ? 'Copied to the clipboard.' : 'Could not copy: select the text and copy it.';
    setTimeout(() => (button.textContent = 'Copy'), 2000);
  });
}

/** Shows one example of a status panel, by index; that response's field list follows it. */
function showChoice(panel: HTMLElement, index: number): void {
  for (const choice of panel.querySelectorAll<HTMLElement>('[data-choice]')) choice.hidden = Number(choice.dataset.choice) !== index;
  const select = panel.querySelector<HTMLSelectElement>('[data-example-switch]');
  if (select) select.value = String(index);
  fieldsFollow(panel);
}

/**
 * A response's field list shows the variant and the content type of the example shown for it:
 * a Satellite example beside Satellite's fields, not Planet's. Chosen as a follower (not by the
 * reader), so nothing follows back.
 */
function fieldsFollow(panel: HTMLElement): void {
  const status = panel.dataset.status;
  const shown = [...panel.querySelectorAll<HTMLElement>('[data-choice]')].find((c) => !c.hidden);
  if (!status || !shown) return;
  const where = `[data-status="${CSS.escape(status)}"]`;
  for (const set of document.querySelectorAll<PortalTabs>(`portal-tabs[data-link="variant"]${where}`)) set.choose(shown.dataset.name ?? '');
  for (const group of document.querySelectorAll<HTMLElement>(`.media-switch${where}`)) {
    const buttons = [...group.querySelectorAll<HTMLButtonElement>('button[data-value]')];
    if (!buttons.some((b) => b.dataset.value === shown.dataset.media)) continue;
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.value === shown.dataset.media));
  }
}

function wireExampleSwitches(): void {
  document.addEventListener('change', (event) => {
    const select = event.target as HTMLSelectElement;
    if (!select.matches?.('[data-example-switch]')) return;
    showChoice(select.closest<HTMLElement>('.example-panel')!, Number(select.value));
  });
}

/** The examples column follows a switch in the field lists: a response's media type or variant. */
function showResponseExample(status: string, match: { media?: string; name?: string }): void {
  const tabs = document.querySelector<PortalTabs>('[data-link="response-status"]');
  const panel = document.querySelector<HTMLElement>(`.example-panel[data-status="${CSS.escape(status)}"]`);
  if (!tabs || !panel) return;
  const choices = [...panel.querySelectorAll<HTMLElement>('[data-choice]')];
  const current = choices.find((c) => !c.hidden);
  const wanted =
    choices.find((c) => (match.media ?? current?.dataset.media) === c.dataset.media && (match.name ?? current?.dataset.name) === c.dataset.name) ??
    choices.find((c) => (match.media === undefined || c.dataset.media === match.media) && (match.name === undefined || c.dataset.name === match.name));
  if (!wanted) return;
  tabs.choose(status);
  showChoice(panel, Number(wanted.dataset.choice));
}

/** The try-it panel follows the request body's switches: its media type, and the example of a variant. */
function setPanelSelect(select: HTMLSelectElement | null, pick: (option: HTMLOptionElement) => boolean): void {
  const option = select ? [...select.options].find(pick) : undefined;
  if (!select || !option || select.value === option.value) return;
  select.value = option.value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

function wireLinks(): void {
  document.addEventListener('portal-tab', (event) => {
    const { value, byReader } = (event as CustomEvent<TabChoice>).detail;
    const tabs = event.target as HTMLElement;
    if (!byReader) return;
    const link = tabs.dataset.link;
    const status = tabs.dataset.status;
    // Another status: its field list follows the example shown for it.
    if (link === 'response-status') {
      const panel = document.querySelector<HTMLElement>(`.example-panel[data-status="${CSS.escape(value)}"]`);
      if (panel) fieldsFollow(panel);
    }
    if (link === 'response-media' && status) showResponseExample(status, { media: value });
    if (link === 'variant' && status) showResponseExample(status, { name: value });
    // A request's variant: the answer shown follows when it has an example of the same variant.
    if (link === 'variant' && !status) {
      const shown = document.querySelector<PortalTabs>('[data-link="response-status"]')?.value;
      if (shown) showResponseExample(shown, { name: value });
    }
    if (link === 'request-media') setPanelSelect(document.querySelector('#try-it-media'), (o) => o.textContent?.trim() === value);
    if (link === 'variant' && tabs.dataset.direction === 'request') {
      const media = document.querySelector<HTMLSelectElement>('#try-it-media')?.value ?? '0';
      const select = document.querySelector<HTMLSelectElement>(`[data-media-index="${media}"] [data-example-select]`);
      setPanelSelect(select, (o) => o.textContent?.trim() === value || (o.textContent?.trim().startsWith(`${value}:`) ?? false));
    }
  });
}

function wireLiveSamples(): void {
  const root = document.querySelector<HTMLElement>('[data-request-sample]');
  if (!root) return;
  let latest: { input: RequestInput; revision?: string } | undefined;
  let rendering = false;
  document.addEventListener('try-it-input', async (event) => {
    latest = { input: (event as CustomEvent<RequestInput>).detail, revision: (event.target as HTMLElement).dataset.revision };
    if (rendering) return;
    rendering = true;
    try {
      // The generators and the highlighter load on the reader's first change, not with the page.
      const { renderSamples } = await import('./live-samples.ts');
      while (latest) {
        const { input, revision } = latest;
        latest = undefined;
        renderSamples(root, input);
        // The panel's revision this sample shows.
        if (revision) root.dataset.revision = revision;
      }
    } finally {
      rendering = false;
    }
  });
  // A panel that started first and holds what the reader chose on another page says it again.
  document.dispatchEvent(new Event('try-it-ask'));
}

export function wireReference(): void {
  wireTryIt();
  wireCopy();
  wireExampleSwitches();
  wireLinks();
  wireLiveSamples();
}
