// The model process's stderr as the command passes it on: its own lines whole, V8's fatal report
// left out and read for whether the process ran out of memory.
import { describe, expect, it } from 'vitest';
import { fatalFilter } from '../../../scripts/model/process/fatal-filter.ts';

/** What V8 prints when a process reaches its heap limit (Node 24, abridged). */
const OOM_REPORT = `
<--- Last few GCs --->

[4242:0x5a1c000]     1840 ms: Mark-Compact 190.2 (193.5) -> 189.9 (194.2) MB, pooled: 0 MB, 201.32 / 0.00 ms

<--- JS stacktrace --->

FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory
----- Native stack trace -----

 1: 0xe16044 node::OOMErrorHandler(char const*, v8::OOMDetails const&) [node]
`;

function run(chunks: string[]) {
  let out = '';
  const filter = fatalFilter({ write: (text: string) => (out += text) });
  for (const chunk of chunks) filter.write(chunk);
  filter.end();
  return { out, outOfMemory: filter.outOfMemory() };
}

describe('the model process stderr filter', () => {
  it('passes warnings on whole, however the chunks split them', () => {
    const text = '(node:1) Warning: something\n\nsecond line\nno newline at the end';
    for (let at = 0; at <= text.length; at++) {
      expect(run([text.slice(0, at), text.slice(at)])).toEqual({ out: `${text}\n`, outOfMemory: false });
    }
  });

  it("leaves V8's out-of-memory report out, blank line before it included, and says the process ran out of memory", () => {
    const result = run(['a warning first\n', OOM_REPORT.slice(0, 70), OOM_REPORT.slice(70)]);
    expect(result).toEqual({ out: 'a warning first\n', outOfMemory: true });
  });

  it('leaves out a fatal report of another kind without calling it a lack of memory', () => {
    const result = run(['\n#\nFATAL ERROR: v8::ToLocalChecked Empty MaybeLocal\n----- Native stack trace -----\n 1: 0x1 node::Abort() [node]\n']);
    expect(result.outOfMemory).toBe(false);
    expect(result.out).toBe('\n#\n');
  });
});
