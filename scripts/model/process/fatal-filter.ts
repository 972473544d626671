// What the model's process says on stderr, passed on line by line, except V8's report of a fatal
// error (its last collections, stacks and "FATAL ERROR" line): the command reports that as the
// description's problem, located at its entry file, and the writer should not read a crash dump.
// Hand-written: a few lines of state no package covers.

/** The lines V8 starts its fatal report with, the first of which ends passing lines on. */
const REPORT_START = /^(?:<--- Last few GCs --->|<--- JS stacktrace --->|FATAL ERROR:|----- Native stack trace -----)/;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit/;

export interface FatalFilter {
  write(chunk: Buffer | string): void;
  /** Passes on what is left of an unfinished line (unless a fatal report started). */
  end(): void;
  /** Whether the report said the process ran out of memory. */
  outOfMemory(): boolean;
}

export function fatalFilter(out: { write(text: string): unknown }): FatalFilter {
  let partial = '';
  // Blank lines wait for the next line: V8's report starts with one.
  let blanks = '';
  let reporting = false;
  let outOfMemory = false;

  const line = (text: string): void => {
    if (!reporting && REPORT_START.test(text)) reporting = true;
    if (reporting) {
      outOfMemory ||= OUT_OF_MEMORY.test(text);
      blanks = '';
      return;
    }
    if (text.trim() === '') {
      blanks += `${text}\n`;
      return;
    }
    out.write(`${blanks}${text}\n`);
    blanks = '';
  };

  return {
    write(chunk) {
      const lines = (partial + String(chunk)).split('\n');
      partial = lines.pop() ?? '';
      for (const text of lines) line(text);
    },
    end() {
      if (partial !== '') line(partial);
      partial = '';
      if (!reporting && blanks) out.write(blanks);
      blanks = '';
    },
    outOfMemory: () => outOfMemory,
  };
}
