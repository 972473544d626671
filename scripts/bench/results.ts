// The measurements of one run, the targets they are judged against, and how both print.
import type { DocName } from './paths.ts';
import type { Machine } from './machine.ts';
import { summarize, type Summary } from './stats.ts';

/** `score`: a number without a unit, such as Chromium's layout shift. */
export type Unit = 'ms' | 'bytes' | 'req/s' | 'count' | 'px' | 'rank' | 'score';
/** `lower` when less is better (time, size), `higher` for throughput. */
export type Better = 'lower' | 'higher';

export interface Row extends Summary {
  section: string;
  doc: DocName | 'any';
  /** What ran: `ours`, `starlight-openapi`, `prism`, ... */
  subject: string;
  metric: string;
  unit: Unit;
  better: Better;
}

export interface Target {
  section: string;
  label: string;
  goal: string;
  measured: string;
  /** null when it could not be measured in this run. */
  met: boolean | null;
  gap?: string;
}

export interface Note {
  section: string;
  text: string;
}

/** A table of a section's own, printed as it is after the section's rows (the search ranks, query by query). */
export interface Table {
  section: string;
  title: string;
  header: string[];
  rows: string[][];
}

/** When and how each section was measured (with --merge, sections may come from different runs). */
export interface SectionRun {
  command: string;
  date: string;
  /** Missing for sections measured as part of a larger run that did not time them apart. */
  durationMs?: number;
  /** 1-minute load average before and after: other work on the machine shows here. */
  loadAverage: { start: number; end: number };
}

export interface Report {
  machine: Machine;
  command: string;
  options: Record<string, unknown>;
  durationMs: number;
  sections: Record<string, SectionRun>;
  rows: Row[];
  targets: Target[];
  notes: Note[];
  /** Missing in reports written before sections had tables of their own. */
  tables?: Table[];
}

export const OURS = 'ours';

export class Results {
  rows: Row[] = [];
  targets: Target[] = [];
  notes: Note[] = [];
  tables: Table[] = [];
  /** The section being measured, which notes belong to. */
  section = '';

  add(section: string, doc: Row['doc'], subject: string, metric: string, unit: Unit, samples: number[], better: Better = 'lower'): Row {
    const row: Row = { section, doc, subject, metric, unit, better, ...summarize(samples) };
    this.rows = this.rows.filter((r) => !(r.section === section && r.doc === doc && r.subject === subject && r.metric === metric));
    this.rows.push(row);
    return row;
  }

  find(section: string, doc: Row['doc'], subject: string, metric: string): Row | undefined {
    return this.rows.find((r) => r.section === section && r.doc === doc && r.subject === subject && r.metric === metric);
  }

  /** A target met when `value` (ours, or a ratio) is on the right side of `limit`. */
  target(
    section: string,
    label: string,
    value: number | undefined,
    limit: number,
    options: { better: Better; format: (n: number) => string; goal: string },
  ): void {
    if (value === undefined || !Number.isFinite(value)) {
      this.targets.push({ section, label, goal: options.goal, measured: 'not measured', met: null });
      return;
    }
    const met = options.better === 'lower' ? value <= limit : value >= limit;
    const gap = met ? undefined : `${options.format(value)} vs ${options.format(limit)}`;
    this.targets.push({ section, label, goal: options.goal, measured: options.format(value), met, gap });
  }

  table(section: string, title: string, header: string[], rows: string[][]): void {
    this.tables = this.tables.filter((t) => !(t.section === section && t.title === title));
    this.tables.push({ section, title, header, rows });
  }

  note(text: string): void {
    if (!this.notes.some((n) => n.text === text)) this.notes.push({ section: this.section, text });
  }

  /** Keeps what an earlier report measured for sections not measured now. */
  keep(previous: Report, sections: string[]): void {
    const kept = (x: { section: string }) => !sections.includes(x.section);
    this.rows = [...previous.rows.filter(kept), ...this.rows];
    this.targets = [...previous.targets.filter(kept), ...this.targets];
    this.notes = [...previous.notes.filter(kept), ...this.notes];
    this.tables = [...(previous.tables ?? []).filter(kept), ...this.tables];
  }
}

export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'ms':
      // Latencies come in whole milliseconds (autocannon's resolution): 0 means under one.
      if (value < 1) return '< 1 ms';
      return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : value >= 10 ? `${Math.round(value)} ms` : `${Number(value.toFixed(1))} ms`;
    case 'bytes':
      if (value >= 2 ** 30) return `${(value / 2 ** 30).toFixed(2)} GiB`;
      if (value >= 2 ** 20) return `${(value / 2 ** 20).toFixed(1)} MiB`;
      if (value >= 1024) return `${(value / 1024).toFixed(1)} KiB`;
      return `${Math.round(value)} B`;
    case 'req/s':
      return `${Math.round(value).toLocaleString('en-US')} req/s`;
    case 'count':
      return Math.round(value).toLocaleString('en-US');
    case 'score':
      return Number(value.toFixed(4)).toString();
    case 'px':
      return `${Math.round(value).toLocaleString('en-US')} px`;
    case 'rank':
      return Number.isInteger(value) ? String(value) : value.toFixed(2);
  }
}

