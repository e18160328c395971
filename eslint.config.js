// ESLint: typescript-eslint, react-hooks, the layers of docs/STYLE.md "Where a thing lives" (decision
// 0029), and the house rule that *.server modules are imported only by routes and other *.server
// modules (the classic compiler silently empties them in the browser).

import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const serverImportPattern = {
  group: ["*.server", "**/*.server", "~/**/*.server"],
  message: "Import *.server modules only from app/routes or other *.server modules.",
};

const serverImportRule = { "no-restricted-imports": ["error", { patterns: [serverImportPattern] }] };

/**
 * The layers, top to bottom: a module imports its own folder and the layers below, never one above nor
 * one beside it in the same layer. Each unit is a folder of app/ or a file at its top (root is
 * root.tsx with root.server.ts). docs/STYLE.md's "may import" table says the same; keep them together.
 */
const LAYERS = [
  ["routes", "root", "entry.client", "entry.server", "server"],
  ["components"],
  ["forms"],
  ["lookup"],
  ["legal"],
  ["request"],
  ["security"],
  ["routing"],
  ["runtime"],
  ["upstream"],
  ["store"],
  ["telemetry"],
  ["settings"],
  ["brand"],
  ["domain"],
  ["styles"],
];

const FILE_UNITS = {
  root: ["app/root.tsx", "app/root.server.ts"],
  "entry.client": ["app/entry.client.tsx"],
  "entry.server": ["app/entry.server.tsx"],
};
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** An import of `unit` by alias, by a path up out of a folder, or (from app/'s own files) by `./`. */
function unitImport(unit) {
  return `^(?:~/|\\./|(?:\\.\\./)+)${escapeRegex(unit)}(?:$|\\.|/)`;
}

/** The units `unit` may not import: the layers above its own and its neighbours in the same row. */
function refusedUnits(unit) {
  const rank = LAYERS.findIndex((layer) => layer.includes(unit));
  return [...LAYERS.slice(0, rank).flat(), ...LAYERS[rank].filter((other) => other !== unit)];
}

const layerMessage = (unit) => {
  const rank = LAYERS.findIndex((layer) => layer.includes(unit));
  return `app/${unit} may import only ${LAYERS.slice(rank + 1)
    .flat()
    .join(", ")} (the layers below its own, docs/STYLE.md "Where a thing lives").`;
};

/** An `import("…")` is held to the same layers (no-restricted-imports reads static imports only). */
function dynamicImportRule(unit) {
  // esquery's regex literal cannot hold a slash: \x2F stands for it.
  const regex = `(?:${refusedUnits(unit).map(unitImport).join("|")})`.replaceAll("/", "\\x2F");
  return { selector: `ImportExpression[source.value=/${regex}/]`, message: layerMessage(unit) };
}

function layerRules() {
  return LAYERS.flatMap((layer) =>
    layer.map((unit) => {
      const patterns = [
        {
          regex: `(?:${refusedUnits(unit).map(unitImport).join("|")})`,
          message: layerMessage(unit),
        },
      ];
      if (unit === "routes") {
        patterns.push({
          regex: "^(?:~/routes(?:/|$)|\\.\\./)",
          message: "A route imports nothing of another route: move what both need to a shared layer.",
        });
      }
      return {
        files: FILE_UNITS[unit] ?? [`app/${unit}/**/*.{ts,tsx}`],
        rules: {
          "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
          "no-restricted-syntax": ["error", dynamicImportRule(unit)],
        },
      };
    }),
  );
}

/** A flat route file's `./x` is another route's module (route folders keep theirs in their folder). */
const flatRouteRule = {
  files: ["app/routes/*.{ts,tsx}"],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: `(?:${LAYERS[0]
              .filter((unit) => unit !== "routes")
              .map(unitImport)
              .join("|")})`,
            message: `app/routes may import only ${LAYERS.slice(1).flat().join(", ")} (the layers below its own, docs/STYLE.md "Where a thing lives").`,
          },
          {
            regex: "^(?:~/routes(?:/|$)|\\.\\.?/)",
            message: "A route imports nothing of another route: move what both need to a shared layer.",
          },
        ],
      },
    ],
  },
};

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
  ...layerRules(),
  flatRouteRule,
  {
    // One way from a route to its server code: import each module from where it lives (docs/STYLE.md).
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportNamedDeclaration[source], ExportAllDeclaration",
          message: "A route module re-exports nothing: its route imports each module from where it lives.",
        },
        dynamicImportRule("routes"),
      ],
    },
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
    // The reference upstream may use app/domain, the brands (their return accounts), the holiday table,
    // the limits on slow clients and the draining stop only (ARCHITECTURE: pure modules, and one way to
    // serve a slow client, decision 0021, and to stop without cutting a request).
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
                "!**/app/brand",
                "!**/app/lookup",
                "**/app/*/**",
                "!**/app/domain/**",
                "!**/app/brand/brands",
                "!**/app/lookup/japan-holidays.server",
                "!**/app/lookup/bank-directory.server",
                "!**/app/security",
                "!**/app/security/slow-clients.server",
                "!**/app/server",
                "!**/app/server/drain.server",
              ],
              message:
                "The reference upstream may import only app/domain, app/brand/brands, app/lookup/japan-holidays.server, app/lookup/bank-directory.server, app/security/slow-clients.server and app/server/drain.server.",
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
