// Malformed requests get a 4xx page, never a 500: every kind of body a page could not have
// sent, posted to every route with an action, anonymous and logged in (the guards run first, so the
// logged-in run is what reaches the body). The routes are read from the server build itself, so a new
// route is covered by itself. Real HTTP through the request gate, with a same-origin Origin header.

import { type APIRequestContext, type TestInfo, expect, test } from "./fixtures";
import { pdfFile } from "./files";
import { STRONG_PASSWORD, logInOverHttp } from "./support";
import { actionUrls } from "./support-routes";

interface BadBody {
  name: string;
  contentType?: string;
  body: Buffer;
  /**
   * A guard that redirects before the action reads the body leaves it unread, and Node then holds
   * the keep-alive connection until its 5 s timeout resets it: the large body asks for its own.
   */
  ownConnection?: boolean;
}

const BOUNDARY = "----sakidori-malformed";
const CRLF = "\r\n";

function multipart(parts: { headers: string[]; body: Buffer | string }[], end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${BOUNDARY}${CRLF}${part.headers.join(CRLF)}${CRLF}${CRLF}`));
    chunks.push(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body));
    chunks.push(Buffer.from(CRLF));
  }
  if (end) chunks.push(Buffer.from(`--${BOUNDARY}--${CRLF}`));
  return Buffer.concat(chunks);
}

const field = (name: string, value: string) => ({
  headers: [`Content-Disposition: form-data; name="${name}"`],
  body: Buffer.from(value, "utf8"),
});

/** An upload that would be stored: only the slot is wrong (kinds of every page with slots). */
function uploadWithSlot(slot: string, kind: string, side?: string): Buffer {
  const file = pdfFile();
  return multipart([
    field("intent", "upload"),
    field("slot", slot),
    field("kind", kind),
    ...(side ? [field("side", side)] : []),
    {
      headers: [
        `Content-Disposition: form-data; name="content"; filename="${file.name}"`,
        `Content-Type: ${file.mimeType}`,
      ],
      body: file.buffer,
    },
  ]);
}

const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const URLENCODED = "application/x-www-form-urlencoded";
const BAD_SLOTS = {
  "CR/LF": "x\r\nSet-Cookie: injected=1",
  NUL: "x\u0000y",
  "non-Latin-1": "スロット",
};
const SLOT_KINDS: [string, string?][] = [
  ["invoice-1"],
  ["tb_pl"],
  ["passbook_cover-1"],
  ["identity", "front"],
];

const BAD_BODIES: BadBody[] = [
  { name: "no body, no Content-Type", body: Buffer.alloc(0) },
  { name: "a body without Content-Type", body: Buffer.from("email=a%40example.jp") },
  { name: "JSON", contentType: "application/json", body: Buffer.from('{"email":"a@example.jp"}') },
  { name: "text/plain", contentType: "text/plain", body: Buffer.from("email=a@example.jp") },
  {
    name: "multipart without boundary",
    contentType: "multipart/form-data",
    body: multipart([field("intent", "save")]),
  },
  {
    name: "truncated multipart",
    contentType: MULTIPART_TYPE,
    body: multipart([field("intent", "upload"), field("slot", "a")], false).subarray(0, 60),
  },
  {
    name: "a part without Content-Disposition",
    contentType: MULTIPART_TYPE,
    body: multipart([{ headers: ["Content-Type: text/plain"], body: "x" }, field("intent", "save")]),
  },
  { name: "__proto__[x]=1", contentType: URLENCODED, body: Buffer.from("__proto__%5Bx%5D=1&intent=save") },
  {
    name: "constructor.prototype.x=1",
    contentType: URLENCODED,
    body: Buffer.from("constructor.prototype.x=1&intent=save"),
  },
  { name: "__proto__=1", contentType: URLENCODED, body: Buffer.from("__proto__=1&intent=save") },
  { name: "a=1&a.b=2", contentType: URLENCODED, body: Buffer.from("a=1&a.b=2&intent=save") },
  { name: "a=1&a[b]=2", contentType: URLENCODED, body: Buffer.from("a=1&a%5Bb%5D=2&intent=save") },
  {
    name: "multipart fields a and a.b",
    contentType: MULTIPART_TYPE,
    body: multipart([field("a", "1"), field("a.b", "2"), field("intent", "save")]),
  },
  {
    name: "multipart field __proto__[x]",
    contentType: MULTIPART_TYPE,
    body: multipart([field("__proto__[x]", "1"), field("intent", "save")]),
  },
  {
    name: "urlencoded over the 64 KiB cap",
    contentType: URLENCODED,
    body: Buffer.from(`intent=save&purpose=${"a".repeat(200 * 1024)}`),
    ownConnection: true,
  },
  ...Object.entries(BAD_SLOTS).flatMap(([label, slot]) => [
    {
      name: `urlencoded upload slot with ${label}`,
      contentType: URLENCODED,
      body: Buffer.from(new URLSearchParams({ intent: "upload", slot, kind: "invoice-1" }).toString()),
    },
    ...SLOT_KINDS.map(([kind, side]) => ({
      name: `upload slot with ${label} (${kind}${side ? ` ${side}` : ""})`,
      contentType: MULTIPART_TYPE,
      body: uploadWithSlot(slot, kind, side),
    })),
  ]),
];

interface Outcome {
  tried: number;
  failures: string[];
}

async function postEveryBadBody(request: APIRequestContext, url: string, origin: string, outcome: Outcome) {
  for (const bad of BAD_BODIES) {
    const headers: Record<string, string> = { Origin: origin };
    if (bad.contentType) headers["Content-Type"] = bad.contentType;
    if (bad.ownConnection) headers["Connection"] = "close";
    const response = await request.post(url, { headers, data: bad.body, maxRedirects: 0 });
    outcome.tried += 1;
    const status = response.status();
    const problems: string[] = [];
    if (status < 300 || status >= 500) problems.push(`status ${status}`);
    if (status >= 300 && status < 400) {
      const location = response.headers()["location"] ?? "";
      const target = new URL(location, origin);
      if (target.origin !== origin || location.startsWith("//")) problems.push(`Location ${location}`);
    }
    for (const { name, value } of response.headersArray()) {
      if (/[\r\n\0]/.test(value) || /injected/i.test(`${name}: ${value}`)) {
        problems.push(`header ${name}: ${JSON.stringify(value)}`);
      }
    }
    if (problems.length > 0) outcome.failures.push(`POST ${url} with ${bad.name}: ${problems.join(", ")}`);
  }
}

function onlyOnce(testInfo: TestInfo) {
  // HTTP only: the browser's JavaScript plays no part, so one project is enough.
  test.skip(testInfo.project.name !== "js-on", "HTTP only: runs in js-on");
}

// One test per route and caller: a test's time is one route's thirty posts, whatever the machine.
const ACTION_URLS = await actionUrls();

test.describe("malformed requests get a 4xx, never a 5xx", () => {
  /** The figure for the note (tried / not a 4xx or redirect), then the verdict. */
  function expectNoFailure(testInfo: TestInfo, who: string, outcome: Outcome) {
    const figure = `${outcome.tried} / ${outcome.failures.length}`;
    testInfo.annotations.push({ type: "tried / failed", description: figure });
    console.log(
      `${who}: ${outcome.tried} malformed requests, ${outcome.failures.length} not a 4xx or redirect`,
    );
    expect(outcome.failures).toEqual([]);
  }

  for (const url of ACTION_URLS) {
    test(`anonymous: ${url}`, async ({ playwright, baseURL }, testInfo) => {
      onlyOnce(testInfo);
      const origin = new URL(baseURL!).origin;
      const outcome: Outcome = { tried: 0, failures: [] };
      const request = await playwright.request.newContext({ baseURL });
      await postEveryBadBody(request, url, origin, outcome);
      await request.dispose();
      expectNoFailure(testInfo, `anonymous ${url}`, outcome);
    });

    test(`logged in at the wizard's last step: ${url}`, async ({
      playwright,
      baseURL,
      userAtStep,
    }, testInfo) => {
      onlyOnce(testInfo);
      const origin = new URL(baseURL!).origin;
      const outcome: Outcome = { tried: 0, failures: [] };
      // A user and a session of its own: a post that is a readable form may change the draft or end
      // the session (/logout), which must not decide what another route shows.
      const user = await userAtStep("corporate", { financialDone: true });
      const request = await playwright.request.newContext({ baseURL });
      await logInOverHttp(request, baseURL!, user.email, STRONG_PASSWORD);
      await postEveryBadBody(request, url, origin, outcome);
      await request.dispose();
      expectNoFailure(testInfo, `logged in ${url}`, outcome);
    });
  }
});
