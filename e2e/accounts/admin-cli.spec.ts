import { expect, runAdminScript, test } from "../fixtures";

// Each call starts wrangler to reach the test server's D1: a few seconds apiece.
test.describe.configure({ timeout: 120_000 });

test("admin:create makes an account from stdin that can log in, and admin:password changes its password and ends its sessions", async ({
  page,
  db,
}) => {
  const username = `cli-${test.info().workerIndex}-${Date.now().toString(36)}`;
  const password = "a password typed into a pipe";

  const created = await runAdminScript("admin:create", username, `${password}\n`);
  expect(created.stderr).toBe("");
  expect(created.stdout).toContain(`Created staff account "${username}"`);
  expect(created.code).toBe(0);
  const [row] = db.all<{ password: string }>("select password from users where username = ?", username);
  expect(row?.password).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$/);
  expect(row?.password).not.toContain(password);

  const login = await page.request.post("/api/login", { data: { username, password } });
  expect(login.status()).toBe(200);
  expect(await login.json()).toEqual({ success: true });
  const status = await page.request.get("/api/auth/status");
  expect(await status.json()).toEqual({ authenticated: true });

  const duplicate = await runAdminScript("admin:create", username, `${password}\n`);
  expect(duplicate.code).toBe(1);
  expect(duplicate.stderr).toContain(`A staff account named "${username}" already exists.`);

  const changed = await runAdminScript("admin:password", username, "a brand new password\n");
  expect(changed.code).toBe(0);
  // The session opened with the old password is over.
  expect(await (await page.request.get("/api/auth/status")).json()).toEqual({ authenticated: false });
  expect(
    (await page.request.post("/api/login", { data: { username, password: "a brand new password" } })).status(),
  ).toBe(200);
  expect(await (await page.request.get("/api/auth/status")).json()).toEqual({ authenticated: true });
  expect((await page.request.post("/api/login", { data: { username, password } })).status()).toBe(401);
});

test("admin:create refuses a short password and an unsafe username without touching D1", async ({ db }) => {
  const username = `short-${test.info().workerIndex}-${Date.now().toString(36)}`;
  const short = await runAdminScript("admin:create", username, "too short\n");
  expect(short.code).toBe(1);
  expect(short.stderr).toContain("The password must be at least 12 characters long.");

  const unsafe = await runAdminScript("admin:create", "x'); drop table users; --", "long enough password\n");
  expect(unsafe.code).toBe(1);
  expect(unsafe.stderr).toContain("Invalid username");

  expect(db.all("select id from users where username = ?", username)).toEqual([]);
  expect(db.all<{ n: number }>("select count(*) as n from users")[0]!.n).toBeGreaterThan(0);
});
