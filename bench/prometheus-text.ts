// Prometheus's text format as the app's METRICS_PORT serves it, read back into samples: for the tests of
// the metrics and the benchmarks.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text format's samples (comments skipped). */
export function samplesOf(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[name!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the sample named `name` with no labels (a process default such as RSS), NaN when absent. */
export function valueOf(samples: Sample[], name: string): number {
  return (
    samples.find((sample) => sample.name === name && Object.keys(sample.labels).length === 0)?.value ?? NaN
  );
}
