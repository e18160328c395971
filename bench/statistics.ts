// The benchmarks' statistics: quantiles of timings, and the soak's answers counted by kind and status.

/** The q-quantile of `values` (nearest rank), ms. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function latenciesOf(values: number[]): Latencies {
  return {
    count: values.length,
    p50: quantile(values, 0.5),
    p95: quantile(values, 0.95),
    p99: quantile(values, 0.99),
    max: quantile(values, 1),
  };
}

/**
 * Every answer of a run by kind (what the person did: "log in", "upload"…): its time, and its status.
 * An error is a status of 400 or more, or what the caller names: no answer at all, an answer that
 * ended somewhere the person did not mean to go.
 */
export class AnswerTally {
  private readonly times = new Map<string, number[]>();
  private readonly errorCounts = new Map<string, number>();

  record(kind: string, ms: number, status: number): void {
    if (status >= 400) this.error(`${kind} ${status}`);
    const times = this.times.get(kind) ?? [];
    times.push(ms);
    this.times.set(kind, times);
  }

  /** An error that is not a status: e.g. "log in ended at /login (200)". */
  error(what: string): void {
    this.errorCounts.set(what, (this.errorCounts.get(what) ?? 0) + 1);
  }

  /** Answers recorded. */
  get answers(): number {
    let total = 0;
    for (const times of this.times.values()) total += times.length;
    return total;
  }

  /** Each kind's latencies in the order first recorded, then all kinds together. */
  latencies(): { byKind: [string, Latencies][]; overall: Latencies } {
    return {
      byKind: [...this.times].map(([kind, times]) => [kind, latenciesOf(times)]),
      overall: latenciesOf([...this.times.values()].flat()),
    };
  }

  /** Errors by what they were (a kind and its status, or the caller's words), most first. */
  errors(): [string, number][] {
    return [...this.errorCounts].sort((a, b) => b[1] - a[1]);
  }
}
