// An incoming request id is kept only as a short token, safe in a log line, a header and a page.

export const REQUEST_ID_HEADER = "X-Request-ID";
const TOKEN = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFrom(sent: string | string[] | null | undefined): string {
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value && TOKEN.test(value) ? value : globalThis.crypto.randomUUID();
}
