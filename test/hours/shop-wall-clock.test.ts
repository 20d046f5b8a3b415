import { describe, expect, it } from "vitest";
import { shopWallClock } from "~/hours/shop-calendar";

// The shop's wall clock (America/New_York) at an instant, which keeps each UTC hour's offset for
// the next instant in the same hour, up to a bound (app/hours/shop-calendar.ts): right across the
// clock changes, whatever order the instants come in, and past the bound (two years of hours).

const at = (iso: string) => shopWallClock(new Date(iso));

describe("the shop's wall clock", () => {
  it("jumps from 1:59 to 3:00 in March and falls back from 1:59 to 1:00 in November", () => {
    expect(at("2026-03-08T06:59:59Z")).toEqual({ date: "2026-03-08", minutes: 1 * 60 + 59 });
    expect(at("2026-03-08T07:00:00Z")).toEqual({ date: "2026-03-08", minutes: 3 * 60 });
    expect(at("2026-11-01T05:59:00Z")).toEqual({ date: "2026-11-01", minutes: 1 * 60 + 59 });
    expect(at("2026-11-01T06:00:00Z")).toEqual({ date: "2026-11-01", minutes: 1 * 60 });
    // Back and forth over the change: each instant with its own hour's offset.
    expect(at("2026-11-01T05:30:00Z")).toEqual({ date: "2026-11-01", minutes: 1 * 60 + 30 });
    expect(at("2026-11-01T06:30:00Z")).toEqual({ date: "2026-11-01", minutes: 1 * 60 + 30 });
  });

  it("says what Intl says for instants over two years, in any order", () => {
    // Another way to ask Intl: Swedish dates read "2026-11-25 17:30".
    const reference = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "America/New_York",
      dateStyle: "short",
      timeStyle: "short",
    });
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const start = Date.UTC(2025, 0, 1);
    for (let index = 0; index < 2_000; index++) {
      const instant = new Date(start + Math.floor(random() * 730 * 86_400_000));
      const [date, time] = reference.format(instant).split(" ");
      const [hours, minutes] = time!.split(":").map(Number);
      expect(shopWallClock(instant), instant.toISOString()).toEqual({ date, minutes: hours! * 60 + minutes! });
    }
  });
});
