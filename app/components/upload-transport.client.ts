// How a slot's file travels with JavaScript (loaded by the slot when a file is first chosen, so it is
// not part of the page's hydration): the file is the whole request body, sent with XMLHttpRequest for
// its upload progress (fetch has none). A try the line cuts off (an error, a reset, a stall) is sent
// again by itself with a growing wait until the line has been gone UPLOAD_RETRY_WINDOW_MS; every try
// carries the same upload key, so the upstream stores the file once whichever try got through
// (decision 0022). An answer from the server (a refusal: size, type, quota) is final.

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
/**
 * The wait for the answer once the file is sent: the app waits up to 60 s for the upstream and then
 * looks a lost answer up (decision 0022); past this the answer is taken as lost and the file sent again.
 */
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

/**
 * The one answer that is not the server's word on the file, so the file is sent again: 409, the
 * server still handles this file's earlier try. Every other status is final, a 5xx too: the app
 * answers 503 when the upstream gave no answer and none was found under the key (decision 0022).
 */
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

/**
 * POSTs `file` as the body to `url` with `headers` (the same on every try, the upload key among
 * them) until the server answers, or the line has been gone UPLOAD_RETRY_WINDOW_MS.
 */
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
  // A try that only knocks at a line still gone keeps saying 「接続を待っています」: the slot says it
  // is sending again once bytes go (or an answer comes).
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
