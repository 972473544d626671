// Header values taken from a description (examples, dates, the successor's
// path) are sent only when HTTP can carry them: a CR or LF would end the
// header (Node refuses to write it, so every answer would fail), other control
// characters are not allowed. Such a header is left out, and the mock says
// which when it starts or reloads.
import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { Operation } from '../model/contract/types.ts';
import { printable } from './log.ts';

/** Whether Node will write this header as it is. */
export function sendableHeader(name: string, value: string): boolean {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return true;
  } catch {
    return false;
  }
}

/** Collects the headers left out of one version of the document, one line each. */
export class LeftOutHeaders {
  readonly lines: string[] = [];
  private readonly seen = new Set<string>();

  /** `value` as sent when sendable; undefined (and a line) when not. */
  check(op: Operation, name: string, value: string): string | undefined {
    if (sendableHeader(name, value)) return value;
    const line = `Left out by the mock: ${printable(op.method.toUpperCase(), 10)} ${printable(op.path, 120)}: header ${printable(name, 60)}: ${printable(JSON.stringify(value), 120)} cannot be sent in HTTP (a line break or control character).`;
    if (!this.seen.has(line)) {
      this.seen.add(line);
      this.lines.push(line);
    }
    return undefined;
  }
}
