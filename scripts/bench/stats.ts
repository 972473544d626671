// Medians and ranges of repeated measurements.
export interface Summary {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(samples: number[]): Summary {
  if (samples.length === 0) throw new Error('No samples to summarize');
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), samples };
}
