// Plain HTTP requests from a chosen loopback address, for what a browser cannot do: be another client
// address (the one the rate limits count), as a second machine or an attacker elsewhere would.

import http from "node:http";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as it came over the line (not decoded). */
  bytes: Buffer;
}

/** One HTTP request from a chosen loopback address (the client address the rate limit counts). */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.from ?? "127.0.0.1",
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: bytes.toString(),
            bytes,
          });
        });
      },
    );
    request.on("error", reject);
    if (options.body !== undefined) request.setHeader("Content-Length", Buffer.byteLength(options.body));
    request.end(options.body);
  });
}
