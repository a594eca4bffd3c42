/**
 * Facts about the whole process, collected once per process on a registry of their own: prom-client's
 * default metrics (CPU, memory, event-loop lag, handles, GC) prefixed `kiroku_`, and the build version.
 * Every kiroku started in one process (the tests start many) shares them, so the GC observer and the
 * event-loop monitor are installed once, not once per start.
 */
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { KIROKU_VERSION } from '../version.js';

export const METRIC_PREFIX = 'kiroku_';

let registry: Registry | undefined;

export function processRegistry(): Registry {
  if (registry) return registry;
  const created = new Registry();
  collectDefaultMetrics({ register: created, prefix: METRIC_PREFIX });
  const info = new Gauge({
    name: `${METRIC_PREFIX}build_info`,
    help: "kiroku's version (from package.json) and the Node.js running it; always 1",
    labelNames: ['version', 'node'] as const,
    registers: [created],
    // Every shard process runs the same build: the supervisor reports one series, not their sum.
    aggregator: 'first',
  });
  info.set({ version: KIROKU_VERSION, node: process.version }, 1);
  registry = created;
  return created;
}
