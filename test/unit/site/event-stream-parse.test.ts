// The try-it panel's reading of a streamed answer (text/event-stream): events complete in what
// has arrived so far, the rest kept for the next read, as the HTML standard's format says.
import { describe, expect, it } from 'vitest';
import { parseEvents } from '../../../site/src/scripts/try-it/stream.ts';

describe('parseEvents', () => {
  it('reads complete events and keeps a partial one for the next read', () => {
    expect(parseEvents('event: arrival\ndata: {"name":"Tom"}\n\nevent: arr')).toEqual({
      events: [{ event: 'arrival', data: '{"name":"Tom"}' }],
      rest: 'event: arr',
    });
  });

  it('joins data lines, names an unnamed event "message", reads ids, skips comments and events without data', () => {
    const { events, rest } = parseEvents(': keep-alive\n\ndata: one\ndata: two\nid: 7\n\nevent: ping\n\ndata:no space\r\n\r\n');
    expect(events).toEqual([
      { event: 'message', data: 'one\ntwo', id: '7' },
      { event: 'message', data: 'no space' },
    ]);
    expect(rest).toBe('');
  });
});
