// The preview's saves, one after another: most of a large API's model is what the last save made.
// A new document keeps the last one's objects wherever it is equal to it (`adopt`), and an
// operation or a component schema whose objects are the ones the last model was made from, and
// whose references lead (through references in turn) only to objects the last document had at the
// same places, takes its part of that model again: about a third of a second of GitHub's API on
// every save, most of it sampling examples. Only the preview's worker holds one (preview-session.ts):
// the model itself never keeps parts between builds.
import type { CappedExample } from '../model/normalize/examples.ts';
import type { EarlierParts, ExampleLedger, PartMemo } from '../model/normalize/normalize.ts';
import { resolvePointer } from '../model/document/pointer.ts';
import type { Operation, SchemaNode } from '../model/contract/types.ts';

/** Where an operation's model came from, and what making it left besides. */
interface OperationMemo {
  key: string;
  pathItem: object;
  result: Operation;
  capped: CappedExample[];
  bytes: number;
}

interface SchemaMemo {
  node: SchemaNode;
  example: unknown;
  capped: CappedExample[];
  bytes: number;
}

/** What one normalization made, for the next to take: by the raw operation object, and by the raw schema object. */
interface Memos {
  operations: Map<object, OperationMemo>;
  schemas: Map<object, SchemaMemo>;
}

const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The top-level keys this cache checks part by part: the path items by identity, the components through the references
 * that reach them. Any other key changed (info, tags, servers, security, an extension) makes every part again: no list
 * of what an operation's model reads to keep in step with the model.
 */
const CHECKED_BY_PART = new Set(['paths', 'webhooks', 'components']);

/** The internal references in a node and everything under it, discriminator mappings included. */
export function referencesIn(node: unknown): string[] {
  const out = new Set<string>();
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const object = value as Record<string, unknown>;
    // As openapi-sampler reads one too: any value, as text, decoded as a whole before it is split.
    if (object.$ref) {
      const ref = String(object.$ref);
      if (ref.startsWith('#')) {
        out.add(ref);
        try {
          out.add(decodeURIComponent(ref));
        } catch {
          // Not percent-encoded text: read as written only.
        }
      }
    }
    const mapping = (object.discriminator as { mapping?: unknown } | undefined)?.mapping;
    if (mapping !== null && typeof mapping === 'object') {
      for (const target of Object.values(mapping)) {
        if (typeof target === 'string') out.add(target.startsWith('#') ? target : `#/components/schemas/${target}`);
      }
    }
    for (const key in object) stack.push(object[key]);
  }
  return [...out];
}

/**
 * `next` with every value equal to `previous`'s at the same place replaced by it, so what did not
 * change keeps its identity. `next` is changed in place (a document just parsed). A node shared by
 * several places (a YAML alias) stays one node, and a node of the last document takes one place only:
 * what is shared in one document and not in the other is not the same.
 */
export function reconcile(previous: unknown, next: unknown): unknown {
  return reconcileNode(previous, next, new Map(), new Map());
}

/** Key order is part of the document (it orders pages and fields). */
function sameOrder(before: Record<string, unknown>, keys: string[]): boolean {
  let i = 0;
  for (const key in before) if (key !== keys[i++]) return false;
  return true;
}

function reconcileNode(previous: unknown, next: unknown, results: Map<object, unknown>, placed: Map<object, object>): unknown {
  // Values, and Dates (YAML) or anything else than plain data, are taken as they come: a value equal to the last is `===` to it.
  if (next === null || typeof next !== 'object' || !(Array.isArray(next) || isPlain(next))) return next;
  const known = results.get(next);
  if (known !== undefined) return known;
  let same: boolean;
  if (Array.isArray(next)) {
    const before = Array.isArray(previous) ? previous : undefined;
    same = before !== undefined && before.length === next.length;
    for (let i = 0; i < next.length; i++) {
      const value = reconcileNode(before?.[i], next[i], results, placed);
      next[i] = value;
      if (value !== before?.[i]) same = false;
    }
  } else {
    const object = next as Record<string, unknown>;
    const before = isPlain(previous) ? previous : undefined;
    const keys = Object.keys(object);
    same = before !== undefined && Object.keys(before).length === keys.length;
    for (const key of keys) {
      const had = before !== undefined && Object.hasOwn(before, key);
      const value = reconcileNode(had ? before[key] : undefined, object[key], results, placed);
      object[key] = value;
      if (!had || value !== before[key]) same = false;
    }
    if (same && before !== undefined && !sameOrder(before, keys)) same = false;
  }
  if (same) {
    const holder = placed.get(previous as object);
    if (holder !== undefined && holder !== next) same = false;
    else placed.set(previous as object, next);
  }
  const result = same ? previous : next;
  results.set(next, result);
  return result;
}

export class SaveReuse implements EarlierParts {
  /** The document last adopted, and the one adopted before it. */
  #document: Record<string, unknown> | undefined;
  #previous: Record<string, unknown> | undefined;
  /** The document the memos were made from: only when it is the last adopted one do they say what the next can take. */
  #memoDocument: object | undefined;
  #operations = new Map<object, OperationMemo>();
  #schemas = new Map<object, SchemaMemo>();
  #slugs = '';
  /** Whether the last normalization spent its example budget (then what it made depends on order). */
  #exhausted = true;
  /** Whether what operations read of the document as a whole is the last document's. */
  #sameContext = false;
  /** The references under a path item or a component, kept with it: an object kept from the last document is unchanged. */
  #references = new WeakMap<object, string[]>();

