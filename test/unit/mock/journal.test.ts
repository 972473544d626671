// What the journal keeps of a request: credentials redacted (headers, cookies, the description's
// key names in headers and the query), bodies as JSON or text up to a bound; filters.
import { describe, expect, it } from 'vitest';
import { JOURNAL_BODY_BYTES, RecentRequests, redactedHeaders, redactedUrl } from '../../../scripts/mock/recent.ts';

describe('redaction', () => {
  const names = { headers: new Set(['x-shop-key']), query: new Set(['api_key']) };

  it('replaces credentials in headers, keeping the scheme word', () => {
    expect(
      redactedHeaders(
        { authorization: 'Bearer abc', cookie: 's=1', 'x-shop-key': 'k', 'x-api-key': 'k2', accept: 'application/json', 'proxy-authorization': 'Basic Zm9v' },
        names.headers,
      ),
    ).toEqual({
      authorization: 'Bearer [redacted]',
      cookie: '[redacted]',
      'x-shop-key': '[redacted]',
      'x-api-key': '[redacted]',
      accept: 'application/json',
      'proxy-authorization': 'Basic [redacted]',
    });
    expect(redactedHeaders({ authorization: 'justakey' }, names.headers)).toEqual({ authorization: '[redacted]' });
  });

  it('replaces credential query parameters, whatever their case and encoding', () => {
    expect(redactedUrl('/pets?api_key=s3cret&limit=2', names.query)).toBe('/pets?api_key=%5Bredacted%5D&limit=2');
    expect(redactedUrl('/pets?API%5Fkey=s3cret', names.query)).toBe('/pets?API%5Fkey=%5Bredacted%5D');
    expect(redactedUrl('/pets?limit=2', names.query)).toBe('/pets?limit=2');
  });
});

describe('entries', () => {
  const journal = new RecentRequests(3);
  const add = (status: number, operation: string, body?: string) =>
    journal.add({
      at: Date.now(),
      method: 'POST',
      url: '/pets',
      status,
      ms: 1,
      operation,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: Buffer.from(body), bodyLength: Buffer.byteLength(body) }),
    });

  it('keep the newest, bounded, bodies parsed or cut', () => {
    add(201, 'a', '{"name":"Rex"}');
    add(400, 'b', `"${'x'.repeat(JOURNAL_BODY_BYTES * 2)}"`);
    add(201, 'c');
    add(500, 'd');
    const all = journal.list();
    expect(all.map((e) => e.operation)).toEqual(['b', 'c', 'd']);
    expect(all[0]?.bodyTruncated).toBe(true);
    expect(String(all[0]?.body).length).toBe(JOURNAL_BODY_BYTES);
    expect(journal.list({ status: '5xx' }).map((e) => e.operation)).toEqual(['d']);
    expect(journal.list({ limit: 1 }).map((e) => e.operation)).toEqual(['d']);
    journal.clear();
    add(201, 'e', '{"name":"Rex"}');
    expect(journal.list()).toEqual([expect.objectContaining({ operation: 'e', body: { name: 'Rex' } })]);
  });
});
