// Lint for the whole tree: typescript-eslint with type information, React hooks, accessibility.
// Formatting is Prettier's job (`npm run format`); nothing here overlaps with it.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { LIMITS, LONG_FILES, TEST_FILES } from "./eslint-rules/limits.js";
import { STATIC_COMPONENT_FOLDERS, staticMarkupPlugin } from "./eslint-rules/static-markup.js";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      ".wrangler/",
      "node_modules/",
      "bench/results/",
      "test-results/",
      "playwright-report/",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The code base writes object shapes as `type`; one way, enforced.
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      // React Router's way to end a loader or action early is to throw a Response (redirect, 404, 401).
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
          allowRethrowing: true,
        },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: false }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // zod is configured once (jitless, for the CSP) in the module every schema imports it from.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              message: "Import { z } from app/forms/zod.ts, which applies the CSP-safe jitless setting first.",
            },
          ],
          patterns: [
            {
              group: ["zod/*"],
              message: "Import { z } from app/forms/zod.ts, which applies the CSP-safe jitless setting first.",
            },
          ],
        },
      ],
      "max-len": [
        "error",
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    // The size limits (eslint-rules/limits.js): every line counts, comments and blank ones too.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: LONG_FILES,
    rules: { "max-lines": ["error", { max: LIMITS.sourceLines, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: TEST_FILES,
    ignores: LONG_FILES,
    rules: { "max-lines": ["error", { max: LIMITS.testLines, skipBlankLines: false, skipComments: false }] },
  },
  { plugins: { "static-markup": staticMarkupPlugin } },
  {
    files: ["app/forms/zod.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Markup the browser never re-renders: no code that only works when it does
    // (docs/decisions/008-static-markup.md).
    files: ["app/**/*.tsx"],
    rules: { "static-markup/static-markup-children": "error" },
  },
  {
    files: [
      ...STATIC_COMPONENT_FOLDERS.map((folder) => `app/${folder}/*.tsx`),
      "app/ui/json-ld.tsx",
      "app/ui/nonce-provider.tsx",
      "app/content/**/*.ts",
      "app/hours/**/*.ts",
      "app/seo/**/*.ts",
    ],
    rules: { "static-markup/no-interactive-code": "error" },
  },
  {
    // Route modules of pages that ship no JavaScript; a route that declares `hydrate: true` in its
    // handle is skipped.
    files: ["app/features/*/routes/*.tsx"],
    rules: { "static-markup/no-interactive-code": ["error", { unlessHydrated: true }] },
  },
  {
    files: ["app/ui/forms/*.tsx", "app/features/*/components/*.tsx"],
    rules: {
      // Focus moves to the first field that needs attention after a failed post, with or without
      // JavaScript (the server renders autofocus on it): that is the accessible behaviour here.
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    files: ["test/**/*.ts", "e2e/**/*.ts", "app/**/*.test.ts"],
    rules: {
      // vitest's and Playwright's asymmetric matchers (expect.any, expect.stringMatching) are typed `any`.
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-empty-function": "off",
    },
  },
  {
    files: ["e2e/**/*.ts"],
    rules: {
      // Playwright fixtures are `async ({}, use) => …`: not React, and an empty pattern is its API.
      "react-hooks/rules-of-hooks": "off",
      "no-empty-pattern": "off",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