  /** The document to normalize: `next`, keeping the last document's objects where it equals it. */
  adopt<T extends object>(parsed: T): T {
    const next = parsed as Record<string, unknown>;
    const previous = this.#document;
    this.#previous = previous;
    let document: Record<string, unknown>;
    try {
      document = reconcile(previous, next) as Record<string, unknown>;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      // Nested deeper than the stack goes (a description is untrusted): taken as it is, every value in it
      // replaced so far being equal to the one it replaced; nothing is taken from the last model.
      this.#document = next;
      this.#sameContext = false;
      return parsed;
    }
    const read = (d: Record<string, unknown>) => Object.keys(d).filter((key) => !CHECKED_BY_PART.has(key));
    this.#sameContext =
      previous !== undefined &&
      this.#memoDocument === previous &&
      read(previous).length === read(document).length &&
      read(document).every((key) => Object.hasOwn(previous, key) && previous[key] === document[key]);
    this.#document = document;
    return document as T;
  }

  /**
   * One normalization of `document`; `slugs` names every operation's slug by its operationId (an operation's
   * model links to others by them). It takes from the last one's memos only when `document` was just adopted.
   */
  begin(document: object, slugs: string, ledger: ExampleLedger): NormalizationReuse {
    const usable = document === this.#document && this.#sameContext && !this.#exhausted && slugs === this.#slugs;
    const finish = (done: Memos, exhausted: boolean) => {
      this.#operations = done.operations;
      this.#schemas = done.schemas;
      this.#memoDocument = document;
      this.#slugs = slugs;
      this.#exhausted = exhausted;
      // Only the changed parts of it are not the current document's: nothing to hold on to until the next save.
      this.#previous = undefined;
    };
    if (!usable) return new NormalizationReuse({ operations: new Map(), schemas: new Map() }, ledger, () => false, finish);
    const last = { operations: this.#operations, schemas: this.#schemas };
    return new NormalizationReuse(last, ledger, this.#referencesUnchanged(this.#document, this.#previous), finish);
  }

  /** Whether every reference under a node leads, through the references there in turn, only to objects the last document had there. */
  #referencesUnchanged(now: unknown, before: unknown): (node: object) => boolean {
    const targets = new Map<string, { same: boolean; references: string[] }>();
    const target = (pointer: string) => {
      let known = targets.get(pointer);
      if (!known) {
        const value = resolvePointer(now, pointer);
        known = { same: value === resolvePointer(before, pointer), references: value !== null && typeof value === 'object' ? this.#referencesOf(value) : [] };
        targets.set(pointer, known);
      }
      return known;
    };
    return (node) => {
      const seen = new Set<string>();
      const stack = [...this.#referencesOf(node)];
      while (stack.length > 0) {
        const pointer = stack.pop() as string;
        if (seen.has(pointer)) continue;
        seen.add(pointer);
        const { same, references } = target(pointer);
        if (!same) return false;
        for (const next of references) stack.push(next);
      }
      return true;
    };
  }

  #referencesOf(node: object): string[] {
    let references = this.#references.get(node);
    if (!references) {
      references = referencesIn(node);
      this.#references.set(node, references);
    }
    return references;
  }
}

/** The memos of one normalization: those of the last one it may take, and its own for the next. */
export class NormalizationReuse implements PartMemo {
  readonly made: Memos = { operations: new Map(), schemas: new Map() };
  /** How many parts were taken from the last model. */
  reused = 0;

  private readonly last: Memos;
  private readonly ledger: ExampleLedger;
  /** Whether what a node's references reach is what they reached for the last model. */
  private readonly followed: (node: object) => boolean;
  private readonly finish: (made: Memos, exhausted: boolean) => void;

  constructor(last: Memos, ledger: ExampleLedger, followed: (node: object) => boolean, finish: (made: Memos, exhausted: boolean) => void) {
    this.last = last;
    this.ledger = ledger;
    this.followed = followed;
    this.finish = finish;
  }

  /** The model of an operation: the last one's when its objects are the same, at the same place under the same slug. */
  operation(operation: object, pathItem: object, key: string, make: () => Operation): Operation {
    const last = this.last.operations.get(operation);
    // The path item's references are the operation's and those of the parameters it shares.
    if (last && last.key === key && last.pathItem === pathItem && this.followed(pathItem)) {
      this.replay(last);
      this.made.operations.set(operation, last);
      return last.result;
    }
    const memo = this.record(make, (result, capped, bytes) => ({ key, pathItem, result, capped, bytes }));
    this.made.operations.set(operation, memo);
    return memo.result;
  }

  /** A component schema's node and example: the last ones when the schema is the same object. */
  schema(value: object, make: () => { node: SchemaNode; example: unknown }): { node: SchemaNode; example: unknown } {
    const last = this.last.schemas.get(value);
    if (last && this.followed(value)) {
      this.replay(last);
      this.made.schemas.set(value, last);
      return last;
    }
    const memo = this.record(make, (made, capped, bytes) => ({ ...made, capped, bytes }));
    this.made.schemas.set(value, memo);
    return memo;
  }

  /** Ends the normalization; `exhausted` when its examples spent their budget. */
  end(exhausted: boolean): void {
    this.finish(this.made, exhausted);
  }

  private replay(memo: { capped: CappedExample[]; bytes: number }): void {
    this.reused++;
    this.ledger.capped.push(...memo.capped);
    this.ledger.charge(memo.bytes);
  }

  private record<T, M>(make: () => T, memo: (made: T, capped: CappedExample[], bytes: number) => M): M {
    const cappedBefore = this.ledger.capped.length;
    const spentBefore = this.ledger.spent();
    const made = make();
    return memo(made, this.ledger.capped.slice(cappedBefore), this.ledger.spent() - spentBefore);
  }
}
