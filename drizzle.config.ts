import { defineConfig } from "drizzle-kit";

// Only generates SQL: migrations are applied by wrangler (`npm run db:migrate`), locally or remotely.
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema/*.ts",
  out: "./migrations",
});
