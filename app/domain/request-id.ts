// A request id a client or a proxy sent is kept only when it is a short token, so it can be written
// into a log line, a header and a page without escaping; anything else gets a new id.

export const REQUEST_ID_HEADER = "X-Request-ID";
const TOKEN = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFrom(sent: string | string[] | null | undefined): string {
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value && TOKEN.test(value) ? value : globalThis.crypto.randomUUID();
}
