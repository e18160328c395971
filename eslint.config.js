// ESLint: typescript-eslint, react-hooks, and the house rule that *.server modules are imported only
// by routes and other *.server modules (the classic compiler silently empties them in the browser).

import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const serverImportRule = {
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          group: ["*.server", "**/*.server", "~/**/*.server"],
          message: "Import *.server modules only from app/routes or other *.server modules.",
        },
      ],
    },
  ],
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
    // The reference upstream may use app/domain only (ARCHITECTURE: reference-upstream/ imports pure modules).
    files: ["reference-upstream/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/*", "!**/app/domain", "**/app/*/**", "!**/app/domain/**"],
              message: "The reference upstream may import only app/domain.",
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
