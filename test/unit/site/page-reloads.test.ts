// When the dev server tells pages to reload: only when one may show something older
// than the reload is for (site/src/integrations/page-reloads.ts).
import { describe, expect, it } from 'vitest';
import { asksForPage, reloadHeard } from '../../../site/src/integrations/page-reloads.ts';

describe('a full reload of the dev server', () => {
  it('is told while a page listens', () => {
    expect(reloadHeard({ listening: 1, asked: false })).toBe(true);
    expect(reloadHeard({ listening: 3, asked: true })).toBe(true);
  });

  it('is told when a page was asked for and does not listen yet: it may show the version before', () => {
    expect(reloadHeard({ listening: 0, asked: true })).toBe(true);
  });

  it('is not kept for the next page when none listens and none was asked for', () => {
    expect(reloadHeard({ listening: 0, asked: false })).toBe(false);
  });
});

describe('a request for a page', () => {
  it("is a browser's navigation", () => {
    // Chromium's and Firefox's Accept for a navigation.
    expect(asksForPage('text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8')).toBe(true);
    expect(asksForPage('text/html')).toBe(true);
  });

  it("is not a module, a style, a script's fetch, or a request that names no type", () => {
    expect(asksForPage('*/*')).toBe(false);
    expect(asksForPage('text/css,*/*;q=0.1')).toBe(false);
    expect(asksForPage('application/json')).toBe(false);
    expect(asksForPage(undefined)).toBe(false);
  });
});
