// A slot's file sent with XMLHttpRequest (fetch has no upload progress), retried under one upload key
// while the line is down (decisions 0022, 0028).

import { UPLOAD_RETRY_WINDOW_MS, uploadRetryDelay } from "~/domain/upload-rules";

export interface UploadAnswer {
  status: number;
  body: unknown;
}

export type UploadOutcome = { answered: UploadAnswer } | { lineGone: true };

export interface UploadEvents {
  /** The share of the file the current try has sent (a retry starts again from 0). */
  onProgress(ratio: number): void;
  /** True once a try is cut off, false when a later try sends bytes again or is answered. */
  onReconnecting(reconnecting: boolean): void;
}

/** A try that sent nothing for this long while sending is taken as cut off (a line that went silent). */
const STALLED_SEND_MS = 30_000;
/** Longer than the app's 60 s wait for the upstream plus its lookup of a lost answer (decision 0022). */
const ANSWER_WAIT_MS = 90_000;

type TryResult = { answer: UploadAnswer } | { cutOff: true; sentBytes: boolean };

function sendOnce(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  onProgress: (ratio: number) => void,
): Promise<TryResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    let sentBytes = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const watch = (ms: number) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => request.abort(), ms);
    };
    const cutOff = () => {
      clearTimeout(watchdog);
      resolve({ cutOff: true, sentBytes });
    };
    request.open("POST", url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener("progress", (event) => {
      if (event.loaded > 0) sentBytes = true;
      watch(STALLED_SEND_MS);
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.upload.addEventListener("load", () => watch(ANSWER_WAIT_MS));
    request.addEventListener("load", () => {
      clearTimeout(watchdog);
      // Status 0 is no answer at all (the connection closed before one came).
      if (request.status === 0) return cutOff();
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ answer: { status: request.status, body } });
    });
    request.addEventListener("error", cutOff);
    request.addEventListener("abort", cutOff);
    request.addEventListener("timeout", cutOff);
    watch(STALLED_SEND_MS);
    request.send(file);
  });
}

/** 409: the server still handles an earlier try. Every other status is final, 5xx too (decision 0022). */
function isRetriable({ status }: UploadAnswer): boolean {
  return status === 409;
}

/** Waits `ms`, or less when the browser says it is online again. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
  });
}

/** POSTs `file` until the server answers or the line has been gone UPLOAD_RETRY_WINDOW_MS. */
export async function sendUpload(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  events: UploadEvents,
): Promise<UploadOutcome> {
  let lastContact = Date.now();
  let retries = 0;
  let reconnecting = false;
  const reconnected = () => {
    if (reconnecting) events.onReconnecting((reconnecting = false));
  };
  // 「接続を待っています」 stays until bytes go or an answer comes.
  const onProgress = (ratio: number) => {
    if (ratio > 0) reconnected();
    events.onProgress(ratio);
  };
  for (;;) {
    const result = await sendOnce(url, headers, file, onProgress);
    if ("answer" in result) reconnected();
    if ("answer" in result && !isRetriable(result.answer)) return { answered: result.answer };
    // The line worked for a while (bytes went, or an answer came): the wait starts small again.
    if ("answer" in result || result.sentBytes) {
      lastContact = Date.now();
      retries = 0;
    }
    retries += 1;
    const gone = Date.now() - lastContact;
    if (gone >= UPLOAD_RETRY_WINDOW_MS) return { lineGone: true };
    if (!reconnecting) events.onReconnecting((reconnecting = true));
    // The last wait is cut to the window's end, so one more try is made right then.
    await pause(Math.min(uploadRetryDelay(retries), UPLOAD_RETRY_WINDOW_MS - gone));
  }
}
