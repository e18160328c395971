// The layers of docs/STYLE.md "Where a thing lives" are lint rules: each rule must fire on an import
// planted against it, and let through one it allows (a rule that cannot fire proves nothing).
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();
const RESTRICTING_RULES = ["no-restricted-imports", "@typescript-eslint/no-restricted-imports"];

/** The import-restriction messages a file at `filePath` that imports `source` gets. */
async function restrictions(filePath: string, source: string): Promise<string[]> {
  const results = await eslint.lintText(`import "${source}";\n`, { filePath });
  return results
    .flatMap((result) => result.messages)
    .filter((message) => RESTRICTING_RULES.includes(message.ruleId ?? ""))
    .map((message) => message.message);
}

// [the importing file, an import one layer up (refused), an import one layer down (allowed)]
const LAYER_CASES: [string, string, string][] = [
  ["app/routes/planted.tsx", "~/root", "~/components/page-frame"],
  ["app/root.tsx", "~/routes/_marketing", "~/components/page-frame"],
  ["app/entry.server.tsx", "~/server/app.server", "~/components/error-screen"],
  ["app/entry.client.tsx", "~/root", "~/runtime/browser-runtime"],
  ["app/server/planted.server.ts", "~/entry.server", "~/settings/config.server"],
  ["app/components/planted.tsx", "~/root", "~/forms/login-labels"],
  ["app/forms/planted.server.ts", "~/components/upload-slot", "~/lookup/postcode.server"],
  ["app/lookup/planted.server.ts", "~/forms/bank-picker", "~/legal/legal-text"],
  ["app/legal/planted.server.ts", "~/lookup/postcode.server", "~/request/context.server"],
  ["app/request/planted.server.ts", "~/legal/legal-text", "~/security/rate-limit.server"],
  ["app/security/planted.server.ts", "~/request/session.server", "~/routing/login-path"],
  ["app/routing/planted.server.ts", "~/request/context.server", "~/runtime/analytics-events"],
  ["app/runtime/planted.ts", "~/components/use-hydrated", "~/domain/money"],
  ["app/runtime/planted.server.ts", "~/request/route-params.server", "~/upstream/client.server"],
  ["app/upstream/planted.server.ts", "~/request/context.server", "~/store/redis.server"],
  ["app/store/planted.server.ts", "~/upstream/client.server", "~/telemetry/logger.server"],
  ["app/telemetry/planted.server.ts", "~/store/redis.server", "~/settings/config.server"],
  ["app/settings/planted.server.ts", "~/telemetry/logger.server", "~/brand/brands"],
  ["app/brand/planted.ts", "~/settings/config.server", "~/domain/money"],
];

describe("the layers: a module imports only the layers below its own (docs/STYLE.md)", () => {
  it.each(LAYER_CASES)("%s may not import %s but may import %s", async (file, up, down) => {
    expect(await restrictions(file, up)).toContainEqual(expect.stringContaining("docs/STYLE.md"));
    expect(await restrictions(file, down)).toEqual([]);
  });

  it("a relative path out of a folder is held to the same order", async () => {
    expect(await restrictions("app/upstream/planted.server.ts", "../request/context.server")).not.toEqual([]);
    expect(await restrictions("app/root.tsx", "./routes/_marketing")).not.toEqual([]);
  });

  it("a dynamic import() is held to the same order", async () => {
    const lint = async (file: string, source: string) =>
      (await eslint.lintText(`export const load = () => import("${source}");\n`, { filePath: file }))
        .flatMap((result) => result.messages)
        .map((message) => message.message);
    expect(await lint("app/runtime/planted.ts", "~/components/use-hydrated")).toContainEqual(
      expect.stringContaining("docs/STYLE.md"),
    );
    expect(await lint("app/routes/planted.tsx", "~/root")).toContainEqual(
      expect.stringContaining("docs/STYLE.md"),
    );
    expect(await lint("app/runtime/planted.ts", "./analytics")).toEqual([]);
  });

  it("the settings sit below every server layer: no exception lets an import run back up", async () => {
    expect(await restrictions("app/store/planted.server.ts", "~/settings/config.server")).toEqual([]);
    expect(await restrictions("app/store/planted.server.ts", "~/request/session.server")).not.toEqual([]);
    expect(await restrictions("app/security/planted.server.ts", "~/request/config.server")).not.toEqual([]);
  });
});

describe("a route folder imports nothing of another route", () => {
  it("from a route folder", async () => {
    const file = "app/routes/_mypage.entry.contract.$entryId/contract.server.ts";
    expect(await restrictions(file, "../_mypage.entry.detail.$entryId/view-model")).toEqual([
      expect.stringContaining("another route"),
    ]);
    expect(await restrictions(file, "~/routes/_mypage.entry.detail.$entryId/view-model")).not.toEqual([]);
    expect(await restrictions(file, "./contract-form")).toEqual([]);
  });

  it("from a route file", async () => {
    const file = "app/routes/entry.banks.tsx";
    expect(await restrictions(file, "./_mypage.entry.detail.$entryId/view-model")).toEqual([
      expect.stringContaining("another route"),
    ]);
    expect(await restrictions(file, "~/forms/bank-picker")).toEqual([]);
  });
});

describe("the rules kept beside the layers", () => {
  it("a *.server module is imported only by routes and other *.server modules", async () => {
    expect(await restrictions("app/components/planted.tsx", "~/domain/statuses")).toEqual([]);
    expect(await restrictions("app/forms/planted.ts", "~/upstream/client.server")).toEqual([
      expect.stringContaining("*.server"),
    ]);
  });

  it("app/domain is pure: no Node built-ins", async () => {
    expect(await restrictions("app/domain/planted.ts", "node:fs")).not.toEqual([]);
    expect(await restrictions("app/domain/planted.ts", "./money")).toEqual([]);
  });

  it("the reference upstream imports only the app modules it is allowed", async () => {
    expect(await restrictions("reference-upstream/planted.ts", "../app/settings/config.server")).not.toEqual(
      [],
    );
    expect(await restrictions("reference-upstream/planted.ts", "../app/domain/money")).toEqual([]);
    // The brands, for the return account a mail writes; nothing else of app/brand.
    expect(await restrictions("reference-upstream/planted.ts", "../app/brand/brands")).toEqual([]);
    expect(await restrictions("reference-upstream/planted.ts", "../app/brand/other")).not.toEqual([]);
    // The Zengin directory, so a mail gives the payout account's codes as the pages do.
    expect(
      await restrictions("reference-upstream/planted.ts", "../app/lookup/bank-directory.server"),
    ).toEqual([]);
    expect(await restrictions("reference-upstream/planted.ts", "../app/lookup/postcode.server")).not.toEqual(
      [],
    );
  });
});

describe("a route reaches its server code one way", () => {
  it("a route module re-exports nothing", async () => {
    const file = "app/routes/_entry.entry/step.server.ts";
    const lint = async (code: string) =>
      (await eslint.lintText(code, { filePath: file }))
        .flatMap((result) => result.messages)
        .filter((message) => message.ruleId === "no-restricted-syntax");
    expect(await lint('export { notFound } from "~/request/context.server";\n')).not.toEqual([]);
    expect(
      await lint('import { notFound } from "~/request/context.server";\nexport const run = notFound;\n'),
    ).toEqual([]);
  });
});
