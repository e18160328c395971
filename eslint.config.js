// ESLint: typescript-eslint, react-hooks, the house rule that *.server modules are imported only
// by routes and other *.server modules (the classic compiler silently empties them in the browser),
// and the layers of STYLE.md "Where a thing lives": the domain imports only the domain, the
// upstream client layer no components, forms or routes, components no routes.

import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const serverImportPattern = {
  group: ["*.server", "**/*.server", "~/**/*.server"],
  message: "Import *.server modules only from app/routes or other *.server modules.",
};

const serverImportRule = { "no-restricted-imports": ["error", { patterns: [serverImportPattern] }] };

/** The app folders a layer may not import, by alias or by a relative path out of its folder. */
const forbiddenFolders = (folders, message) => ({
  group: folders.flatMap((folder) => [`~/${folder}`, `~/${folder}/**`, `../${folder}`, `../${folder}/**`]),
  message,
});

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      "public/build/",
      ".builds/",
      ".cache/",
      "data/",
      "test-results/",
      "playwright-report/",
      // The bench fixture's build output (bench/ssr.ts builds it; never committed).
      "bench/fixtures/*/build/",
      "bench/fixtures/*/public/build/",
      "bench/fixtures/*/.cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "smart"],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/routes/**", "app/root.tsx", "app/**/*.server.{ts,tsx}", "app/entry.server.tsx"],
    rules: serverImportRule,
  },
  {
    // STYLE.md: a rule of the spec imports "nothing of the app but other domain modules" (and no Node
    // built-ins: components import the domain, so it runs in the browser too).
    files: ["app/domain/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/*", "!~/domain", "~/*/**", "!~/domain/**", "../**", "node:*"],
              message: "app/domain imports only app/domain (pure modules).",
            },
          ],
        },
      ],
    },
  },
  {
    // State shared between replicas (Redis, else memory): the bottom layer, beside the domain. The
    // settings are the one module every server layer may import (docs/STYLE.md).
    files: ["app/store/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "~/*",
                "!~/store",
                "!~/telemetry",
                "!~/request",
                "~/*/**",
                "!~/store/**",
                "!~/telemetry/**",
                "!~/request/config.server",
                "../**",
              ],
              message:
                "app/store imports nothing of the app but the settings and app/telemetry: every layer above may use it.",
            },
          ],
        },
      ],
    },
  },
  {
    // The request's scope, the logger and the metrics: below everything on the server, so every layer
    // may log and count.
    files: ["app/telemetry/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/*", "!~/telemetry", "~/*/**", "!~/telemetry/**", "../**"],
              message: "app/telemetry imports nothing of the app: every server layer may use it.",
            },
          ],
        },
      ],
    },
  },
  {
    // The client layer: the upstream client and one module per API resource, nothing of the screens.
    files: ["app/upstream/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            forbiddenFolders(
              ["components", "forms", "routes"],
              "app/upstream imports no components, forms or routes: it is the client and the API resources.",
            ),
          ],
        },
      ],
    },
  },
  {
    // Components are shared by screens and never reach into one (nor into the server).
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            serverImportPattern,
            forbiddenFolders(
              ["routes"],
              "app/components imports no routes: move what both need to a shared module.",
            ),
          ],
        },
      ],
    },
  },
  {
    // The reference upstream may use app/domain, the holiday table, the limits on slow clients and the
    // draining stop only (ARCHITECTURE: pure modules, and one way to serve a slow client, decision 0021,
    // and to stop without cutting a request).
    files: ["reference-upstream/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/app/*",
                "!**/app/domain",
                "!**/app/lookup",
                "**/app/*/**",
                "!**/app/domain/**",
                "!**/app/lookup/japan-holidays.server",
                "!**/app/security",
                "!**/app/security/slow-clients.server",
                "!**/app/server",
                "!**/app/server/drain.server",
              ],
              message:
                "The reference upstream may import only app/domain, app/lookup/japan-holidays.server, app/security/slow-clients.server and app/server/drain.server.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
