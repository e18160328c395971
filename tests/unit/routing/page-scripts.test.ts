// ARCHITECTURE §15: "a page loads the browser runtime only where it adds something a person
// feels". Decision 0015: a route says so in its handle; the pages it leads to are prefetched.

import { describe, expect, it } from "vitest";
import { bootScript, fetchAheadScript, moduleScript } from "~/components/page-scripts";
import { hydrates, pageHasScripts, pagesToPrefetch, routesOfPath } from "~/routing/page-scripts";

const routes = {
  root: { id: "root", path: "" },
  "routes/_entry": { id: "routes/_entry", parentId: "root" },
  "routes/_entry.entry": { id: "routes/_entry.entry", parentId: "routes/_entry", path: "entry" },
  "routes/_entry.entry_.withdrawal_details": {
    id: "routes/_entry.entry_.withdrawal_details",
    parentId: "routes/_entry",
    path: "entry/withdrawal_details",
  },
  "routes/_marketing": { id: "routes/_marketing", parentId: "root" },
  "routes/_marketing._index": { id: "routes/_marketing._index", parentId: "routes/_marketing", index: true },
  "routes/detail": { id: "routes/detail", parentId: "root", path: "entry/detail/:entryId" },
};

describe("which pages load scripts", () => {
  it("only a page one of whose routes declares why it hydrates", () => {
    expect(pageHasScripts([{ handle: undefined }, { handle: {} }])).toBe(false);
    expect(pageHasScripts([{ handle: { scripts: "" } }])).toBe(false);
    expect(pageHasScripts([{ handle: undefined }, { handle: hydrates("アップロードの進み具合") }])).toBe(
      true,
    );
  });

  it("collects the pages the routes lead to, once each", () => {
    expect(
      pagesToPrefetch([{ handle: hydrates("x", ["/entry", "/a"]) }, { handle: hydrates("y", ["/entry"]) }]),
    ).toEqual(["/entry", "/a"]);
  });
});

describe("the routes of a page to prefetch, from the manifest", () => {
  it("finds the chain of a static path, root first", () => {
    expect(routesOfPath(routes, "/entry/withdrawal_details")).toEqual([
      "root",
      "routes/_entry",
      "routes/_entry.entry_.withdrawal_details",
    ]);
    expect(routesOfPath(routes, "/entry/")).toEqual(["root", "routes/_entry", "routes/_entry.entry"]);
    expect(routesOfPath(routes, "/")).toEqual(["root", "routes/_marketing", "routes/_marketing._index"]);
  });

  it("finds nothing for an unknown path (a typo prefetches nothing rather than failing the page)", () => {
    expect(routesOfPath(routes, "/entry/nowhere")).toEqual([]);
  });
});

