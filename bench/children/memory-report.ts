/** The line a memory child prints: RSS and heap after two forced collections. */
export const MEMORY_PREFIX = 'BENCH_MEMORY ';

export interface MemoryReport {
  guilds: number;
  channels: number;
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  /** ms from process start (performance.timeOrigin) to ready. */
  readyMs: number;
}

/** Forces GC (node --expose-gc), waits for the heap to settle, and prints the report line. */
export async function printMemory(
  counts: { guilds: number; channels: number },
  readyMs: number,
): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
  const usage = process.memoryUsage();
  const report: MemoryReport = {
    ...counts,
    rssBytes: usage.rss,
    heapUsedBytes: usage.heapUsed,
    externalBytes: usage.external,
    readyMs,
  };
  process.stdout.write(`${MEMORY_PREFIX}${JSON.stringify(report)}\n`);
}
