// Server rendering: every document is rendered whole, then answered at once (decision 0018).
//
// Why not stream: no route defers data, so React's shell is already the whole page and streaming only
// cut it into 2 KB chunks, and the server's compression middleware flushes its Brotli stream after
// every chunk it is given (a flush per 2 KB of HTML: half of /mypage's throughput). One buffer is one
// write, one flush, and a Content-Length. Bots and browsers get the same answer, so isbot is not asked.

import { Writable } from "node:stream";
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, json } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { RequestIdProvider } from "~/components/request-id";
import { appConfig } from "~/request/config.server";
import { DEFAULT_CACHE_CONTROL, contentSecurityPolicy, createNonce } from "~/security/headers.server";
import { logError } from "~/telemetry/logger.server";
import { currentRequestScope } from "~/telemetry/request-scope.server";

const ABORT_DELAY_MS = 5_000;

/**
 * React 18.3.1's renderToPipeableStream writes its whole 2048-byte buffer when the next character
 * does not fit, so one to three zero bytes end such a chunk (facebook/react#24985 and #31134; the fix,
 * #26228, was never released for React 18). Japanese text hits it on most pages, and in an attribute
 * a browser turns the NUL into U+FFFD: a form's Japanese default value would come back corrupted.
 * HTML never carries a NUL, so the padding is cut from the end of each chunk before they are joined.
 */
function withoutChunkPadding(chunk: Buffer): Buffer {
  let end = chunk.length;
  while (end > 0 && chunk.length - end < 3 && chunk[end - 1] === 0) end -= 1;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/**
 * The whole HTML of `element` in one buffer, once everything is rendered (a suspended part waits at
 * most ABORT_DELAY_MS, then its fallback is sent). Rejects when the shell fails; `onError` hears every
 * rendering error, and whether the shell had been rendered by then.
 */
export function renderDocument(
  element: ReactElement,
  options: { nonce: string; onError: (error: unknown, afterShell: boolean) => void },
): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(withoutChunkPadding(chunk));
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        clearTimeout(timer);
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        options.onError(error, shellRendered);
      },
    });
    const timer = setTimeout(abort, ABORT_DELAY_MS);
  });
}

/**
 * The Retry-After the answering action or loader set (a 429, a 503). A document keeps only the
 * Set-Cookie of a route's headers unless the route exports `headers`; this keeps the one header every
 * refusal must carry, for every route at once.
 */
function retryAfterOf({ staticHandlerContext }: EntryContext): string | null {
  const { actionHeaders, loaderHeaders } = staticHandlerContext;
  for (const headers of [...Object.values(actionHeaders), ...Object.values(loaderHeaders)]) {
    const value = headers.get("Retry-After");
    if (value) return value;
  }
  return null;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  const html = await renderDocument(
    <NonceProvider value={nonce}>
      <RequestIdProvider value={currentRequestScope()?.id ?? ""}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
      </RequestIdProvider>
    </NonceProvider>,
    {
      nonce,
      onError(error, afterShell) {
        responseStatusCode = 500;
        // Errors in the shell reject renderDocument and Remix logs them; later ones are logged here.
        if (afterShell) logError(error, "rendering failed");
      },
    },
  );
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, appConfig().analyticsContainerId !== undefined),
  );
  // Pages show personal data: never cache them in shared caches.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", DEFAULT_CACHE_CONTROL);
  const retryAfter = retryAfterOf(remixContext);
  if (retryAfter && (responseStatusCode === 429 || responseStatusCode === 503)) {
    responseHeaders.set("Retry-After", retryAfter);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(html.length));
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/** Every error Remix meets, logged once with its stack and the request id; none for a client gone. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logError(error, "request failed");
};

/**
 * A data request (a page changed in the browser) that failed answers the error screen's data with
 * the request's id, as a document shows it. An exception becomes such an answer too (code 500):
 * Remix's own would reach the browser as a bare Error with no id.
 */
export async function handleDataRequest(response: Response): Promise<Response> {
  const requestId = currentRequestScope()?.id;
  if (!requestId) return response;
  if (response.headers.has("X-Remix-Error")) {
    return json({ code: 500, requestId }, { status: 500, headers: { "X-Remix-Catch": "yes" } });
  }
  const isJson = response.headers.get("Content-Type")?.startsWith("application/json") === true;
  if (!response.headers.has("X-Remix-Catch") || !isJson) return response;
  const data: unknown = await response.json();
  const withId =
    typeof data === "object" && data !== null && !Array.isArray(data) ? { ...data, requestId } : data;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return json(withId, { status: response.status, statusText: response.statusText, headers });
}
