import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import worker, { loadScheduledRunner } from "../../workers/app";
import { runCron } from "../support/queue";
import { d1Sessions } from "../support/d1";

// The Cron Triggers wrangler.toml declares and the jobs the Worker runs for them are one list.
// (The jobs themselves are tested with what they do: the spam purge in inbox-spam.test.ts.)

const cronsIn = (section: string) => {
  const body = new RegExp(`^\\[${section.replaceAll(".", "\\.")}\\]\\ncrons = \\[([^\\]]*)\\]`, "m").exec(wranglerToml);
  return [...(body?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((match) => match[1]).sort();
};

describe("scheduled jobs", () => {
  it("run for exactly the crons wrangler.toml declares, locally and in production", async () => {
    const jobs = (await loadScheduledRunner()).crons.sort();
    expect(jobs.length).toBeGreaterThan(0);
    expect(cronsIn("triggers")).toEqual(jobs);
    expect(cronsIn("env.production.triggers")).toEqual(jobs);
  });

  it("refuse a trigger they have no job for, so the platform records the run as failed", async () => {
    const controller = createScheduledController({ cron: "1 2 3 4 5", scheduledTime: Date.now() });
    await expect(worker.scheduled(controller, env)).rejects.toThrow(/No job for the Cron Trigger "1 2 3 4 5"/);
  });

  it("log what each run did, in words an operator can read", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      // 10:00 UTC on a Monday is 5 AM in Pikesville: not the digest's hour.
      await runCron("0 12,13 * * *", new Date("2026-11-23T10:00:00Z"));
      await runCron("0 8 * * *", new Date("2026-11-23T08:00:00Z"));
      const lines = log.mock.calls.map((call) => call.join(" "));
      expect(lines).toContain('Cron Trigger "0 12,13 * * *": not 8 AM on a day the shop opens: no digest');
      expect(lines.find((line) => line.startsWith('Cron Trigger "0 8 * * *"'))).toMatch(
        /^Cron Trigger "0 8 \* \* \*": deleted \d+ contact messages and \d+ service requests kept as spam for over 30 days; deleted \d+ audit log entries older than 400 days; deleted \d+ session rows older than 30 days; deleted \d+ closure and special-hours days past over 30 days ago$/,
      );
    } finally {
      log.mockRestore();
    }
  });
  it("run every nightly purge even when one fails, logging the one that failed", async () => {
    const night = new Date("2026-11-23T08:00:00Z");
    const longAgo = night.getTime() - 500 * 24 * 60 * 60_000;
    await env.DB.prepare(
      "insert into audit_log (at, actor_id, actor_name, action, target, detail, client) values (?, null, 'purge-test', 'sign-in.failed', null, null, 'test')",
    )
      .bind(longAgo)
      .run();
    await env.DB.prepare(
      "insert into shop_closures (date, reason, created_at) values ('2025-01-06', 'Long ago', 0)",
    ).run();
    // The spam purge, the first, fails: D1 refuses its reads of the inbox.
    const failingSpam = d1Sessions((session) => ({
      prepare(query) {
        if (query.includes('"status" = ?') && query.includes('from "contact_submissions"'))
          throw new Error("D1 is down");
        return session.prepare(query);
      },
    }));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(runCron("0 8 * * *", night, { DB: failingSpam })).rejects.toThrow(
        /^Cron Trigger "0 8 \* \* \*": the spam purge failed; deleted 1 audit log entries older than 400 days; deleted \d+ session rows older than 30 days; deleted 1 closure and special-hours days past over 30 days ago$/,
      );
      expect(error.mock.calls.map((call) => String(call[0]))).toContain(
        'The spam purge failed; the other tasks of "0 8 * * *" still run',
      );
    } finally {
      error.mockRestore();
    }
    const left = await env.DB.prepare(
      "select (select count(*) from audit_log where actor_name = 'purge-test') as audit, (select count(*) from shop_closures where date = '2025-01-06') as closures",
    ).first();
    expect(left).toEqual({ audit: 0, closures: 0 });
  });
});
