import { describe, expect, it } from "vitest";

// One way from a result to an answer (docs/decisions/069-one-way-from-outcome-to-answer.md): a 4xx
// status is written by app/http alone (the outcome module's table, and the doors every request
// passes). A route module or a feature's module that writes one itself is a second mapping.
const sources = import.meta.glob<string>(["../../app/**/*.{ts,tsx}", "!../../app/http/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const files = new Map(Object.entries(sources).map(([key, text]) => [key.replace(/^\.\.\/\.\.\//, ""), text]));

/**
 * Modules that still write their own statuses, with how many times: moving a feature onto the outcome
 * module takes its lines off this list (the test fails on a count that grows and on one left here
 * once its module no longer needs it).
 */
const NOT_YET_MOVED: Record<string, number> = {};

// `status: 404` (an outcome, `data(…, { status })`, `new Response(…, { status })`), or a status as
// a call's argument (`jsonResponse(body, 409)`, `refuse(400, …)`).
const WRITES_A_STATUS = /status:\s*4\d\d\b|[,(]\s*4\d\d\s*[,)]/g;

/** The code without comments and one-line string literals, its lines kept where they were. */
function codeOf(text: string): string {
  const blank = (match: string) => match.replace(/[^\n]/g, " ");
  return text
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, blank)
    .replace(/(^|[^:])\/\/[^\n]*/g, (_, before: string) => before);
}

/** Where a module writes a 4xx status: `line: text` for each. */
function statusesWritten(text: string): string[] {
  const code = codeOf(text);
  return [...code.matchAll(WRITES_A_STATUS)].map((match) => {
    const line = code.slice(0, match.index).split("\n").length;
    return `${line}: ${text.split("\n")[line - 1]?.trim()}`;
  });
}

function misuses(modules: Map<string, string>, ledger: Record<string, number>): string[] {
  const found: string[] = [];
  for (const [file, text] of modules) {
    const written = statusesWritten(text);
    const allowed = ledger[file] ?? 0;
    if (written.length > allowed) found.push(...written.map((where) => `${file}:${where}`));
    else if (written.length < allowed) found.push(`${file}: listed for ${allowed}, writes ${written.length}`);
  }
  return found;
}

describe("one way from an outcome to an answer", () => {
  it("reads the app's modules, app/http's doors left out", () => {
    expect(files.has("app/features/replies/server/template-endpoints.server.ts")).toBe(true);
    expect(files.has("app/http/outcome.server.ts")).toBe(false);
  });

  it("finds a status written by hand, and not one in a comment, a string or a comparison", () => {
    const handMade = [
      "return jsonResponse({ message }, 404);",
      "throw data(null, { status: 404, headers: NO_STORE });",
      "return new Response(null, {\n  status: 413 });",
      "const refuse = () => refuse(409, message);",
      "type Outcome = { ok: false; status: 400 | 404 };",
    ];
    for (const line of handMade) expect(statusesWritten(line), line).toHaveLength(1);
    const harmless = [
      "// answers jsonResponse(body, 404)",
      '/** `status: 409` */ const phone = "(410) 555-0192";',
      "if (response.status === 409) return;",
      'return jsonRefusal(refused("not-found", message).refusal);',
    ];
    for (const line of harmless) expect(statusesWritten(line), line).toEqual([]);
  });

  it("fails on a module that maps a result to a status itself", () => {
    const module = "export const answer = (ok: boolean) => (ok ? jsonResponse({}) : jsonResponse({ message }, 409));";
    const file = ["app", "features", "made-up", "api.server.ts"].join("/");
    expect(misuses(new Map([[file, module]]), {})).toEqual([`${file}:1: ${module}`]);
  });

  it("finds no status written outside app/http but the modules not yet moved", () => {
    // A line here writes an error status by hand: say what happened as `refused(reason, message,
    // { fieldErrors, extra })` from app/http/outcome.server.ts and answer it with that module's
    // door (jsonAnswer/jsonRefusal, pageRefusal, invalidFormAnswer, redirectWithRefusal,
    // customerPageRefusal, refusalData, notFoundData); see decision 069. A file "listed for N,
    // writes M" fewer: take its line off NOT_YET_MOVED.
    expect(misuses(files, NOT_YET_MOVED), "statuses written by hand (see the comment above)").toEqual([]);
  });
});
