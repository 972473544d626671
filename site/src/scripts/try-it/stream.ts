// A streamed answer (`text/event-stream`) shown as it arrives: each server-sent event in a
// list under the answer's status, as the browser reads it, until the server ends the stream or
// the reader stops it. Loaded only when an answer is an event stream.
import type { Outcome } from './send.ts';

export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

/** The events complete in `text` (the HTML standard's event stream format), and what is left for the next read. */
export function parseEvents(text: string): { events: StreamEvent[]; rest: string } {
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: StreamEvent[] = [];
  for (const block of blocks) {
    const event: StreamEvent = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') event.id = value;
    }
    if (data.length === 0) continue;
    event.data = data.join('\n');
    events.push(event);
  }
  return { events, rest };
}

function eventItem(event: StreamEvent): HTMLLIElement {
  const item = document.createElement('li');
  const name = Object.assign(document.createElement('span'), { className: 'try-it-event-name', textContent: event.event });
  const data = Object.assign(document.createElement('pre'), { className: 'try-it-body', textContent: event.data });
  item.append(name, ...(event.id ? [` id ${event.id}`] : []), data);
  return item;
}

/**
 * Reads the stream into `list`, an item per event as it arrives; resolves with the number of
 * events once the stream ends or `stop` aborts it. `count` is told each new total.
 */
export async function showStream(outcome: Outcome, list: HTMLOListElement, stop: AbortSignal, count: (events: number) => void): Promise<number> {
  const reader = outcome.stream!.getReader();
  const decoder = new TextDecoder();
  const cancel = () => void reader.cancel().catch(() => undefined);
  stop.addEventListener('abort', cancel, { once: true });
  let rest = '';
  let total = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const parsed = parseEvents(rest + decoder.decode(value, { stream: true }));
      rest = parsed.rest;
      list.append(...parsed.events.map(eventItem));
      total += parsed.events.length;
      if (parsed.events.length > 0) count(total);
    }
  } catch (error) {
    if (!stop.aborted) throw error;
  } finally {
    stop.removeEventListener('abort', cancel);
  }
  return total;
}
