// The build's files (decision 0036): a script or stylesheet answers with the headers it needs and no
// document policy or validator, as the Brotli or gzip copy made at build time when the request takes
// one (never compressed again by the server), the plain file otherwise; a path there naming no file
// is the product's 404. Against the built app (bench/servers.ts; run `npm run build` first).

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Servers, assetsDir, startServers } from "../../bench/servers";
import { type Answer, send } from "../e2e/support-http";
import { DOCUMENT_ONLY_HEADERS } from "../fixtures/build-file-headers";

let servers: Servers;
beforeAll(async () => {
  servers = await startServers();
}, 60_000);
afterAll(() => servers?.stop());

const CHROME_ACCEPTS = "gzip, deflate, br, zstd";

/** A file of the build by the start of its name, as its URL and its bytes on disk. */
function buildFile(folder: string, prefix: string, extension: string): { url: string; plain: Buffer } {
  const name = fs
    .readdirSync(path.join(assetsDir, folder))
    .find((entry) => entry.startsWith(prefix) && entry.endsWith(extension));
  if (!name) throw new Error(`no ${prefix}…${extension} in ${assetsDir}/${folder}: run npm run build`);
  return {
    url: `/build/${folder ? `${folder}/` : ""}${name}`,
    plain: fs.readFileSync(path.join(assetsDir, folder, name)),
  };
}

/** The smallest script of the build: too small for a copy to gain anything, so none was made. */
function smallestScript(): { url: string; plain: Buffer } {
  const folder = path.join(assetsDir, "_shared");
  const [name] = fs
    .readdirSync(folder)
    .filter((entry) => entry.endsWith(".js"))
    .sort((a, b) => fs.statSync(path.join(folder, a)).size - fs.statSync(path.join(folder, b)).size);
  return { url: `/build/_shared/${name}`, plain: fs.readFileSync(path.join(folder, name!)) };
}

const ask = (url: string, acceptEncoding?: string, method = "GET"): Promise<Answer> =>
  send(`${servers.appUrl}${url}`, {
    method,
    headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
  });

function decoded(answer: Answer): Buffer {
  const coding = answer.headers["content-encoding"];
  if (coding === "br") return zlib.brotliDecompressSync(answer.bytes);
  if (coding === "gzip") return zlib.gunzipSync(answer.bytes);
  expect(coding, "no other coding").toBeUndefined();
  return answer.bytes;
}

describe("a script of the build", () => {
  it("carries only what a script needs: type, length, a year immutable, its coding, nosniff and CORP", async () => {
    const script = buildFile("", "entry.client-", ".js");
    const answer = await ask(script.url, CHROME_ACCEPTS);
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      "content-type": "application/javascript; charset=utf-8",
      "content-length": String(answer.bytes.length),
      "cache-control": "public, max-age=31536000, immutable",
      "content-encoding": "br",
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
    });
    // And nothing else but what Node's HTTP/1.1 adds to every answer (Keep-Alive too, to a client keeping it).
    expect(Object.keys(answer.headers).sort()).toEqual(
      [
        "cache-control",
        "connection",
        "content-encoding",
        "content-length",
        "content-type",
        "cross-origin-resource-policy",
        "date",
        "vary",
        "x-content-type-options",
      ].sort(),
    );
    // Named here so that a document header coming back reads plainly in the failure.
    for (const absent of [...DOCUMENT_ONLY_HEADERS, "x-request-id"])
      expect(answer.headers[absent], absent).toBeUndefined();
    expect(decoded(answer).equals(script.plain)).toBe(true);
  });

  it.each([
    ["as Chrome asks", CHROME_ACCEPTS, "br"],
    ["Brotli alone", "br", "br"],
    ["Brotli refused (q=0)", "gzip, deflate, br;q=0", "gzip"],
    ["gzip preferred by weight", "br;q=0.4, gzip;q=0.5", "gzip"],
    ["gzip under its old name", "x-gzip", "gzip"],
    ["no gzip nor Brotli (deflate is not made)", "deflate", undefined],
    ["any coding", "*", "br"],
    ["any but Brotli", "*;q=0.5, br;q=0", "gzip"],
    ["both refused", "br;q=0, gzip;q=0.000", undefined],
    ["identity only", "identity", undefined],
    ["no Accept-Encoding", undefined, undefined],
  ])("%s (%s): %s, the same bytes as the plain file", async (_, acceptEncoding, coding) => {
    const script = buildFile("", "entry.client-", ".js");
    const answer = await ask(script.url, acceptEncoding);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe(coding);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(answer.bytes.length);
    if (coding === undefined) expect(answer.bytes.length).toBe(script.plain.length);
    else expect(answer.bytes.length).toBeLessThan(script.plain.length);
    expect(decoded(answer).equals(script.plain)).toBe(true);
  });

  it("Brotli is the smaller: the copy made at the best quality, not one made per request", async () => {
    const script = buildFile("", "entry.client-", ".js");
    const [br, gzip] = await Promise.all([ask(script.url, "br"), ask(script.url, "gzip")]);
    expect(br.bytes.equals(fs.readFileSync(path.join(assetsDir, `${path.basename(script.url)}.br`)))).toBe(
      true,
    );
    expect(gzip.bytes.equals(fs.readFileSync(path.join(assetsDir, `${path.basename(script.url)}.gz`)))).toBe(
      true,
    );
    expect(br.bytes.length).toBeLessThan(gzip.bytes.length);
  });

  it("without a copy beside it (too small to gain), is the plain file whatever the request takes", async () => {
    const script = smallestScript();
    const answer = await ask(script.url, CHROME_ACCEPTS);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.bytes.equals(script.plain)).toBe(true);
  });

  it("HEAD: the same headers, no body", async () => {
    const script = buildFile("", "entry.client-", ".js");
    const [get, head] = await Promise.all([ask(script.url, "gzip"), ask(script.url, "gzip", "HEAD")]);
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    const { date: _, ...headHeaders } = head.headers;
    const { date: __, ...getHeaders } = get.headers;
    expect(headHeaders).toEqual(getHeaders);
  });
});

describe("a stylesheet of the build", () => {
  it("is text/css, Brotli where taken, with the same few headers", async () => {
    const stylesheet = buildFile("_assets", "app-", ".css");
    const answer = await ask(stylesheet.url, CHROME_ACCEPTS);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["content-security-policy"]).toBeUndefined();
    expect(answer.headers.etag).toBeUndefined();
    expect(decoded(answer).equals(stylesheet.plain)).toBe(true);
  });
});

describe("a path under /build/ naming no file of the build", () => {
  it.each([
    ["a script that is not there", "/build/_shared/chunk-NOT-THERE.js"],
    ["a folder", "/build/_shared/"],
    ["a precompressed copy asked by its own name", "/build/{entry}.br"],
    ["a way out of the folder", "/build/%2e%2e/package.json"],
  ])("%s is the product's 404 page", async (_, pattern) => {
    const entry = path.basename(buildFile("", "entry.client-", ".js").url);
    const answer = await ask(pattern.replace("{entry}", entry), CHROME_ACCEPTS);
    expect(answer.status).toBe(404);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.headers["x-request-id"]).toBeTruthy();
    expect(decoded(answer).toString()).toContain("ページが見つかりません");
  });
});
