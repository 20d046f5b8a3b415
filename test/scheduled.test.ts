import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import wranglerToml from "../wrangler.toml?raw";
import { scheduledJobs } from "~/server/scheduled.server";
import worker from "../workers/app";

// The Cron Triggers wrangler.toml declares and the jobs the Worker runs for them are one list.
// (The jobs themselves are tested with what they do: the spam purge in inbox-spam.test.ts.)

const cronsIn = (section: string) => {
  const body = new RegExp(`^\\[${section.replaceAll(".", "\\.")}\\]\\ncrons = \\[([^\\]]*)\\]`, "m").exec(wranglerToml);
  return [...(body?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((match) => match[1]).sort();
};

describe("scheduled jobs", () => {
  it("run for exactly the crons wrangler.toml declares, locally and in production", () => {
    const jobs = Object.keys(scheduledJobs).sort();
    expect(jobs.length).toBeGreaterThan(0);
    expect(cronsIn("triggers")).toEqual(jobs);
    expect(cronsIn("env.production.triggers")).toEqual(jobs);
  });

  it("refuse a trigger they have no job for, so the platform records the run as failed", async () => {
    const controller = createScheduledController({ cron: "1 2 3 4 5", scheduledTime: Date.now() });
    await expect(worker.scheduled(controller, env)).rejects.toThrow(/No job for the Cron Trigger "1 2 3 4 5"/);
  });
});
