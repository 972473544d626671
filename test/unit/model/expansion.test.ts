// The measure of a description with its references expanded (scripts/model/load/expansion.ts, document-cost.ts):
// exact on small documents, linear work on hostile ones whatever they expand to, and the place where a
// bound is passed.
import { describe, expect, it } from 'vitest';
import { measureDocument } from '../../../scripts/model/load/document-cost.ts';
import { inPlaceLoop, locateOverrun, nestedDeeperThan, writtenNodes } from '../../../scripts/model/load/expansion.ts';
import { doublyNamedAllOf, referenceChain, referenceFanOut, wideAllOf } from '../../helpers/hostile.ts';

describe('measureDocument', () => {
  it('counts a small document exactly, each reference replaced by its target', () => {
    // Written: the root, a (with its $ref), b, b.x, b.y, b.y[0], b.y[1] = 7 nodes (a $ref string is part of its reference).
    const measured = measureDocument({ a: { $ref: '#/b' }, b: { x: 1, y: [2, 3] } });
    expect(measured.written).toBe(7);
    // Expanded: the root, a → {x, y: [2, 3]} (5), b (5) = 11 nodes; the root, a, y: 3 levels.
    expect(measured.expanded).toBe(11);
    expect(measured.depth).toBe(3);
  });

  it('counts a reference back into what it is inside once, where every walk that follows references stops', () => {
    const measured = measureDocument({ node: { type: 'object', properties: { next: { $ref: '#/node' } } } });
    expect(Number.isFinite(measured.expanded)).toBe(true);
    expect(measured.expanded).toBeLessThan(20);
  });

  it('leaves a reference that does not resolve as the string it is', () => {
    const measured = measureDocument({ a: { $ref: '#/nowhere' } });
    expect(measured.expanded).toBe(3);
  });

  it.each([
    ['a doubly named allOf 45 levels deep', doublyNamedAllOf(45), 2 ** 45],
    ['a shared-$ref fan-out 45 levels deep', referenceFanOut(45), 2 ** 45],
    ['an allOf naming the next 50 times, 8 levels deep', wideAllOf(50, 8), 50 ** 8],
  ])('measures %s in work linear in it, whatever it expands to', (_name, document, atLeast) => {
    const measured = measureDocument(document);
    expect(measured.expanded).toBeGreaterThanOrEqual(atLeast);
    // Each object written is visited at most twice (where it is written, and once as a target), and each target's end once.
    expect(measured.visited).toBeLessThan(3 * measured.written);
  });

  it('measures a chain of 5,000 references without running out of stack', () => {
    const measured = measureDocument(referenceChain(5000));
    expect(measured.depth).toBeGreaterThan(5000);
    expect(measured.visited).toBeLessThan(3 * measured.written);
  });
});

describe('locateOverrun', () => {
  it('is undefined within the bound', () => {
    const measured = measureDocument(doublyNamedAllOf(3));
    expect(locateOverrun(measured, 'size', measured.expanded)).toBeUndefined();
    expect(locateOverrun(measured, 'depth', measured.depth)).toBeUndefined();
  });

  it('names the reference through which a walk in document order passes the bound', () => {
    const measured = measureDocument(doublyNamedAllOf(30));
    const overrun = locateOverrun(measured, 'size', 1_000_000);
    // Deep in the chain: one of the references S{i} makes to S{i+1}, after about a million nodes.
    expect(overrun?.reference?.pointer).toMatch(/^#\/components\/schemas\/S(\d+)\/allOf\/[01]$/);
    const level = Number(/S(\d+)/.exec(overrun!.reference!.pointer)![1]);
    expect(level).toBeGreaterThan(10);
  });

  it('names the reference that reaches one level past the bound', () => {
    const measured = measureDocument(referenceChain(300));
    const overrun = locateOverrun(measured, 'depth', 256);
    expect(overrun?.reference?.pointer).toMatch(/^#\/components\/schemas\/S\d+\/items$/);
  });

  it('names the node itself where the nesting is written out', () => {
    let node: unknown = 1;
    for (let i = 0; i < 300; i++) node = { a: node };
    const measured = measureDocument(node);
    const overrun = locateOverrun(measured, 'depth', 256);
    expect(overrun?.reference).toBeUndefined();
    expect(overrun?.pointer).toBe(`#${'/a'.repeat(256)}`);
  });
});

describe('nestedDeeperThan and writtenNodes', () => {
  it('tells nesting past a bound, and stops there', () => {
    const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(nestedDeeperThan(deep, 90)).toBe(true);
    expect(nestedDeeperThan([[[]]], 3)).toBe(false);
    expect(nestedDeeperThan([[[[]]]], 3)).toBe(true);
  });

  it('counts nodes as written, references not followed', () => {
    expect(writtenNodes({ a: { $ref: '#/b' }, b: [1, 2] })).toBe(6);
  });
});

describe('inPlaceLoop', () => {
  const loopOf = (schemas: Record<string, unknown>) => inPlaceLoop(measureDocument({ paths: { x: { schema: { $ref: '#/schemas/Pet' } } }, schemas }));

  it('finds a schema that applies itself to the same value, at the reference closing the loop', () => {
    const loop = loopOf({ Pet: { oneOf: [{ $ref: '#/schemas/Cat' }] }, Cat: { allOf: [{ $ref: '#/schemas/Pet' }, { properties: { purrs: {} } }] } });
    expect(loop?.pointer).toBe('#/schemas/Cat/allOf/0');
  });

  it('finds a loop through not, if, then and else', () => {
    expect(loopOf({ Pet: { if: { $ref: '#/schemas/Cat' } }, Cat: { not: { $ref: '#/schemas/Pet' } } })?.pointer).toBe('#/schemas/Cat/not');
  });

  it('finds none where a field or an item comes between (recursion through data ends with the data)', () => {
    expect(loopOf({ Pet: { properties: { parent: { $ref: '#/schemas/Pet' } }, items: { $ref: '#/schemas/Pet' } } })).toBeUndefined();
    expect(inPlaceLoop(measureDocument(doublyNamedAllOf(20)))).toBeUndefined();
  });
});
