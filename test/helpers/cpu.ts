// CPU time, the measure of work on a machine whose other load inflates elapsed time: this process's, or
// that of a command run to its end with everything it started and waited for.

/** CPU seconds this process spends on `work`. */
export async function cpuSeconds<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, seconds: (used.user + used.system) / 1e6 };
}
