// Every document is rendered whole, then answered at once with a Content-Length (decision 0018).

import { Writable } from "node:stream";
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, json } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { RequestIdProvider } from "~/components/request-id";
import { appConfig } from "~/settings/config.server";
import { refusalScreenData } from "~/request/context.server";
import { DEFAULT_CACHE_CONTROL, contentSecurityPolicy, createNonce } from "~/security/headers.server";
import { logError } from "~/telemetry/logger.server";
import { currentRequestScope } from "~/telemetry/request-scope.server";
import { DATA_CATCH_HEADER, DATA_ERROR_HEADER } from "~/runtime/remix-internals";

const ABORT_DELAY_MS = 5_000;

/**
 * React 18.3.1 pads a chunk with NUL bytes when Japanese text meets its buffer's end (facebook/react#24985,
 * fix never released for 18); HTML never carries a NUL, so it is cut.
 */
function withoutChunkPadding(chunk: Buffer): Buffer {
  let end = chunk.length;
  while (end > 0 && chunk.length - end < 3 && chunk[end - 1] === 0) end -= 1;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/** The whole HTML in one buffer; a suspended part waits at most ABORT_DELAY_MS for its fallback. */
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

/** A document keeps a route's Retry-After (429, 503) without every route exporting `headers`. */
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
 * A failed data request answers the error screen's data with the request id (Remix's has none). The
 * router's own refusal keeps its 4xx: 403 "route does not match URL" (a `?_data=` naming none of the
 * address's routes) is the 404 it means, 400 a route without data; anything else was an exception.
 */
export async function handleDataRequest(response: Response): Promise<Response> {
  const requestId = currentRequestScope()?.id;
  if (!requestId) return response;
  if (response.headers.has(DATA_ERROR_HEADER)) {
    const refused = response.status >= 400 && response.status <= 499;
    const status = !refused ? 500 : response.status === 403 ? 404 : response.status;
    const data = refused ? refusalScreenData(status) : { code: 500 };
    return json({ ...data, requestId }, { status, headers: { [DATA_CATCH_HEADER]: "yes" } });
  }
  const isJson = response.headers.get("Content-Type")?.startsWith("application/json") === true;
  if (!response.headers.has(DATA_CATCH_HEADER) || !isJson) return response;
  const data: unknown = await response.json();
  const withId =
    typeof data === "object" && data !== null && !Array.isArray(data) ? { ...data, requestId } : data;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return json(withId, { status: response.status, statusText: response.statusText, headers });
}