describe("the boot script", () => {
  it("cannot end its <script> element, whatever the module text holds", () => {
    const script = bootScript(
      "n0nce",
      ["/build/a.js"],
      'import "/build/</script><script>alert(1)</script>";',
    );
    expect(script).not.toContain("</script>");
    expect(script).not.toContain("<!--");
    expect(script).toContain('"n0nce"');
  });

  it("adds its preloads a few per task, then the module script, so no task starts them all", () => {
    const files = Array.from({ length: 20 }, (_, index) => `/build/chunk-${index}.js`);
    const appended: string[] = [];
    const timers: (() => void)[] = [];
    const element = () => ({}) as Record<string, string>;
    const document = {
      readyState: "complete",
      createElement: element,
      head: { appendChild: (link: Record<string, string>) => appended.push(link.href!) },
      body: { appendChild: (script: Record<string, string>) => appended.push(`module:${script.type}`) },
    };
    const setTimeout = (callback: () => void) => timers.push(callback);
    new Function("document", "setTimeout", "addEventListener", bootScript("n", files, "/* imports */"))(
      document,
      setTimeout,
      () => {},
    );
    const perTask: number[] = [appended.length];
    while (timers.length > 0) {
      const before = appended.length;
      timers.shift()!();
      perTask.push(appended.length - before);
    }
    expect(Math.max(...perTask)).toBeLessThanOrEqual(8);
    expect(appended).toEqual([...files, "module:module"]);
  });

  it("evaluates the page's modules one import at a time, each in a task of its own", () => {
    const script = moduleScript(
      [{ file: "/build/chunk-a.js" }, { file: "/build/routes/step.js", routeId: "routes/step" }],
      "/build/entry.client.js",
      ["/build/routes/next.js"],
    );
    expect(script).not.toMatch(/^import\b/m);
    expect(script).toMatch(/await import\(file\)[\s\S]*await nextTask\(\)/);
    expect(script).toContain('await import("/build/entry.client.js")');
  });

  it("waits for the page's load event before fetching anything", () => {
    const script = bootScript("n", ["/build/a.js"], "");
    expect(script).toMatch(/document\.readyState==='complete'\?go\(\):addEventListener\('load',go/);
  });
});

describe("the script that fetches a next page's files ahead (decision 0038)", () => {
  const files = Array.from({ length: 20 }, (_, index) => `/build/chunk-${index}.js`);

  /** Runs the script in a stand-in browser; answers what it fetched, how, and per callback. */
  function run(options: { prefetch: boolean; idleCallback: boolean; saveData?: boolean }) {
    const prefetched: string[] = [];
    const fetched: { url: string; priority: string }[] = [];
    const callbacks: { kind: string; run: () => void }[] = [];
    const listeners: (() => void)[] = [];
    const document = {
      readyState: "interactive",
      createElement: () => ({
        relList: { supports: (token: string) => options.prefetch && token === "prefetch" },
      }),
      head: {
        appendChild: (link: { rel: string; href: string }) => prefetched.push(`${link.rel} ${link.href}`),
      },
    };
    const idle = (callback: () => void) => callbacks.push({ kind: "idle", run: callback });
    const window = options.idleCallback ? { requestIdleCallback: idle } : {};
    const setTimeout = (callback: () => void) => callbacks.push({ kind: "timeout", run: callback });
    const fetch = (url: string, init: { priority: string }) => {
      fetched.push({ url, priority: init.priority });
      return Promise.resolve({ arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) });
    };
    const navigator = {
      connection: options.saveData === undefined ? undefined : { saveData: options.saveData },
    };
    new Function(
      "document",
      "window",
      "requestIdleCallback",
      "setTimeout",
      "addEventListener",
      "fetch",
      "navigator",
      fetchAheadScript(files),
    )(
      document,
      window,
      idle,
      setTimeout,
      (type: string, listener: () => void) => {
        if (type === "load") listeners.push(listener);
      },
      fetch,
      navigator,
    );
    const beforeLoad = prefetched.length + fetched.length + callbacks.length;
    listeners.forEach((listener) => listener());
    const perCallback: number[] = [];
    const kinds = new Set<string>();
    while (callbacks.length > 0) {
      const before = prefetched.length + fetched.length;
      const callback = callbacks.shift()!;
      kinds.add(callback.kind);
      callback.run();
      perCallback.push(prefetched.length + fetched.length - before);
    }
    return { beforeLoad, prefetched, fetched, perCallback, kinds: [...kinds] };
  }

  it("waits for the load event, then prefetches a few files per idle callback", () => {
    const result = run({ prefetch: true, idleCallback: true, saveData: false });
    expect(result.beforeLoad).toBe(0);
    expect(result.prefetched).toEqual(files.map((file) => `prefetch ${file}`));
    expect(result.fetched).toEqual([]);
    expect(result.kinds).toEqual(["idle"]);
    expect(Math.max(...result.perCallback)).toBeLessThanOrEqual(8);
  });

  it("where the browser has no prefetch nor idle callbacks (Safari), fetches at low priority after a timer", () => {
    const result = run({ prefetch: false, idleCallback: false });
    expect(result.prefetched).toEqual([]);
    expect(result.fetched).toEqual(files.map((url) => ({ url, priority: "low" })));
    expect(result.kinds).toEqual(["timeout"]);
  });

  it("fetches nothing when the browser's connection says to save data", () => {
    const result = run({ prefetch: true, idleCallback: true, saveData: true });
    expect(result.prefetched).toEqual([]);
    expect(result.fetched).toEqual([]);
  });

  it("cannot end its <script> element, whatever a file's name holds", () => {
    const script = fetchAheadScript(["/build/</script><!--.js"]);
    expect(script).not.toContain("</script>");
    expect(script).not.toContain("<!--");
  });
});
