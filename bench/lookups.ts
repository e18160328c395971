// `npm run bench`, look-ups (decision 0023): the upstream calls that 10,000 法人番号 look-ups
// (GET /entry/houjinbangou, as the combobox asks) of one logged-in person make, counted by a
// pass-through in front of the reference upstream, against the built app under its own server. Once
// with the limits as shipped (most are refused: 429), once with them lifted, to see the cache alone:
// 100 names asked 100 times each, then 10,000 different names. Printed, never asserted.
// Alone: `npx tsx bench/lookups.ts` (after `npm run build`).

import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { forward } from "../tests/integration/fault-proxy";
import { prepareUser } from "../tests/load/load-run";
import { startServers } from "./servers";

const LOOKUPS = 10_000;
const AT_ONCE = 10;

/** A pass-through to the upstream that counts the calls, by "METHOD /path" (no query). */
async function countingProxy() {
  let target: URL | null = null;
  const calls = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const key = `${req.method} ${(req.url ?? "").split("?")[0]}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    if (!target) {
      res.writeHead(503).end();
      return;
    }
    forward(target.href, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTarget: (url: string) => void (target = new URL(url)),
    calls,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** `names.length` look-ups, AT_ONCE in flight; the statuses counted. */
async function lookUp(appUrl: string, cookie: string, names: string[]) {
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const agent = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE });
  const one = (name: string) =>
    new Promise<number>((resolve, reject) => {
      const url = `${appUrl}/entry/houjinbangou?${new URLSearchParams({ name })}`;
      http
        .get(url, { agent, headers: { Cookie: cookie } }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        })
        .on("error", reject);
    });
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < names.length) {
        const status = await one(names[next++]!);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  return { statuses, seconds: (performance.now() - started) / 1000 };
}

async function run(
  label: string,
  appEnv: Record<string, string>,
  rounds: { label: string; names: string[] }[],
) {
  const proxy = await countingProxy();
  const servers = await startServers({ appEnv: { API_BASE_URL: proxy.url, ...appEnv } });
  proxy.setTarget(servers.upstreamUrl);
  try {
    const { cookie } = await prepareUser(servers, "ready");
    console.log(`\n${label}`);
    for (const round of rounds) {
      proxy.calls.clear();
      const { statuses, seconds } = await lookUp(servers.appUrl, cookie, round.names);
      const answered = [...statuses].map(([status, count]) => `${count}× ${status}`).join(", ");
      const total = [...proxy.calls.values()].reduce((sum, count) => sum + count, 0);
      const byCall = [...proxy.calls].map(([call, count]) => `${count}× ${call}`).join(", ");
      console.log(`  ${round.label}: ${answered} in ${seconds.toFixed(1)} s`);
      console.log(`    upstream calls ${total}${total ? ` (${byCall})` : ""}`);
    }
  } finally {
    await servers.stop();
    await proxy.close();
  }
}

export async function benchLookups() {
  const hundredNames = Array.from({ length: LOOKUPS }, (_, i) => `法人${i % 100}`);
  const allDifferent = Array.from({ length: LOOKUPS }, (_, i) => `会社${i}`);
  console.log(
    `\nlook-ups: ${LOOKUPS.toLocaleString("en")} GET /entry/houjinbangou of one person, ${AT_ONCE} at once`,
  );
  await run("limits as shipped (60 a minute a session, 300 an address)", {}, [
    { label: "100 names, 100 times each", names: hundredNames },
  ]);
  await run(
    "limits lifted (the cache alone)",
    { LOOKUP_LIMIT_PER_SESSION: "1000000", LOOKUP_LIMIT_PER_ADDRESS: "1000000" },
    [
      { label: "100 names, 100 times each", names: hundredNames },
      { label: "10,000 different names", names: allDifferent },
    ],
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchLookups();
