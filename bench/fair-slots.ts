// `npm run bench`, fair upload slots (decision 0021): 22 free accounts, three sessions each, start 66
// uploads of 10 MiB and send them at 300 B/s, as the attack that once held every slot for hours; while
// they run, a bystander on another address uploads 1 MiB at full speed, trying again after Retry-After
// as the slot's message says: its answers and the time until its file is stored, then how the trickles
// ended. Twice: the trickles from 3 loopback addresses (the per-address bound leaves slots free) and
// from 11 (six each: all of MAX_UPLOADS_AT_ONCE taken until the rate floor cuts them). The built app
// under its own server and the reference upstream with their default limits. Printed, never asserted.

import { MAX_UPLOADS_AT_ONCE_PER_USER, MAX_UPLOAD_BYTES } from "../app/domain/upload-rules";
import { DEFAULT_BODY_MIN_BYTES_PER_SECOND, DEFAULT_BODY_RATE_WINDOW_MS } from "../app/domain/settings";
import { streamedUploadHeaders } from "../app/forms/step-upload";
import {
  DEFAULT_MAX_UPLOADS_AT_ONCE,
  DEFAULT_MAX_UPLOADS_AT_ONCE_PER_ADDRESS,
} from "../app/settings/config.server";
import { send } from "../tests/e2e/support-http";
import { prepareUser } from "../tests/load/load-run";
import { type Servers, logInToApp, startServers } from "./servers";
import { INVOICE_PATH, draftWithClaims, stoppedUpload } from "./slow-upload";

const ACCOUNTS = 22;
const SESSIONS = 3;
const TRICKLE_BYTES_PER_SECOND = 300;
/** The slots each account's three sessions send into: three kinds, so none waits for another. */
const SLOTS = [
  { slot: "claim-1-invoice", kind: "invoice-1" },
  { slot: "claim-1-additional_doc", kind: "additional_doc-1" },
  { slot: "claim-2-invoice", kind: "invoice-2" },
];
const BYSTANDER_ADDRESS = "127.0.0.2";
const BYSTANDER_TRIES = 6;
/** The bystander starts this long after the trickles. */
const SETTLE_MS = 5_000;

/** `count` accounts made through the app's forms, each with a draft of two claims; four at a time. */
async function accounts(servers: Servers, count: number) {
  const made: { email: string; password: string }[] = [];
  while (made.length < count) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, count - made.length) }, () => prepareUser(servers, "ready")),
    );
    for (const { email, password } of batch) {
      await draftWithClaims(servers.upstreamUrl, { email, password }, 2);
      made.push({ email, password });
    }
  }
  return made;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

/** 1 MiB as the slot sends it, tried again after each refusal's Retry-After: every answer and when. */
async function bystanderUpload(appUrl: string, cookie: string) {
  const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(1024 * 1024 - 9, 0x20)]);
  const started = performance.now();
  const answers: string[] = [];
  for (let tries = 1; tries <= BYSTANDER_TRIES; tries += 1) {
    const sentAt = performance.now() - started;
    const answer = await send(`${appUrl}${INVOICE_PATH}`, {
      method: "POST",
      headers: {
        Origin: appUrl,
        Cookie: cookie,
        ...streamedUploadHeaders({ ...SLOTS[0]!, fileName: "bystander.pdf" }),
      },
      body: file,
      from: BYSTANDER_ADDRESS,
    });
    const doneAt = performance.now() - started;
    // The slot's answer to a data request: Remix turns the action's redirect into 204.
    if (answer.status === 204) {
      answers.push(`stored at ${seconds(doneAt)} (sent in ${seconds(doneAt - sentAt)})`);
      return { answers, storedAfterMs: doneAt };
    }
    const retryAfter = Number(answer.headers["retry-after"]);
    answers.push(
      `${answer.status} at ${seconds(sentAt)} (Retry-After ${answer.headers["retry-after"] ?? "none"})`,
    );
    if (!(retryAfter > 0)) break;
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
  return { answers, storedAfterMs: null };
}

async function scenario(
  appUrl: string,
  trickleSessions: { cookie: string; slot: (typeof SLOTS)[number] }[],
  addresses: number,
  bystander: string,
): Promise<void> {
  const perAddress = Math.ceil(trickleSessions.length / addresses);
  console.log(
    `  ${trickleSessions.length} trickles from ${addresses} addresses (up to ${perAddress} each), then ${SETTLE_MS / 1000} s later the bystander from ${BYSTANDER_ADDRESS}:`,
  );
  const started = performance.now();
  const trickles = trickleSessions.map(({ cookie, slot }, index) =>
    stoppedUpload(appUrl, cookie, {
      slot,
      head: 1024,
      trickle: TRICKLE_BYTES_PER_SECOND,
      size: MAX_UPLOAD_BYTES,
      from: `127.0.0.${10 + (index % addresses)}`,
    }).then((ended) => ({ ...ended, closedAtMs: performance.now() - started })),
  );
  // Their pages' checks (six questions to the upstream each) done, the admitted ones are under way.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const { answers, storedAfterMs } = await bystanderUpload(appUrl, bystander);
  console.log(`    bystander's 1 MiB: ${answers.join(", ")}${storedAfterMs === null ? " — not stored" : ""}`);
  const ended = await Promise.all(trickles);
  const byStatus = new Map<string, number[]>();
  for (const { status, closedAtMs } of ended)
    byStatus.set(status, [...(byStatus.get(status) ?? []), closedAtMs]);
  console.log(
    `    trickles closed by the app (since they started): ${[...byStatus]
      .map(
        ([status, times]) =>
          `${times.length}× ${status === "none" ? "cut unanswered" : `answered ${status}`} at ${seconds(Math.min(...times))}–${seconds(Math.max(...times))}`,
      )
      .join(", ")}`,
  );
}

export async function benchFairSlots(): Promise<void> {
  // The app's own bound per address, which the other parts lift for their many users on one address.
  const servers = await startServers({
    appEnv: { MAX_UPLOADS_AT_ONCE_PER_ADDRESS: String(DEFAULT_MAX_UPLOADS_AT_ONCE_PER_ADDRESS) },
  });
  try {
    console.log(
      `\nfair upload slots: ${ACCOUNTS} accounts × ${SESSIONS} sessions each trickling 10 MiB at ${TRICKLE_BYTES_PER_SECOND} B/s ` +
        `(floor ${DEFAULT_BODY_MIN_BYTES_PER_SECOND} B/s over ${DEFAULT_BODY_RATE_WINDOW_MS / 1000} s; uploads at once: ` +
        `${MAX_UPLOADS_AT_ONCE_PER_USER} a person, ${DEFAULT_MAX_UPLOADS_AT_ONCE_PER_ADDRESS} an address, ${DEFAULT_MAX_UPLOADS_AT_ONCE} in all)`,
    );
    const { appUrl } = servers;
    const made = await accounts(servers, ACCOUNTS + 2);
    const sessions: { cookie: string; slot: (typeof SLOTS)[number] }[] = [];
    for (const account of made.slice(0, ACCOUNTS)) {
      for (const slot of SLOTS.slice(0, SESSIONS))
        sessions.push({ cookie: await logInToApp(appUrl, account), slot });
    }
    await scenario(appUrl, sessions, 3, await logInToApp(appUrl, made[ACCOUNTS]!));
    await scenario(appUrl, sessions, 11, await logInToApp(appUrl, made[ACCOUNTS + 1]!));
  } finally {
    await servers.stop();
  }
}
