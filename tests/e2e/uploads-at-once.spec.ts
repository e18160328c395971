// Uploads at once (decision 0021), JavaScript on and off: a person with three uploads going (here from
// another tab, held by the test) is refused a fourth with the message at its slot, before a byte of it
// reaches the upstream; so is a person whose network (their address) has its uploads going already.
// An app of this file's own, taking three uploads at once from an address, talks to the run's
// reference upstream through a proxy that counts the uploads it is sent.

import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { test as base, expect } from "./fixtures";
import { validClaim } from "../fixtures/entry-body";
import { claimUploadSlot } from "../../app/domain/file-kinds";
import { UploadRuleMessage } from "../../app/domain/upload-rules";
import { streamedUploadHeaders } from "../../app/forms/step-upload";
import { pdfFile } from "./files";
import { STRONG_PASSWORD, UPSTREAM_URL, logInOverHttp, startAppAgainst } from "./support";

/** Uploads at once from one address in this file's app: one person's three. */
const PER_ADDRESS = 3;

/** Upload requests the upstream was sent, and those still open (neither answered nor broken off). */
const uploads = { started: 0, open: 0 };

function startCountingProxy(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? "/", UPSTREAM_URL);
    if (req.method === "POST" && target.pathname === "/api/uploads/") {
      uploads.started += 1;
      uploads.open += 1;
      res.once("close", () => (uploads.open -= 1));
    }
    const outgoing = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    outgoing.on("error", () => req.socket.destroy());
    req.on("aborted", () => outgoing.destroy());
    req.pipe(outgoing);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const test = base.extend<object, { countedApp: { url: string } }>({
  countedApp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const proxy = await startCountingProxy();
      const app = await startAppAgainst(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, {
        MAX_UPLOADS_AT_ONCE_PER_ADDRESS: String(PER_ADDRESS),
        // The uploads held under way stay for the test's length, however slow the machine.
        BODY_RATE_WINDOW_MS: "600000",
      });
      await use(app);
      await app.stop();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
    { scope: "worker" },
  ],
  baseURL: async ({ countedApp }, use) => use(countedApp.url),
});

/**
 * An upload from another tab that is under way: the first 64 KiB of a 1 MiB file, the rest not yet
 * sent. Answers its connection, to end it.
 */
async function uploadUnderWay(
  appUrl: string,
  cookie: string,
  into: { slot: string; kind: string },
  loopback = "127.0.0.1",
) {
  const { hostname, port } = new URL(appUrl);
  const socket = net.connect(Number(port), loopback);
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  const headers = {
    Host: `${hostname}:${port}`,
    Origin: appUrl,
    Cookie: cookie,
    ...streamedUploadHeaders({ ...into, fileName: "other-tab.pdf" }),
    "Content-Length": String(1024 * 1024),
  };
  const path = "/entry/entry_invoice?_data=routes%2F_entry.entry_.entry_invoice";
  socket.write(
    `POST ${path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n")}\r\n\r\n`,
  );
  socket.write(Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(64 * 1024 - 9, 0x20)]));
  return socket;
}

test("a fourth upload at once is refused with 「同時にアップロードできるファイルは3つまでです。…」 at its slot", async ({
  page,
  logInAs,
  readyToApply,
  uploadInto,
  countedApp,
}, testInfo) => {
  const user = await readyToApply("corporate");
  const { contentfiles: _files, ...claim } = validClaim();
  const empty = { ...claim, contentfile_relations: [] };
  await user.send("PATCH", "/api/draft_entry/", { claims: [empty, empty, empty] });
  await logInAs(user, "/entry/entry_invoice");

  const cookie = (await page.context().cookies(countedApp.url))
    .map(({ name, value }) => `${name}=${value}`)
    .join("; ");
  const before = uploads.open;
  const underWay = [
    await uploadUnderWay(countedApp.url, cookie, { slot: claimUploadSlot("invoice", 1), kind: "invoice-1" }),
    await uploadUnderWay(countedApp.url, cookie, {
      slot: claimUploadSlot("additional_doc", 1),
      kind: "additional_doc-1",
    }),
    await uploadUnderWay(countedApp.url, cookie, { slot: claimUploadSlot("invoice", 2), kind: "invoice-2" }),
  ];
  try {
    await expect.poll(() => uploads.open - before, { message: "three uploads under way" }).toBe(3);
    const started = uploads.started;

    const slot = await uploadInto("請求書3の請求書", pdfFile("fourth.pdf"));
    await expect(slot).toContainText(`アップロードエラー (${UploadRuleMessage.tooManyAtOnce})`);
    expect(uploads.started, "the fourth file never reached the upstream").toBe(started);
    await slot.screenshot({ path: `/tmp/uploads-at-once-${testInfo.project.name}.png` });
  } finally {
    for (const socket of underWay) socket.destroy();
  }
});

const THREE_SLOTS = [
  { slot: claimUploadSlot("invoice", 1), kind: "invoice-1" },
  { slot: claimUploadSlot("additional_doc", 1), kind: "additional_doc-1" },
  { slot: claimUploadSlot("invoice", 2), kind: "invoice-2" },
];

test("an upload from a network whose uploads are all going is refused with 「お使いのネットワークからの…」 at its slot", async ({
  playwright,
  logInAs,
  readyToApply,
  uploadInto,
  countedApp,
}) => {
  const { contentfiles: _files, ...claim } = validClaim();
  const empty = { ...claim, contentfile_relations: [] };
  // Someone else on this machine's network, over either loopback (the browser may take either).
  const underWay: net.Socket[] = [];
  await expect.poll(() => uploads.open, { message: "no upload left under way" }).toBe(0);
  for (const loopback of ["127.0.0.1", "::1"]) {
    const other = await readyToApply("corporate");
    await other.send("PATCH", "/api/draft_entry/", { claims: [empty, empty] });
    const request = await playwright.request.newContext({ baseURL: countedApp.url });
    await logInOverHttp(request, countedApp.url, other.email, STRONG_PASSWORD);
    const cookie = (await request.storageState()).cookies
      .map(({ name, value }) => `${name}=${value}`)
      .join("; ");
    await request.dispose();
    for (const into of THREE_SLOTS)
      underWay.push(await uploadUnderWay(countedApp.url, cookie, into, loopback));
  }
  try {
    await expect.poll(() => uploads.open, { message: "the others' uploads under way" }).toBe(2 * PER_ADDRESS);
    const started = uploads.started;

    const user = await readyToApply("corporate");
    await user.send("PATCH", "/api/draft_entry/", { claims: [empty] });
    await logInAs(user, "/entry/entry_invoice");
    const slot = await uploadInto("請求書1の請求書", pdfFile("mine.pdf"));
    await expect(slot).toContainText(`アップロードエラー (${UploadRuleMessage.busyFromNetwork})`);
    expect(uploads.started, "the file never reached the upstream").toBe(started);
  } finally {
    for (const socket of underWay) socket.destroy();
  }
});
