/** Reads Prometheus's text exposition into samples, for tests that look at a scrape. */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(LABEL)) labels[label[1] ?? ''] = label[2] ?? '';
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of one series name whose labels include `labels`. */
export function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The one value of a series; fails when there is none or several. */
export function singleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = find(samples, name, labels);
  if (found.length !== 1)
    throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} series, expected 1`);
  return found[0]?.value ?? Number.NaN;
}

/** Every series as `name{label="value",...}`, labels sorted. */
export function seriesKeys(samples: Sample[]): Set<string> {
  return new Set(
    samples.map((sample) => {
      const labels = Object.entries(sample.labels)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => `${key}="${value}"`);
      return `${sample.name}{${labels.join(',')}}`;
    }),
  );
}
