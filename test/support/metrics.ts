/** Reading a Prometheus scrape (the text format) in tests. */

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** Every sample of the series `name` whose labels include `labels` (other labels ignored). */
export function samplesOf(text: string, name: string, labels: Record<string, string> = {}): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (match?.[1] !== name) continue;
    const sample: Sample = { labels: {}, value: Number(match[3]) };
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      sample.labels[key!] = value!.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    if (Object.entries(labels).every(([k, v]) => sample.labels[k] === v)) found.push(sample);
  }
  return found;
}

/** The sum of those samples: 0 when there is none, as a counter that never moved. */
export const valueOf = (text: string, name: string, labels: Record<string, string> = {}): number =>
  samplesOf(text, name, labels).reduce((sum, s) => sum + s.value, 0);

/** GET /metrics of a Prometheus exporter on this machine. */
export async function scrape(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
}
