// The crowd part's visitors (scripts/bench/crowd/crowd.ts): 200 people using the public reads at
// once, each as a person does: open a page, read it, open the next. A closed loop in which every
// visitor asks again the instant the answer arrives measures the runtime's saturation instead (it
// has no idle moment, so the requests queue by construction); with a think time between pages the
// arrival rate is what 200 readers produce, and the times are what each of them waits.
//
// The think time is drawn from a negative exponential distribution with a mean of 7 s, cut at 10
// times the mean: the distribution and mean TPC-W prescribes for its emulated browsers (TPC
// Benchmark W, clause 5.3.1), the usual model of a person reading a page between two clicks (an
// exponential keeps the arrivals random, so bursts happen as they would). Our pages are short reads
// (a month of openings, one appointment, an estimate of a few lines), so a few seconds is not
// generous: `BENCH_CROWD_THINK_SECONDS` sets another mean.
import { generator } from "../../seed-desk.ts";

export const THINK_SECONDS = Number(process.env.BENCH_CROWD_THINK_SECONDS ?? 7);
/** Before the measured seconds: the visitors arrive over a think time and the runtime warms up. */
export const WARM_UP_SECONDS = Number(process.env.BENCH_CROWD_WARM_UP_SECONDS ?? 15);
/** A visitor who waits longer gives up (counted as an error). */
const GIVE_UP_MS = 30_000;

export type VisitedPage = { name: string; path: (visitor: number) => string };

export type PageTimes = { name: string; samples: number[]; errors: number; non2xx: number };

export type VisitorRun = {
  visitors: number;
  thinkSeconds: number;
  warmUpSeconds: number;
  seconds: number;
  /** Requests started in the measured seconds, per second. */
  arrivalsPerSecond: number;
  pages: PageTimes[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export const percentile = (values: number[], p: number) => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * `visitors` people for the warm-up and then `seconds` measured: visitor v opens the pages in turn
 * (starting at page v mod their number, so each page has a third of the visitors at any moment),
 * each time with their own link (`path(v)`), and reads each for a think time. Only the requests
 * that start in the measured seconds are timed and counted.
 */
export async function visitorCrowd(
  origin: string,
  pages: VisitedPage[],
  { visitors, seconds }: { visitors: number; seconds: number },
): Promise<VisitorRun> {
  const times: PageTimes[] = pages.map((page) => ({ name: page.name, samples: [], errors: 0, non2xx: 0 }));
  const measureFrom = performance.now() + WARM_UP_SECONDS * 1000;
  const end = measureFrom + seconds * 1000;
  let arrivals = 0;
  const visitor = async (index: number) => {
    const random = generator(1000 + index);
    const think = () => Math.min(-Math.log(1 - random.next()) * THINK_SECONDS, 10 * THINK_SECONDS) * 1000;
    // Arriving after a think time spreads the first visits as a steady crowd's would be.
    await sleep(Math.min(think(), end - performance.now()));
    for (let visit = index; performance.now() < end; visit++) {
      const page = visit % pages.length;
      const start = performance.now();
      const measured = start >= measureFrom;
      if (measured) arrivals += 1;
      let status = 0;
      try {
        const response = await fetch(`${origin}${pages[page]!.path(index)}`, {
          signal: AbortSignal.timeout(GIVE_UP_MS),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      if (measured) {
        const entry = times[page]!;
        if (status === 0) entry.errors += 1;
        else if (status < 200 || status > 299) entry.non2xx += 1;
        else entry.samples.push(performance.now() - start);
      }
      await sleep(Math.min(think(), end - performance.now()));
    }
  };
  await Promise.all(Array.from({ length: visitors }, (_, index) => visitor(index)));
  return {
    visitors,
    thinkSeconds: THINK_SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    seconds,
    arrivalsPerSecond: arrivals / seconds,
    pages: times,
  };
}
