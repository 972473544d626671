// What the numbers were measured on: they only compare within one run on one machine.
import { cpus, loadavg, totalmem, release } from 'node:os';
import { execFileSync } from 'node:child_process';
import { NODE } from './paths.ts';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  kernel: string;
  chromium?: string;
  date: string;
}

export function describeMachine(): Machine {
  let chromium: string | undefined;
  try {
    chromium = execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    chromium = undefined;
  }
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: execFileSync(NODE, ['--version'], { encoding: 'utf8' }).trim(),
    kernel: release(),
    chromium,
    date: new Date().toISOString(),
  };
}

export function currentLoad(): number {
  return Math.round((loadavg()[0] ?? 0) * 100) / 100;
}
