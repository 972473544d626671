// An answer of `text/event-stream` sent as a server that pushes events sends it: the documented
// events one at a time with a pause between them, then the end of the stream, so a client sees
// each event arrive on its own (the try-it panel shows them as they come). The events are the
// example's: its text, events separated by a blank line, or a JSON array of events
// (`{event, data, id}`, or any value, sent as its JSON in `data`). Bounded by the example.
import type { ServerResponse } from 'node:http';

/** The pause between two events. */
export const EVENT_INTERVAL_MS = 200;

export function isEventStream(headers: string[]): boolean {
  for (let i = 0; i + 1 < headers.length; i += 2) {
    if (headers[i]!.toLowerCase() === 'content-type') return /^text\/event-stream\b/i.test(headers[i + 1]!);
  }
  return false;
}

function fromJson(item: unknown): string {
  const fields = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : { data: item };
  const lines: string[] = [];
  for (const name of ['event', 'id'] as const) if (typeof fields[name] === 'string') lines.push(`${name}: ${String(fields[name]).replace(/[\r\n]/g, ' ')}`);
  const data = typeof fields.data === 'string' ? fields.data : JSON.stringify(fields.data ?? fields);
  for (const line of data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return lines.join('\n');
}

/** The events of an example's body, each ending with its blank line. */
export function splitEvents(body: Buffer): string[] {
  const text = body.toString('utf8');
  let events: string[];
  try {
    const parsed: unknown = JSON.parse(text);
    events = Array.isArray(parsed) ? parsed.map(fromJson) : text.split(/(?:\r\n|\r|\n){2,}/);
  } catch {
    events = text.split(/(?:\r\n|\r|\n){2,}/);
  }
  return events
    .map((event) => event.trim())
    .filter((event) => event !== '')
    .map((event) => `${event}\n\n`);
}

/** Writes the headers at once (without Content-Length), then each event, EVENT_INTERVAL_MS apart, then ends. */
export function streamEvents(res: ServerResponse, status: number, headers: string[], body: Buffer): void {
  const events = splitEvents(body);
  res.writeHead(status, headers.concat('Cache-Control', 'no-cache'));
  res.flushHeaders();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    if (res.destroyed) return;
    if (sent >= events.length) {
      res.end();
      return;
    }
    res.write(events[sent++]);
    timer = setTimeout(next, EVENT_INTERVAL_MS);
  };
  res.once('close', () => clearTimeout(timer));
  next();
}
