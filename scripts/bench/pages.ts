// The seven pages the bench measures, the server that serves them (the production build with a
// throwaway D1/KV state of its own), and their static twins: each page's own server-rendered HTML
// with every script removed, served as a file by the same server.
import type { ChildProcess } from "node:child_process";
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { projectRoot, startServer, stopServer } from "./server.ts";

export const port = Number(process.env.BENCH_PORT ?? 8790);
export const origin = `http://localhost:${port}`;
export const stateDir = ".wrangler/bench-state";
const twinDir = path.join(projectRoot, "build/client/__twin");

export const pages = [
  { path: "/", name: "home", hasForm: true },
  { path: "/services", name: "services", hasForm: false },
  { path: "/services/oil-change", name: "oil-change", hasForm: false },
  { path: "/about", name: "about", hasForm: false },
  { path: "/contact", name: "contact", hasForm: true },
  { path: "/areas/towson-auto-repair", name: "towson", hasForm: false },
  { path: "/login", name: "login", hasForm: true },
] as const;
export type BenchPage = (typeof pages)[number];
export const STAFF_LOGIN = "/login";

/** The pages' server, as deployed. */
export type PageServer = { stop: () => void };

const startPageProcess = () => startServer({ port, stateDir, timeoutSeconds: 30 });

/** Starts the pages' server with the twins in place (the local server lists static files when it starts). */
export async function startPageServer(): Promise<PageServer> {
  let server: ChildProcess = await startPageProcess();
  try {
    await writeTwins();
  } finally {
    stopServer(server);
  }
  server = await startPageProcess();
  return { stop: () => stopServer(server) };
}

async function writeTwins() {
  rmSync(twinDir, { recursive: true, force: true });
  mkdirSync(twinDir, { recursive: true });
  for (const page of pages) {
    const html = await (await fetch(origin + page.path)).text();
    const twin = html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
    writeFileSync(path.join(twinDir, `${page.name}.html`), twin);
  }
  // Static files get a sandboxing CSP (public/_headers) meant for a file opened on its own; a twin
  // is a page, so it goes without, as the Worker's pages have no such rule either.
  appendFileSync(
    path.join(projectRoot, "build/client/_headers"),
    "\n# Added by npm run bench: the static twins are pages.\n/__twin/*\n  ! Content-Security-Policy\n",
  );
}

export const removeTwins = () => rmSync(twinDir, { recursive: true, force: true });

export const twinPath = (page: BenchPage) => `/__twin/${page.name}`;