export const ratio = (n: number) => (n >= 10 ? `${n.toFixed(1)}×` : `${n.toFixed(2)}×`);

function cell(row: Row): string {
  const median = formatValue(row.median, row.unit);
  const [min, max] = [formatValue(row.min, row.unit), formatValue(row.max, row.unit)];
  if (row.samples.length < 2 || min === max) return median;
  return `${median} (${min}–${max})`;
}

const SECTION_TITLES: Record<string, string> = {
  build: 'Build',
  weight: 'Page weight (gzip)',
  browser: 'Page load in Chromium',
  mock: 'Mock server',
  preview: "Writers' preview",
  versions: 'Versions side by side',
  mcp: 'MCP server',
  search: 'Search',
};

/** Sections in the order they run, whatever order their results were merged in. */
function sectionOrder(names: string[]): string[] {
  const known = Object.keys(SECTION_TITLES);
  const rank = (n: string) => (known.includes(n) ? known.indexOf(n) : known.length);
  return [...new Set(names)].sort((a, b) => rank(a) - rank(b));
}

const DOC_LABELS: Record<string, string> = { ours: 'Petstore (ours)', galaxy: 'galaxy', github: 'GitHub', any: '—' };

/** One table per section: every subject's median (range), and ours divided by it. */
export function toMarkdown(report: Report): string {
  const out: string[] = [];
  const m = report.machine;
  out.push(`# Benchmarks`, '');
  out.push(
    `Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB; Node ${m.node}${m.chromium ? `; ${m.chromium}` : ''}; Linux ${m.kernel}. ` +
      `Medians of ${report.options.runs} runs, min–max in brackets. The machine is shared: the load average (2 cores) shows how busy it was.`,
  );
  out.push('', '| section | measured | took | load average (start → end) | command |', '|---|---|---|---|---|');
  for (const name of sectionOrder(Object.keys(report.sections))) {
    const run = report.sections[name];
    if (!run) continue;
    out.push(
      `| ${SECTION_TITLES[name] ?? name} | ${new Date(run.date).toISOString().slice(0, 16).replace('T', ' ')} UTC | ${run.durationMs ? `${(run.durationMs / 60000).toFixed(1)} min` : '—'} | ${run.loadAverage.start} → ${run.loadAverage.end} | \`${run.command}\` |`,
    );
  }
  out.push('');
  if (report.targets.length) {
    out.push('## Targets', '', '| | target | goal | measured | gap |', '|---|---|---|---|---|');
    const order = sectionOrder(report.targets.map((t) => t.section));
    for (const t of [...report.targets].sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section))) {
      out.push(`| ${t.met === null ? '–' : t.met ? '✓' : '✗'} | ${t.label} | ${t.goal} | ${t.measured} | ${t.gap ?? ''} |`);
    }
    out.push('');
  }
  const sections = sectionOrder([...report.rows, ...(report.tables ?? [])].map((r) => r.section));
  for (const section of sections) {
    out.push(`## ${SECTION_TITLES[section] ?? section}`, '');
    out.push('| document | measure | tool | median (min–max) | ours ÷ tool |', '|---|---|---|---|---|');
    const rows = report.rows.filter((r) => r.section === section);
    // Rows of one document and measure together, in the order they were first measured.
    const keys = [...new Set(rows.map((r) => `${r.doc}\u0000${r.metric}`))];
    const ordered = keys.flatMap((k) => rows.filter((r) => `${r.doc}\u0000${r.metric}` === k));
    for (const row of ordered) {
      const ours = row.subject.startsWith(OURS)
        ? undefined
        : rows.find((r) => r.doc === row.doc && r.metric === row.metric && r.subject === ourCounterpart(row.subject));
      const versus = ours && row.median > 0 && ours.median > 0 && row.unit !== 'count' ? ratio(ours.median / row.median) : '';
      out.push(`| ${DOC_LABELS[row.doc] ?? row.doc} | ${row.metric} | ${row.subject} | ${cell(row)} | ${versus} |`);
    }
    out.push('');
    for (const table of (report.tables ?? []).filter((t) => t.section === section)) out.push(...tableMarkdown(table));
  }
  if (report.notes.length) {
    const order = sectionOrder(report.notes.map((n) => n.section));
    const notes = [...report.notes].sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section));
    out.push('## Notes', '', ...notes.map((n) => `- ${n.text}`), '');
  }
  return out.join('\n');
}

function tableMarkdown(table: Table): string[] {
  const cells = (row: string[]) => `| ${row.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [`### ${table.title}`, '', cells(table.header), `|${table.header.map(() => '---').join('|')}|`, ...table.rows.map(cells), ''];
}

/** Which of our rows an anchor row is compared with: `prism -v silent` with `ours --quiet`, else plain `ours`. */
export function ourCounterpart(subject: string): string {
  if (/silent/.test(subject)) return `${OURS} --quiet`;
  return OURS;
}
