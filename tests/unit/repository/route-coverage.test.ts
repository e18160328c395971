// Every route's loader and action (and root's loader) is called directly in an integration test,
// against the reference upstream: the server half of each page is proven without a browser.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, read, root } from "./source-tree";

/** Each route module as tests import it ("~/routes/x", "~/routes/x/route", "~/root") with its file. */
function routeModules(): { specifier: string; file: string }[] {
  const routes = path.join(root, "app/routes");
  const modules = [{ specifier: "~/root", file: path.join(root, "app/root.tsx") }];
  for (const entry of fs.readdirSync(routes, { withFileTypes: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name)) {
      const name = entry.name.replace(/\.tsx?$/, "");
      modules.push({ specifier: `~/routes/${name}`, file: path.join(routes, entry.name) });
    } else if (entry.isDirectory()) {
      const file = ["route.tsx", "route.ts"]
        .map((name) => path.join(routes, entry.name, name))
        .find(fs.existsSync);
      if (file) modules.push({ specifier: `~/routes/${entry.name}/route`, file });
    }
  }
  return modules;
}

/** The route functions a module exports: `export function loader`, `export const action`, `export { loader }`. */
function routeFunctions(source: string): ("loader" | "action")[] {
  return (["loader", "action"] as const).filter((name) =>
    new RegExp(
      `export\\s+(async\\s+)?(function|const|let)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`,
    ).test(source),
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `source` imports `name` from `specifier` and uses it beyond the import (calls it or hands it to a helper that does). */
function callsDirectly(source: string, specifier: string, name: string): boolean {
  const imports = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*"${escape(specifier)}"`, "g");
  for (const match of source.matchAll(imports)) {
    for (const binding of match[1]!.split(",")) {
      const [imported, local = imported] = binding.trim().split(/\s+as\s+/);
      if (imported !== name || !local) continue;
      const rest = source.replace(match[0], "");
      if (new RegExp(`\\b${escape(local)}\\b`).test(rest)) return true;
    }
  }
  return false;
}

describe("route coverage in the integration tests", () => {
  const sources = [...filesUnder("tests/integration", /\.test\.ts$/)].map(read);
  const functions = routeModules().flatMap(({ specifier, file }) =>
    routeFunctions(fs.readFileSync(file, "utf8")).map((name) => ({ specifier, name })),
  );

  it("finds the route modules and their loaders and actions", () => {
    expect(functions.length).toBeGreaterThan(40);
    expect(functions).toContainEqual({ specifier: "~/root", name: "loader" });
    expect(functions).toContainEqual({ specifier: "~/routes/_anonymous.login/route", name: "action" });
  });

  it("calls every route's loader and action directly in a test of tests/integration", () => {
    const uncalled = functions.filter(
      ({ specifier, name }) => !sources.some((source) => callsDirectly(source, specifier, name)),
    );
    const count = (name: string) => [
      functions.filter((f) => f.name === name).length - uncalled.filter((f) => f.name === name).length,
      functions.filter((f) => f.name === name).length,
    ];
    console.log(
      `[route coverage] actions ${count("action").join(" of ")}, loaders ${count("loader").join(" of ")}`,
    );
    expect(uncalled.map(({ specifier, name }) => `${name} of ${specifier}`)).toEqual([]);
  });
});
