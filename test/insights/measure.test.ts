import { describe, expect, it } from "vitest";
import { percentile, samplesOf, splitAt } from "~/features/insights/server/measure.server";

// The two pieces the insights' speed rests on (issue 28): percentiles found by selection rather
// than a sort, and the window and the chart's weeks split off in one pass. Each must give what the
// plain way gives, on sets with repeats, on the edges and in any order.

/** A small deterministic generator, so a failure names a set that can be made again. */
function numbers(seed: number, count: number, spread: number): Float64Array {
  let state = seed;
  return Float64Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % spread;
  });
}

describe("a percentile by selection", () => {
  it("is the nearest rank of the sorted values, for any size, repeats and order", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const values = numbers(seed, seed * 7, seed % 3 === 0 ? 5 : 100_000);
      const sorted = values.slice().sort();
      for (const p of [0, 0.1, 0.5, 0.9, 1]) {
        const expected = sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
        expect(percentile(values.slice(), p), `seed ${seed}, p ${p}`).toBe(expected);
      }
    }
    expect(percentile(new Float64Array([3, 2, 1, 2, 3, 1]), 0.5)).toBe(2);
    expect(percentile(new Float64Array(), 0.5)).toBeNull();
  });
});

describe("splitting at instants", () => {
  it("puts each sample in the part of the last start at or before it, and leaves out earlier ones", () => {
    const submitted = [5, 10, 19, 20, 21, 29, 30, 31, 400, 1];
    const samples = samplesOf(submitted.map((submittedAt) => ({ submittedAt, firstContactAt: submittedAt + 1 })));
    const parts = splitAt(samples, [10, 20, 30]);
    expect(parts.map((part) => [...part.submittedAt])).toEqual([
      [10, 19],
      [20, 21, 29],
      [30, 31, 400],
    ]);
    // Each sample keeps its own first contact.
    expect(parts.map((part) => [...part.firstContactAt])).toEqual([
      [11, 20],
      [21, 22, 30],
      [31, 32, 401],
    ]);
    expect(splitAt(samples, [1000]).map((part) => part.submittedAt.length)).toEqual([0]);
  });
});
