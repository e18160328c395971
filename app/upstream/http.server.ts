// One HTTP exchange with the upstream over node:http(s). Not the global fetch: the server replaces
// it with a polyfill when single fetch is off, and node:http streams uploads with flat memory.

import http from "node:http";
import https from "node:https";
import { pipeline } from "node:stream/promises";
import { REQUEST_ID_HEADER } from "~/domain/request-id";
import { httpClientDuration, uploadBytes } from "~/telemetry/metrics.server";
import { currentRequestScope } from "~/telemetry/request-scope.server";
import { urlTemplateOf } from "./url-template.server";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RawRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** Never chunked: Django reads a chunked body as empty (docs/REFERENCE.md). */
  body?: Buffer | AsyncIterable<Uint8Array>;
  /** Counted from the last byte sent: a streamed upload is charged only for the upstream's wait (decision 0016). */
  timeoutMs: number;
}

export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export class TransportError extends Error {}

export class TransportTimeoutError extends TransportError {}

// A broken upstream, not a lost answer; the read stops there, so the app's memory never fills.
export class ResponseTooLargeError extends Error {
  constructor(readonly status: number) {
    super(`a ${status} answer larger than ${MAX_RESPONSE_BYTES} bytes`);
  }
}

export async function sendRequest(request: RawRequest): Promise<RawResponse> {
  const scope = currentRequestScope();
  const headers = scope ? { ...request.headers, [REQUEST_ID_HEADER]: scope.id } : request.headers;
  const labels = { http_request_method: request.method, url_template: urlTemplateOf(request.url.pathname) };
  const started = performance.now();
  const onBytes = (count: number) => {
    uploadBytes.inc(count);
    if (scope) scope.bytesIn += count;
  };
  try {
    const response = await exchange({ ...request, headers }, onBytes);
    httpClientDuration.observe(
      { ...labels, http_response_status_code: String(response.status), error_type: "" },
      (performance.now() - started) / 1000,
    );
    return response;
  } catch (error) {
    httpClientDuration.observe(
      { ...labels, http_response_status_code: "", error_type: errorTypeOf(error) },
      (performance.now() - started) / 1000,
    );
    throw error;
  } finally {
    if (scope) {
      scope.upstreamCalls += 1;
      scope.upstreamMs += performance.now() - started;
    }
  }
}

function errorTypeOf(error: unknown): string {
  if (error instanceof ResponseTooLargeError) return "response_too_large";
  if (error instanceof TransportTimeoutError) return "timeout";
  return "connection";
}

function exchange(request: RawRequest, onBytes: (count: number) => void): Promise<RawResponse> {
  const transport = request.url.protocol === "https:" ? https : http;
  return new Promise<RawResponse>((resolve, reject) => {
    const outgoing = transport.request(request.url, { method: request.method, headers: request.headers });
    const expire = () => {
      outgoing.destroy(new TransportTimeoutError(`upstream timed out after ${request.timeoutMs} ms`));
    };
    let timer = setTimeout(expire, request.timeoutMs);
    let settled = false;
    const fail = (error: unknown) => {
      settled = true;
      clearTimeout(timer);
      reject(
        error instanceof TransportError || error instanceof ResponseTooLargeError
          ? error
          : new TransportError(error instanceof Error ? error.message : String(error)),
      );
    };
    outgoing.on("error", fail);
    outgoing.on("response", (incoming) => {
      const status = incoming.statusCode ?? 0;
      if (Number(incoming.headers["content-length"] ?? 0) > MAX_RESPONSE_BYTES) {
        outgoing.destroy(new ResponseTooLargeError(status));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          chunks.length = 0;
          outgoing.destroy(new ResponseTooLargeError(status));
          return;
        }
        chunks.push(chunk);
      });
      incoming.on("error", fail);
      incoming.on("end", () => {
        settled = true;
        clearTimeout(timer);
        resolve({ status, headers: incoming.headers, body: Buffer.concat(chunks) });
      });
    });
    if (request.body === undefined) {
      outgoing.end();
    } else if (Buffer.isBuffer(request.body)) {
      outgoing.end(request.body);
    } else {
      const body = request.body;
      // pipeline writes an async iterable with backpressure; the timer restarts with each piece.
      const restartingTimer = async function* () {
        for await (const chunk of body) {
          onBytes(chunk.length);
          if (!settled) {
            clearTimeout(timer);
            timer = setTimeout(expire, request.timeoutMs);
          }
          yield chunk;
        }
      };
      pipeline(restartingTimer, outgoing).catch(fail);
    }
  });
}
