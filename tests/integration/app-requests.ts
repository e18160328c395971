// Requests as the browser sends them to the app, for calling a route's loader or action directly: the
// app's session cookie carrying a reference-upstream session, and a form post.

import type { FormFailure } from "~/forms/form-failure";
import { type StepUploadTarget, streamedUploadHeaders } from "~/forms/step-upload";
import { CLIENT_ADDRESS_HEADER } from "~/request/client-address";
import { AppSession } from "~/request/session.server";
import { afterAll, beforeAll, expect } from "vitest";
import { type UserClient, createUserWithSession } from "./reference-upstream/entry-fixtures";
import { type FaultProxy, type RequestWatcher, startFaultProxy } from "./fault-proxy";
import { type ApiClient, type TestUpstream, readThrough } from "./reference-upstream/harness";

/**
 * The fault proxy in front of the file's upstream (useTestUpstream's), with the app pointed at the proxy
 * instead; `watch` sees each request (to note the calls the app made). Call it after useTestUpstream.
 */
export function useFaultProxy(upstream: TestUpstream, watch?: RequestWatcher): FaultProxy {
  let started: FaultProxy | undefined;
  beforeAll(async () => {
    started = await startFaultProxy(upstream.url, watch);
    // appConfig() reads the environment once, at the first request: set before any.
    process.env.API_BASE_URL = started.url;
  });
  afterAll(() => started?.close());
  return readThrough(() => started, "the fault proxy");
}

export const APP_ORIGIN = "http://localhost:3000";

/** The app's session cookie for `browser`'s upstream session (what login sets). */
export async function appCookie(browser: ApiClient): Promise<string> {
  const session = await AppSession.fromRequest(new Request(`${APP_ORIGIN}/`));
  session.credentials = {
    sessionid: browser.cookies.get("sessionid"),
    csrftoken: browser.cookies.get("csrftoken"),
  };
  return (await session.commit()).split(";")[0]!;
}

/**
 * A plain form post (JavaScript off, or a fetcher with it), fields in order, repeats allowed; from
 * `clientAddress` as the request gate writes it (the socket's address, or a trusted proxy's).
 */
export function formPost(
  path: string,
  cookie: string,
  fields: Record<string, string> | [string, string][],
  clientAddress?: string,
) {
  return new Request(`${APP_ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
      ...(clientAddress ? { [CLIENT_ADDRESS_HEADER]: clientAddress } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * A slot's upload as it is sent with JavaScript on (upload-slot.tsx, decision 0016): the file is the
 * body, its slot in the headers, to the route's data endpoint.
 */
export function streamedUpload(
  path: string,
  cookie: string,
  target: StepUploadTarget & { fileName: string; uploadKey?: string },
  file: Uint8Array<ArrayBuffer>,
) {
  return new Request(`${APP_ORIGIN}${path}?_data=x`, {
    method: "POST",
    headers: {
      Origin: APP_ORIGIN,
      Cookie: cookie,
      ...streamedUploadHeaders(target),
      "Content-Length": String(file.byteLength),
    },
    body: file,
  });
}

/** The redirect's target, or a failure with the status (to make a wrong answer readable). */
export async function locationOf(response: Response): Promise<string> {
  if (response.status !== 302)
    throw new Error(`expected a redirect, got ${response.status}: ${await response.text()}`);
  return response.headers.get("Location")!;
}

/** A failure answer's body (the one failure shape every action returns). */
export async function failureOf(response: Response): Promise<FormFailure> {
  return (await response.json()) as FormFailure;
}

/** Someone logged in to the upstream and the app. */
export interface Applicant {
  browser: UserClient;
  cookie: string;
}

/** An applicant whose draft has one claim, so the invoice step has a slot to upload into. */
export async function applicantWithOneClaim(upstream: TestUpstream): Promise<Applicant> {
  const browser = createUserWithSession(upstream);
  expect((await browser.patch("/api/draft_entry/", { claims: [{ contentfile_relations: [] }] })).status).toBe(
    200,
  );
  return { browser, cookie: await appCookie(browser) };
}
