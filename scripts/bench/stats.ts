// The bench's summaries of repeated runs: a busy moment on this shared machine only ever adds time
// to a run, so a spread (best, median, worst) says more than one figure (docs/decisions/009-bench.md).

export type Spread = { best: number; median: number; worst: number };

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const spread = (values: number[]): Spread => ({
  best: Math.min(...values),
  median: median(values),
  worst: Math.max(...values),
});
