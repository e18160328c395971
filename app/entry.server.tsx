// Server rendering: bots get the whole document at once, browsers a stream.

import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { appConfig } from "~/request/config.server";
import { DEFAULT_CACHE_CONTROL, contentSecurityPolicy, createNonce } from "~/security/headers.server";

const ABORT_DELAY_MS = 5_000;

/**
 * React 18.3.1's renderToPipeableStream writes its whole 2048-byte buffer when the next character
 * does not fit, so one to three zero bytes end such a chunk (facebook/react#24985 and #31134; the fix,
 * #26228, was never released for React 18). Japanese text hits it on most pages, and in an attribute
 * a browser turns the NUL into U+FFFD: a form's Japanese default value would come back corrupted.
 * HTML never carries a NUL, so the padding is cut from the end of each chunk.
 */
function withoutChunkPadding(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let end = chunk.length;
      while (end > 0 && chunk.length - end < 3 && chunk[end - 1] === 0) end -= 1;
      callback(null, end === chunk.length ? chunk : chunk.subarray(0, end));
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, appConfig().analyticsContainerId !== undefined),
  );
  // Pages show personal data: never cache them in shared caches.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", DEFAULT_CACHE_CONTROL);
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = withoutChunkPadding();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; before it they reject above.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS);
  });
}
