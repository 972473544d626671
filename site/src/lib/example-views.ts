// What the examples column shows for an operation's responses: a tab per status that has an
// example, and in it one choice per media type and named example, as display text (cut when
// very large). The operation comes through reading-examples.ts, so the examples already
// follow their direction, their variants and XML.
import { STATUS_CODES } from 'node:http';
import type { NamedExample, Operation } from '#model/contract/types.ts';
import { exampleText, sizeText, EXAMPLE_LIMIT } from '#reference/examples.ts';

export interface ExampleChoice {
  label: string;
  mediaType: string;
  /** The example's name (`pets`, `default`, a variant's name): the switches link by it. */
  name: string;
  text: string;
  /** Said under a cut example. */
  cut?: string;
  /** An example the description keeps elsewhere (`externalValue`): shown as its address, never fetched. */
  external?: string;
}

export interface StatusExamples {
  status: string;
  label: string;
  tone: string;
  choices: ExampleChoice[];
}

export function statusText(status: string): string {
  if (status === 'default') return 'Any other status';
  if (/^\dXX$/i.test(status)) return `${status.toUpperCase()} (any ${status[0]}xx status)`;
  const reason = STATUS_CODES[Number(status)];
  return reason ? `${status} ${reason}` : status;
}

export function statusTone(status: string): string {
  return /^[1-5]/.test(status) ? `status-${status[0]}xx` : 'status-default';
}

export function exampleLabel(e: NamedExample): string {
  if (e.generated && e.name === 'generated') return 'Generated from the schema';
  if (e.name === 'default') return e.summary ?? 'Example';
  return e.summary ? `${e.name}: ${e.summary}` : e.name;
}

export function choiceOf(e: NamedExample, mediaType: string): ExampleChoice | undefined {
  if (e.value === undefined) return e.externalValue ? { label: exampleLabel(e), mediaType, name: e.name, text: '', external: e.externalValue } : undefined;
  const shown = exampleText(e.value);
  return {
    label: exampleLabel(e),
    mediaType,
    name: e.name,
    text: shown.text,
    ...(shown.truncated
      ? {
          cut: `Showing the first ${sizeText(EXAMPLE_LIMIT)} of this ${sizeText(shown.fullLength)} example; the full value is in the downloadable description.`,
        }
      : {}),
  };
}

export function responseExamples(op: Operation): StatusExamples[] {
  return op.responses.flatMap((r) => {
    const choices = r.content.flatMap((m) => m.examples.flatMap((e) => choiceOf(e, m.mediaType) ?? []));
    return choices.length > 0 ? [{ status: r.status, label: statusText(r.status), tone: statusTone(r.status), choices }] : [];
  });
}
