// The measurements of one run, the targets they are judged against, and how both print.
import type { DocName } from './paths.ts';
import type { Machine } from './machine.ts';
import { summarize, type Summary } from './stats.ts';

export type Unit = 'ms' | 'bytes' | 'req/s' | 'count';
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

export interface Report {
  machine: Machine;
  command: string;
  options: Record<string, unknown>;
  durationMs: number;
  rows: Row[];
  targets: Target[];
  notes: string[];
}

export const OURS = 'ours';

export class Results {
  rows: Row[] = [];
  targets: Target[] = [];
  notes: string[] = [];

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
  target(section: string, label: string, value: number | undefined, limit: number, options: { better: Better; format: (n: number) => string; goal: string }): void {
    if (value === undefined || !Number.isFinite(value)) {
      this.targets.push({ section, label, goal: options.goal, measured: 'not measured', met: null });
      return;
    }
    const met = options.better === 'lower' ? value <= limit : value >= limit;
    const gap = met ? undefined : `${options.format(value)} vs ${options.format(limit)}`;
    this.targets.push({ section, label, goal: options.goal, measured: options.format(value), met, gap });
  }

  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }
}

export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'ms':
      return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : value >= 10 ? `${Math.round(value)} ms` : `${value.toFixed(2)} ms`;
    case 'bytes':
      if (value >= 2 ** 30) return `${(value / 2 ** 30).toFixed(2)} GiB`;
      if (value >= 2 ** 20) return `${(value / 2 ** 20).toFixed(1)} MiB`;
      if (value >= 1024) return `${(value / 1024).toFixed(1)} KiB`;
      return `${Math.round(value)} B`;
    case 'req/s':
      return `${Math.round(value).toLocaleString('en-US')} req/s`;
    case 'count':
      return Math.round(value).toLocaleString('en-US');
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
};

const DOC_LABELS: Record<string, string> = { ours: 'Petstore (ours)', galaxy: 'galaxy', github: 'GitHub', any: '—' };

/** One table per section: every subject's median (range), and ours divided by it. */
export function toMarkdown(report: Report): string {
  const out: string[] = [];
  const m = report.machine;
  out.push(`# Benchmarks`, '');
  out.push(
    `Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB; Node ${m.node}${m.chromium ? `; ${m.chromium}` : ''}; Linux ${m.kernel}. ` +
      `${report.options.runs} runs each (medians, min–max in brackets); ${new Date(m.date).toUTCString()}; took ${(report.durationMs / 60000).toFixed(1)} min; ` +
      `load average ${m.loadAverage.start} at the start, ${m.loadAverage.end ?? '?'} at the end (other work on the machine).`,
  );
  out.push('', `Command: \`${report.command}\``, '');
  if (report.targets.length) {
    out.push('## Targets', '', '| | target | goal | measured | gap |', '|---|---|---|---|---|');
    for (const t of report.targets) {
      out.push(`| ${t.met === null ? '–' : t.met ? '✓' : '✗'} | ${t.label} | ${t.goal} | ${t.measured} | ${t.gap ?? ''} |`);
    }
    out.push('');
  }
  const sections = [...new Set(report.rows.map((r) => r.section))];
  for (const section of sections) {
    out.push(`## ${SECTION_TITLES[section] ?? section}`, '');
    out.push('| document | measure | tool | median (min–max) | ours ÷ tool |', '|---|---|---|---|---|');
    const rows = report.rows.filter((r) => r.section === section);
    // Rows of one document and measure together, in the order they were first measured.
    const keys = [...new Set(rows.map((r) => `${r.doc}\u0000${r.metric}`))];
    const ordered = keys.flatMap((k) => rows.filter((r) => `${r.doc}\u0000${r.metric}` === k));
    for (const row of ordered) {
      const ours = row.subject.startsWith(OURS) ? undefined : rows.find((r) => r.doc === row.doc && r.metric === row.metric && r.subject === ourCounterpart(row.subject));
      const versus = ours && row.median > 0 && row.unit !== 'count' ? ratio(ours.median / row.median) : '';
      out.push(`| ${DOC_LABELS[row.doc] ?? row.doc} | ${row.metric} | ${row.subject} | ${cell(row)} | ${versus} |`);
    }
    out.push('');
  }
  if (report.notes.length) {
    out.push('## Notes', '', ...report.notes.map((n) => `- ${n}`), '');
  }
  return out.join('\n');
}

/** Which of our rows an anchor row is compared with: `prism -v silent` with `ours --quiet`, else plain `ours`. */
export function ourCounterpart(subject: string): string {
  if (/silent/.test(subject)) return `${OURS} --quiet`;
  return OURS;
}
