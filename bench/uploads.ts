// `npm run bench`, uploads (decision 0016): a 10 MiB file posted through the app as the upload slot
// posts it with JavaScript on (upload-slot.tsx), against the same file posted straight to the upstream
// (§7 POST /api/uploads/), a PDF and a phone's JPEG (its metadata blanked on the way, decision 0034);
// the blanking alone, in this process; then the app's memory while four such uploads run at once. Its
// own servers (the reference upstream and the built app under its own server), printed, never asserted.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { JpegMetadataStripper } from "../app/domain/jpeg-metadata";
import { MAX_UPLOAD_BYTES } from "../app/domain/upload-rules";
import { streamedUploadHeaders } from "../app/forms/step-upload";
import { type Answer, send as sendRequest } from "../tests/e2e/support-http";
import { phoneJpeg } from "../tests/fixtures/jpeg";
import { prepareUser } from "../tests/load/load-run";
import { DEMO_ACCOUNT, logInToApp, startServers } from "./servers";

/** Each way is timed this many times, interleaved; the median is printed. */
const RUNS = 9;
const AT_ONCE = 4;
/** The invoice step's first claim slot: a fresh draft offers it (claim 1 is always accepted). */
const INVOICE_ROUTE_ID = "routes/_entry.entry_.entry_invoice";
const SLOT = { slot: "claim-1-invoice", kind: "invoice-1" };

/** One request with a buffer body, the same client cost for both ways. */
const send = (url: string, method: string, headers: Record<string, string>, body?: Buffer) =>
  sendRequest(url, { method, headers, body });

function cookiesOf(answer: Answer): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const header of answer.headers["set-cookie"] ?? []) {
    const [pair = ""] = header.split(";");
    const index = pair.indexOf("=");
    if (index > 0) cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
  return cookies;
}

