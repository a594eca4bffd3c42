/**
 * Facts about the whole process, collected once per process on a registry of their own: prom-client's
 * default metrics (CPU, memory, event-loop lag, handles, GC) prefixed `kiroku_`, and the build version.
 * Every kiroku started in one process (the tests start many) shares them, so the GC observer and the
 * event-loop monitor are installed once, not once per start.
 */
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { KIROKU_VERSION } from '../version.js';

export const METRIC_PREFIX = 'kiroku_';
/** The kinds prom-client's GC histogram labels (Node's PerformanceObserver GC kinds). */
const GC_KINDS = ['minor', 'major', 'incremental', 'weakcb'];

let registry: Registry | undefined;

export function processRegistry(): Registry {
  if (registry) return registry;
  const created = new Registry();
  collectDefaultMetrics({ register: created, prefix: METRIC_PREFIX });
  // The GC histogram gets a series at a kind's first collection: at zero from the start instead.
  const gc = created.getSingleMetric(`${METRIC_PREFIX}nodejs_gc_duration_seconds`);
  if (gc instanceof Histogram) for (const kind of GC_KINDS) gc.zero({ kind });
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
