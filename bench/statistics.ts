// The benchmarks' statistics: quantiles of timings.

/** The q-quantile of `values` (nearest rank), ms. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}