/** A multipart body as a client builds it: the fields, then the file. */
function multipart(fields: [string, string][], file: Buffer, fileName: string) {
  const boundary = `----bench${randomBytes(12).toString("hex")}`;
  const head = fields
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  const body = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="content"; filename="${fileName}"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** What the slot sends with JavaScript on: the file itself, its slot in the headers (upload-slot.tsx). */
function throughApp(appUrl: string, cookie: string, file: Buffer): Promise<Answer> {
  return send(
    `${appUrl}/entry/entry_invoice?_data=${encodeURIComponent(INVOICE_ROUTE_ID)}`,
    "POST",
    {
      Origin: appUrl,
      Cookie: cookie,
      ...streamedUploadHeaders({ ...SLOT, fileName: "bench.pdf" }),
      "Content-Length": String(file.length),
    },
    file,
  );
}

function straightToUpstream(
  upstreamUrl: string,
  cookies: Map<string, string>,
  file: Buffer,
): Promise<Answer> {
  const { body, contentType } = multipart([["kind", SLOT.kind]], file, "bench.pdf");
  return send(
    `${upstreamUrl}/api/uploads/`,
    "POST",
    {
      Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      "X-CSRFToken": cookies.get("csrftoken") ?? "",
      Referer: `${upstreamUrl}/`,
      "Content-Type": contentType,
      "Content-Length": String(body.length),
    },
    body,
  );
}

/** The resident set of a process in bytes, or of its peak (VmHWM), from /proc. */
export function memoryOf(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return match ? Number(match[1]) * 1024 : NaN;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

async function timed(run: () => Promise<Answer>, ok: (answer: Answer) => boolean): Promise<number> {
  const started = performance.now();
  const answer = await run();
  const elapsed = performance.now() - started;
  if (!ok(answer)) throw new Error(`upload answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return elapsed;
}

/** The median time JpegMetadataStripper takes over `jpeg` in 64 KiB chunks, as a request body comes. */
function blankingTime(jpeg: Buffer): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS + 1; run += 1) {
    const started = performance.now();
    const stripper = new JpegMetadataStripper();
    let bytes = 0;
    for (let offset = 0; offset < jpeg.length; offset += 64 * 1024) {
      for (const chunk of stripper.push(jpeg.subarray(offset, offset + 64 * 1024))) bytes += chunk.length;
    }
    for (const chunk of stripper.end()) bytes += chunk.length;
    if (bytes !== jpeg.length) throw new Error(`blanking gave ${bytes} bytes of ${jpeg.length}`);
    if (run > 0) times.push(performance.now() - started); // the first run warms the code up
  }
  return median(times);
}

export async function benchUploads(): Promise<void> {
  // The demo account sends 64 files here, 44 of them 10 MiB: past a person's quota (decision 0022).
  const servers = await startServers({
    upstreamEnv: { UPLOAD_QUOTA_MB: "100000", UPLOAD_FILES_PER_DAY: "100000" },
  });
  const { appUrl, upstreamUrl } = servers;
  try {
    // One person per upload at once: a person may have three going at once (decision 0021).
    const appCookies = [await logInToApp(appUrl)];
    while (appCookies.length < AT_ONCE) appCookies.push((await prepareUser(servers, "ready")).cookie);
    const upstreamLogin = await send(
      `${upstreamUrl}/api/auth/`,
      "POST",
      { "Content-Type": "application/json", Referer: `${upstreamUrl}/` },
      Buffer.from(JSON.stringify(DEMO_ACCOUNT)),
    );
    const upstreamCookies = cookiesOf(upstreamLogin);

    // 10 MiB, the largest file a slot takes, starting as a PDF so the first-bytes check passes; and
    // 1 KiB, whose time is what every upload post costs besides the bytes (the step's guard, which
    // asks the upstream six things, and linking the file to its claim in the draft).
    const pdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(size - 9)]);
    const file = pdf(MAX_UPLOAD_BYTES);
    const small = pdf(1024);
    // The slot's answer to a data request: Remix turns the action's redirect into 204 + X-Remix-Redirect.
    const appOk = (answer: Answer) => answer.status === 204 && Boolean(answer.headers["x-remix-redirect"]);
    const upstreamOk = (answer: Answer) => answer.status === 201;

    /** Both ways in turn (which goes first alternates), RUNS times: the median of each and of their ratio. */
    async function compare(bytes: Buffer) {
      const viaApp = () => timed(() => throughApp(appUrl, appCookies[0]!, bytes), appOk);
      const direct = () => timed(() => straightToUpstream(upstreamUrl, upstreamCookies, bytes), upstreamOk);
      await viaApp(); // warm both up (route modules, the first draft write)
      await direct();
      const appTimes: number[] = [];
      const directTimes: number[] = [];
      const ratios: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        let appMs: number;
        let directMs: number;
        if (run % 2 === 0) {
          appMs = await viaApp();
          directMs = await direct();
        } else {
          directMs = await direct();
          appMs = await viaApp();
        }
        appTimes.push(appMs);
        directTimes.push(directMs);
        ratios.push(directMs / appMs);
      }
      return {
        appMs: median(appTimes),
        directMs: median(directTimes),
        ratio: median(ratios),
      };
    }
    const big = await compare(file);
    const fixed = await compare(small);
    const photo = Buffer.from(
      phoneJpeg({ scanBytes: MAX_UPLOAD_BYTES - phoneJpeg({ scanBytes: 0 }).length }),
    );
    const jpeg = await compare(photo);
    const blanking = blankingTime(photo);
    const throughput = (ms: number) => `${(file.length / (1024 * 1024) / (ms / 1000)).toFixed(0)} MiB/s`;

    // Memory: the app's resident set sampled every 5 ms while four uploads run at once (one person each).
    const pid = servers.appPid!;
    const before = memoryOf(pid, "VmRSS");
    const peakBefore = memoryOf(pid, "VmHWM");
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid, "VmRSS"))), 5);
    try {
      await Promise.all(appCookies.map((cookie) => timed(() => throughApp(appUrl, cookie, file), appOk)));
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, memoryOf(pid, "VmRSS"));
    const peakAfter = memoryOf(pid, "VmHWM");

    console.log(`\nuploads (JavaScript on: the slot's own post), median of ${RUNS}, taken in turns`);
    console.log(`  10 MiB through the app        ${big.appMs.toFixed(0)} ms (${throughput(big.appMs)})`);
    console.log(
      `  10 MiB straight upstream      ${big.directMs.toFixed(0)} ms (${throughput(big.directMs)})`,
    );
    console.log(`  app throughput / upstream's   ${big.ratio.toFixed(2)}× (median of each turn's ratio)`);
    console.log(
      `  10 MiB JPEG: app / straight   ${jpeg.appMs.toFixed(0)} ms / ${jpeg.directMs.toFixed(0)} ms, ${jpeg.ratio.toFixed(2)}× (its metadata blanked on the way)`,
    );
    console.log(
      `  blanking alone, 64 KiB chunks ${blanking.toFixed(1)} ms per 10 MiB JPEG (${throughput(blanking)}, in this process)`,
    );
    console.log(
      `  1 KiB: app / straight         ${fixed.appMs.toFixed(1)} ms / ${fixed.directMs.toFixed(1)} ms (the post's own cost: guard, draft link)`,
    );
    console.log(
      `  app RSS, ${AT_ONCE}×10 MiB at once     ${mib(before)} before, peak ${mib(peak)}: growth ${mib(peak - before)} (VmHWM ${mib(peakBefore)} → ${mib(peakAfter)})`,
    );
  } finally {
    await servers.stop();
  }
}
