/** The one listing of what kiroku exports, for the tests that check names used elsewhere against it. */
import { Metrics } from '#src/monitoring/metrics.js';
import { createRequestBudget } from '#src/service/index.js';

/** Histograms are scraped as `_bucket`, `_sum` and `_count` series; summaries as the name plus `_sum`, `_count`. */
const SERIES_SUFFIXES: Record<string, readonly string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/** Every series name a scrape of kiroku can show: this start's metrics and the process's own. */
export async function exportedSeriesNames(): Promise<Set<string>> {
  const budget = createRequestBudget({ ratePerSecond: 3 });
  try {
    const metrics = new Metrics(budget, () => new Date());
    const names = new Set<string>();
    for (const metric of await metrics.exported().getMetricsAsJSON()) {
      for (const suffix of SERIES_SUFFIXES[metric.type] ?? ['']) names.add(`${metric.name}${suffix}`);
    }
    return names;
  } finally {
    budget.close();
  }
}
