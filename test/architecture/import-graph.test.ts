import { describe, expect, it } from "vitest";

// The source files as text (bundled in by Vite at transform time: the test runs inside workerd,
// which has no file system to walk).
const sources = import.meta.glob<string>(["../../app/**/*.{ts,tsx}", "../../workers/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const files = new Map(Object.entries(sources).map(([key, text]) => [key.replace(/^\.\.\/\.\.\//, ""), text]));

const IMPORT_SPECIFIER =
  /\b(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

function resolve(from: string, specifier: string): string | undefined {
  const path = specifier.split("?")[0] ?? "";
  let base: string;
  if (path.startsWith("~/")) base = `app/${path.slice(2)}`;
  else if (path.startsWith(".")) base = new URL(path, `file:///${from}`).pathname.slice(1);
  else return undefined; // a package
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) => files.has(file));
}

/** Each module's imports inside the project, type-only imports included (they still tie two modules). */
const graph = new Map(
  [...files].map(([file, text]) => [
    file,
    [...text.matchAll(IMPORT_SPECIFIER)].flatMap((match) => {
      const target = resolve(file, match[1] ?? match[2] ?? match[3] ?? "");
      return target ? [target] : [];
    }),
  ]),
);

/**
 * The same without dynamic imports: an `import()` is where the bundle splits, and it names the module
 * it loads (a public file would pull the whole feature into that chunk), so it may cross a boundary.
 */
const staticGraph = new Map(
  [...files].map(([file, text]) => [
    file,
    [...text.matchAll(IMPORT_SPECIFIER)].flatMap((match) => {
      const target = match[3] === undefined ? resolve(file, match[1] ?? match[2] ?? "") : undefined;
      return target ? [target] : [];
    }),
  ]),
);

/**
 * Every import cycle in `graph` (module -> the modules it imports), each as its modules from one
 * back to that one: empty when the imports point one way.
 */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const start = path.indexOf(file);
    if (start !== -1) {
      cycles.push([...path.slice(start), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const target of graph.get(file) ?? []) visit(target);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return cycles;
}

// A feature is a folder (docs/decisions/046-a-feature-is-a-folder.md): app/features/<feature>/
// holds its routes, components, server code and shared schemas, and another feature, or a door
// above the features, enters it only by its public files: <feature>.server.ts for server code,
// <feature>.ts for what the browser may use too. Below the features are layers any of them may use
// (http, keys, mail, queue, scheduled, rendering, db, ui, layout, records, forms, hours, content, seo,
// photos); a layer imports no feature (the queue and the Cron Triggers take the handlers the features register), except
// that app/db/schema/ files, which belong to their features, read their vocabulary (the values a
// CHECK allows) from the features' shared files. Route modules inside a feature are that feature's.
const FEATURE_FOLDER = /^app\/features\/([^/]+)\//;
const LAYER_FOLDER =
  /^app\/(http|keys|mail|queue|scheduled|rendering|db|ui|layout|records|forms|hours|content|seo|photos)\//;
const featureOf = (file: string) => FEATURE_FOLDER.exec(file)?.[1];
const isPublicFile = (file: string, feature: string) =>
  file === `app/features/${feature}/${feature}.server.ts` || file === `app/features/${feature}/${feature}.ts`;
/** A feature's shared vocabulary: a browser-safe file at the folder's root. */
const isSharedRootFile = (file: string, feature: string) =>
  new RegExp(`^app/features/${feature}/[^/]+\\.ts$`).test(file) && !file.endsWith(".server.ts");

/** Every import that crosses into a feature other than through its public files. */
function boundaryCrossings(): string[] {
  return [...staticGraph].flatMap(([file, targets]) =>
    targets.flatMap((target) => {
      const to = featureOf(target);
      const from = featureOf(file);
      if (!to || to === from) return [];
      if (file.startsWith("app/db/schema/")) return isSharedRootFile(target, to) ? [] : [`${file} -> ${target}`];
      if (LAYER_FOLDER.test(file)) return [`${file} -> ${target} (a layer imports no feature)`];
      return isPublicFile(target, to) ? [] : [`${file} -> ${target}`];
    }),
  );
}

// Each table's owner, and the other features that may read it (decision 046). A feature reading or
// writing a table it neither owns nor is listed for fails the test below: ask the owner's public
// file instead, or add the reader here with the reason.
const STAFF_NAMES = [
  "account",
  "appointments",
  "audit",
  "desk",
  "inbox",
  "notifications",
  "replies",
  "second-factor",
  "sign-in",
];
const TABLES: Record<string, { owner: string; readers: string[] }> = {
  auditLog: { owner: "audit", readers: [] },
  // A reply is logged on the desk in its own batch (decision 041).
  submissionActivity: { owner: "desk", readers: ["inbox", "replies"] },
  ActivityRow: { owner: "desk", readers: ["inbox"] },
  // Records are written by the public forms, changed by staff at the desk, read for the emails.
  contactSubmissions: { owner: "inbox", readers: ["submissions", "desk", "notifications"] },
  // Appointments book from a service request and count as its contact, in the booking's own batch.
  serviceRequests: { owner: "inbox", readers: ["submissions", "desk", "notifications", "appointments", "estimates"] },
  // Replies: a reply marks the record contacted in the same batch; an answer sets replied_at.
  inboxTables: { owner: "inbox", readers: ["submissions", "desk", "notifications", "replies"] },
  submissionStatusChanges: { owner: "inbox", readers: ["submissions", "desk", "replies", "appointments"] },
  ContactSubmission: { owner: "inbox", readers: ["notifications"] },
  ServiceRequest: { owner: "inbox", readers: ["notifications", "appointments", "estimates"] },
  StatusChange: { owner: "inbox", readers: [] },
  // The ledger entry is written in the record's own batch, and read with the record by the inbox.
  notificationLedger: { owner: "notifications", readers: ["submissions", "inbox"] },
  LedgerEntry: { owner: "notifications", readers: [] },
  notificationDigests: { owner: "notifications", readers: ["submissions"] },
  // The password step asks whether a code follows (sign-in's usesAuthenticator): the second factor
  // builds on sign-in's sessions, so sign-in reads this rather than import the second factor.
  totpSecrets: { owner: "second-factor", readers: ["sign-in"] },
  recoveryCodes: { owner: "second-factor", readers: [] },
  passkeys: { owner: "second-factor", readers: [] },
  Passkey: { owner: "second-factor", readers: [] },
  webauthnChallenges: { owner: "second-factor", readers: [] },
  sessionChecks: { owner: "second-factor", readers: [] },
  teamSettings: { owner: "second-factor", readers: [] },
  shopSettings: { owner: "settings", readers: [] },
  appointmentSettings: { owner: "appointments", readers: [] },
  appointments: { owner: "appointments", readers: [] },
  Appointment: { owner: "appointments", readers: [] },
  appointmentMessages: { owner: "appointments", readers: [] },
  AppointmentMessage: { owner: "appointments", readers: [] },
  reviewRequests: { owner: "appointments", readers: [] },
  calendarFeeds: { owner: "appointments", readers: [] },
  bookingWaitlist: { owner: "appointments", readers: [] },
  bookingPageViews: { owner: "appointments", readers: [] },
  shopClosures: { owner: "settings", readers: [] },
  shopMailSettings: { owner: "settings", readers: [] },
  replyTemplates: { owner: "replies", readers: [] },
  catalogServices: { owner: "catalog", readers: [] },
  catalogServiceVersions: { owner: "catalog", readers: [] },
  shopTexts: { owner: "catalog", readers: [] },
  shopTextVersions: { owner: "catalog", readers: [] },
  ReplyTemplateRow: { owner: "replies", readers: [] },
  // Written estimates on a service request and the customers' frozen decisions (decision 065).
  estimates: { owner: "estimates", readers: [] },
  estimateVersions: { owner: "estimates", readers: [] },
  estimateApprovals: { owner: "estimates", readers: [] },
  estimateMessages: { owner: "estimates", readers: [] },
  estimateSettings: { owner: "estimates", readers: [] },
  EstimateRow: { owner: "estimates", readers: [] },
  EstimateVersionRow: { owner: "estimates", readers: [] },
  EstimateApprovalRow: { owner: "estimates", readers: [] },
  EstimateMessageRow: { owner: "estimates", readers: [] },
  estimateLinePhotos: { owner: "estimates", readers: [] },
  EstimateLinePhotoRow: { owner: "estimates", readers: [] },
  shopSpecialHours: { owner: "settings", readers: [] },
  // Members' names and emails are read wherever staff are named; the account changes its own row.
  users: { owner: "team", readers: STAFF_NAMES },
  User: { owner: "team", readers: STAFF_NAMES },
  staffTokens: { owner: "team", readers: [] },
  StaffToken: { owner: "team", readers: [] },
  staffSessions: { owner: "sign-in", readers: ["second-factor"] },
  StaffSessionRow: { owner: "sign-in", readers: [] },
  loginThrottle: { owner: "sign-in", readers: [] },
  // A half-signed-in browser's row (issue 27: single use, 5 codes).
  pendingSignIns: { owner: "sign-in", readers: [] },
  // A session's walk through the list API (issue 27: bulk reads are exports).
  listWalks: { owner: "inbox", readers: [] },
  // The conversation on a record (decision 041); deleted with its record by the inbox.
  recordMessages: { owner: "replies", readers: ["inbox"] },
  RecordMessageRow: { owner: "replies", readers: [] },
};
const SCHEMA_IMPORT =
  /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+["'](?:~\/db\/schema|(?:\.\.\/)+db\/schema)\/[\w-]+["']/g;

/** Every table a feature imports without owning it or being listed as its reader. */
function tableCrossings(): string[] {
  return [...files].flatMap(([file, text]) => {
    const feature = featureOf(file);
    if (!feature) return [];
    return [...text.matchAll(SCHEMA_IMPORT)].flatMap((match) =>
      (match[1] ?? "")
        .split(",")
        .map((name) => name.replace(/^\s*type\s+/, "").trim())
        .filter(Boolean)
        .flatMap((name) => {
          const table = TABLES[name];
          if (!table) return [`${file}: ${name} has no owner in TABLES`];
          return table.owner === feature || table.readers.includes(feature)
            ? []
            : [`${file}: ${name} (${table.owner}'s)`];
        }),
    );
  });
}

// The features' one direction (README, "Layout"): a feature's modules import only features below
// it in this list. Its route modules (routes/, api/) are pages and endpoints that nothing imports,
// so they may use any feature's public files without making a cycle.
const FEATURE_DIRECTION = [
  "staff",
  "account",
  "site",
  "inbox",
  "replies",
  "desk",
  "insights",
  "submissions",
  "estimates",
  "appointments",
  "notifications",
  "catalog",
  "team",
  "second-factor",
  "settings",
  "sign-in",
  "audit",
];
// The imports that still point up the list, each with its reason: none may be added, and one that
// is no longer made fails the test until it is struck off.
const UPWARD_IMPORTS: Record<string, string> = {
  "appointments -> inbox":
    "booking from a request writes its contact in the booking's batch (inbox.server's statements)",
  "desk -> inbox":
    "the desk's changes to a record are the inbox's statements, and its forms answer with the inbox's result",
  "replies -> inbox": "a reply reads its record and counts as its contact in the same batch",
  "notifications -> inbox":
    "the shop's email shows a record's fields as the inbox describes them (app/features/inbox/inbox.ts)",
  "notifications -> desk": "the digest lists the follow-ups due by the desk's shop day (app/features/desk/desk.ts)",
  "settings -> insights": "the settings row stores the response record the insights compute (its type)",
  "sign-in -> submissions": "the login form validates late with the public forms' deferred validation",
  "audit -> sign-in": "the audit log's filter takes a username by sign-in's rule",
};
const ROUTE_MODULE = /^app\/features\/[^/]+\/(routes|api)\//;

/** Each feature-to-feature import made by a feature's modules other than its routes, with the files that make it. */
function featureImports(): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (!from || ROUTE_MODULE.test(file)) continue;
    for (const target of targets) {
      const to = featureOf(target);
      if (!to || to === from) continue;
      const edge = `${from} -> ${to}`;
      imports.set(edge, [...(imports.get(edge) ?? []), `${file} -> ${target}`]);
    }
  }
  return imports;
}

const readme = import.meta.glob<string>("../../README.md", { query: "?raw", import: "default", eager: true });

describe("module structure", () => {
  it("reads the project's modules and their imports", () => {
    // Guards the two tests below against passing because nothing was read.
    expect(graph.get("app/root.tsx")).toContain("app/seo/meta.ts");
    expect(graph.get("workers/app.ts")).toContain("app/http/env.server.ts");
  });

  it("finds an import cycle made on purpose, naming its modules, and none where the imports point one way", () => {
    // A made-up graph (its modules exist nowhere): a, its job, and b importing a back.
    const made = new Map([
      ["made-up/a/a.server.ts", ["made-up/a/server/job.server.ts"]],
      ["made-up/a/server/job.server.ts", ["made-up/b/b.server.ts"]],
      ["made-up/b/b.server.ts", ["made-up/a/a.server.ts", "app/http/env.server.ts"]],
      ["app/http/env.server.ts", []],
      ["workers/app.ts", ["made-up/b/b.server.ts"]],
    ]);
    expect(findCycles(made).map((cycle) => cycle.join(" -> "))).toEqual([
      "made-up/a/a.server.ts -> made-up/a/server/job.server.ts -> made-up/b/b.server.ts -> made-up/a/a.server.ts",
    ]);
    made.set("made-up/b/b.server.ts", ["app/http/env.server.ts"]);
    expect(findCycles(made)).toEqual([]);
  });

  it("has no import cycle, counting type-only and dynamic imports", () => {
    expect(findCycles(graph).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("points the features' imports one way, down the README's list, but for the upward ones listed with a reason", () => {
    const features = new Set([...graph.keys()].flatMap((file) => featureOf(file) ?? []));
    expect([...features].sort()).toEqual([...FEATURE_DIRECTION].sort());
    const made = featureImports();
    const rank = (feature: string) => FEATURE_DIRECTION.indexOf(feature);
    const upward = [...made].filter(([edge]) => {
      const [from = "", to = ""] = edge.split(" -> ");
      return rank(from) > rank(to);
    });
    expect(upward.filter(([edge]) => !(edge in UPWARD_IMPORTS)).flatMap(([, files]) => files)).toEqual([]);
    expect(Object.keys(UPWARD_IMPORTS).filter((edge) => !made.has(edge))).toEqual([]);
  });

  it("writes the same direction in the README", () => {
    const text = Object.values(readme)[0] ?? "";
    const section = text.slice(text.indexOf("### Which feature may import which"));
    const list = section.slice(0, section.indexOf("\n#", 1));
    const listed = [...list.matchAll(/^\d+\. `([\w-]+)`/gm)].map((match) => match[1]);
    expect(listed).toEqual(FEATURE_DIRECTION);
  });

  it("lets a feature, a door or a layer into a feature only by its public files", () => {
    expect([...graph.keys()].filter((file) => FEATURE_FOLDER.test(file)).length).toBeGreaterThan(100);
    expect(boundaryCrossings().sort()).toEqual([]);
  });

  it("lets a feature touch only the tables it owns or is listed as reading", () => {
    expect(tableCrossings().sort()).toEqual([]);
  });

  it("keeps content as data: app/content imports only app/content", () => {
    const outside = [...graph]
      .filter(([file]) => file.startsWith("app/content/"))
      .flatMap(([file, targets]) =>
        targets.filter((target) => !target.startsWith("app/content/")).map((t) => `${file} -> ${t}`),
      );
    expect(outside).toEqual([]);
  });
});
