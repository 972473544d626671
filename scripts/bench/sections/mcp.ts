// The MCP server's start-up, as a client starts it over stdio with the SDK's own client: until
// initialize is answered, until the first page of tools, until every page; the server's CPU time
// (user + system, from /proc) and resident memory when its first page is out, and the size of
// llms-full.txt for the same description. "A few seconds" on GitHub's 1,223 operations is the target.
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildModel } from '../../model/index.ts';
import { llmsFullText } from '../../reference/llms-full.ts';
import { referenceDocument } from '../../reference/reference-document.ts';
import type { Context } from '../context.ts';
import { DOCS, NODE, ROOT, type DocName } from '../paths.ts';
import { formatValue } from '../results.ts';

const SECTION = 'mcp';
const SUBJECT = 'ours: npm run mcp';
const TICKS = 100;

/** CPU time (user + system) and peak resident memory of a process, from /proc. */
function usage(pid: number): { cpuMs: number; rssBytes: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
  return { cpuMs, rssBytes: Number(hwm?.[1] ?? 0) * 1024 };
}

interface StartRun {
  initializeMs: number;
  firstPageMs: number;
  allToolsMs: number;
  cpuMs: number;
  rssBytes: number;
  tools: number;
}

async function startOnce(spec: string): Promise<StartRun> {
  const started = performance.now();
  const transport = new StdioClientTransport({ command: NODE, args: ['scripts/mcp.ts', '--spec', spec], cwd: ROOT, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout: 300_000 });
    const initializeMs = performance.now() - started;
    let page = await client.listTools();
    const firstPageMs = performance.now() - started;
    const { cpuMs, rssBytes } = usage(transport.pid as number);
    let tools = page.tools.length;
    while (page.nextCursor) {
      page = await client.listTools({ cursor: page.nextCursor });
      tools += page.tools.length;
    }
    return { initializeMs, firstPageMs, allToolsMs: performance.now() - started, cpuMs, rssBytes, tools };
  } finally {
    await client.close();
  }
}

async function llmsFullBytes(spec: string): Promise<number> {
  const { model } = await buildModel(spec, { lint: false, validate: false });
  return Buffer.byteLength(llmsFullText(referenceDocument(model), new URL('http://127.0.0.1:4321/')));
}

export async function runMcp(ctx: Context): Promise<void> {
  const { results, options } = ctx;
  for (const doc of options.docs as DocName[]) {
    const runs: StartRun[] = [];
    for (let run = 1; run <= options.runs; run++) {
      ctx.log(`mcp ${doc}: start-up, run ${run}/${options.runs}`);
      const r = await startOnce(DOCS[doc].path);
      runs.push(r);
      ctx.log(
        `  initialize ${formatValue(r.initializeMs, 'ms')}, first page ${formatValue(r.firstPageMs, 'ms')} (CPU ${formatValue(r.cpuMs, 'ms')}), all ${r.tools} tools ${formatValue(r.allToolsMs, 'ms')}`,
      );
    }
    const add = (metric: string, unit: 'ms' | 'bytes' | 'count', pick: (r: StartRun) => number) =>
      results.add(SECTION, doc, SUBJECT, metric, unit, runs.map(pick));
    add('start until initialize is answered', 'ms', (r) => r.initializeMs);
    add('start until the first page of tools', 'ms', (r) => r.firstPageMs);
    add('server CPU time until the first page', 'ms', (r) => r.cpuMs);
    add('start until every page of tools', 'ms', (r) => r.allToolsMs);
    add('server peak memory at the first page', 'bytes', (r) => r.rssBytes);
    add('tools', 'count', (r) => r.tools);
    results.add(SECTION, doc, 'ours: llms-full.txt', 'size', 'bytes', [await llmsFullBytes(DOCS[doc].path)]);
    if (doc === 'github') {
      // CPU time, not the time on the clock: on this shared machine the clock counts other work too.
      const cpu = results.find(SECTION, doc, SUBJECT, 'server CPU time until the first page');
      results.target(SECTION, "MCP server on GitHub's API: CPU time until the first page of tools ≤ 5 s", cpu?.median, 5000, {
        better: 'lower',
        format: (n) => formatValue(n, 'ms'),
        goal: '≤ 5 s',
      });
    }
  }
  results.note(
    'MCP server: started by the SDK’s client over stdio (`npm run mcp -- --spec <doc>`), timed until initialize, the first tools/list page and every page; CPU time and peak memory are the server process’s, read from /proc when the first page is out. llms-full.txt is written by the build’s own writer from the same model.',
  );
}
