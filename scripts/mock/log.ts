// One short line per request: `GET /pets/1 200 0.4ms getPet`, with the
// operation matched and, for a refusal, the reason (`POST /pets 400 0.3ms
// createPet: body.name is required`). Lines are buffered
// and written in batches: under load a write per request would cost more
// than answering it.

import { printable as printableText } from '../terminal.ts';
import type { Problem } from './recent.ts';

export interface Output {
  write(text: string): unknown;
}

const FLUSH_MS = 50;
const FLUSH_BYTES = 32 * 1024;

/** Control characters and non-ASCII in a logged URL are escaped, and long ones cut. */
export function printable(text: string, max = 200): string {
  return printableText(text, { max, ascii: true });
}

export class RequestLog {
  private buffer = '';
  private timer: NodeJS.Timeout | undefined;
  private readonly output: Output;

  constructor(output: Output) {
    this.output = output;
  }

  request(method: string, url: string, status: number, ms: number, operation?: string, reason?: string, problems?: readonly Problem[]): void {
    let line = `${printable(method, 20)} ${printable(url)} ${status === 0 ? '-' : status} ${ms.toFixed(1)}ms`;
    if (operation !== undefined) line += ` ${printable(operation, 120)}`;
    if (reason !== undefined) line += `${operation === undefined ? '' : ':'} ${printable(reason, 300)}`;
    // Each way an answer differs from the description, on a line of its own under the request's.
    for (const p of problems ?? []) line += `\n  ${p.in}${p.at !== undefined ? ` ${printable(p.at, 120)}` : ''}: ${printable(p.message, 300)}`;
    this.buffer += `${line}\n`;
    if (this.buffer.length >= FLUSH_BYTES) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => this.flush(), FLUSH_MS).unref();
  }

  /** A message that is not a request line; written after the lines before it. */
  message(text: string): void {
    this.buffer += text.endsWith('\n') ? text : `${text}\n`;
    this.flush();
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.buffer === '') return;
    const text = this.buffer;
    this.buffer = '';
    this.output.write(text);
  }
}
