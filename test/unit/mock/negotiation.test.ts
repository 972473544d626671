// Content negotiation on its own: which declared media type answers a request's Accept.
import { describe, expect, it } from 'vitest';
import { negotiate, type PreparedMedia, type PreparedResponse } from '../../../scripts/mock/answers.ts';

/** A response declaring these media types, in this order; only what negotiation reads is filled. */
function declaring(...types: string[]): PreparedResponse {
  const media = types.map((type) => {
    const [major = '', minor = ''] = type.split('/');
    return { type, major, minor } as PreparedMedia;
  });
  return { media, preferred: media.find((m) => m.type === 'application/json') ?? media[0] } as PreparedResponse;
}

const chosen = (response: PreparedResponse, accept: string | undefined) => {
  const media = negotiate(response, accept);
  return media === null ? null : media?.type;
};

describe('negotiate', () => {
  const both = declaring('application/xml', 'application/json');

  it('answers with the preferred type when Accept is absent, empty or */*', () => {
    for (const accept of [undefined, '', '*/*']) expect(chosen(both, accept), String(accept)).toBe('application/json');
  });

  it('takes the highest q, then the most specific range', () => {
    expect(chosen(both, 'application/json;q=0.5, application/xml')).toBe('application/xml');
    expect(chosen(both, 'application/*;q=0.9, application/xml;q=0.9')).toBe('application/xml');
    expect(chosen(both, 'text/html, application/*;q=0.2')).toBe('application/xml');
  });

  it('breaks a tie by document order', () => {
    expect(chosen(both, 'application/json, application/xml')).toBe('application/xml');
  });

  it('refuses what q=0 excludes, and says null when nothing declared is acceptable', () => {
    expect(chosen(both, 'application/json;q=0, application/xml;q=0')).toBeNull();
    expect(chosen(both, 'text/html')).toBeNull();
  });

  it('offers a declared wildcard to any Accept', () => {
    expect(chosen(declaring('*/*'), 'image/png')).toBe('*/*');
  });

  it('has nothing to negotiate for a response without content', () => {
    expect(negotiate(declaring(), 'application/json')).toBeUndefined();
  });
});
