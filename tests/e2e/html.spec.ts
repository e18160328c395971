// The HTML the server sends is clean: React 18's streaming renderer pads some chunks with NUL bytes
// when Japanese text meets its buffer's end (app/entry.server.tsx strips them).

import { expect, test } from "./fixtures";

const PAGES = ["/", "/terms", "/policy/privacy", "/policy/security", "/legal/sct", "/register", "/login"];

test("no page carries a NUL byte, however its Japanese text falls on the stream's chunks", async ({
  request,
}) => {
  for (const page of PAGES) {
    const body = await (await request.get(page)).body();
    expect(body.indexOf(0), `${page} has a NUL byte`).toBe(-1);
    expect(body.toString("utf8"), page).not.toContain("\uFFFD");
  }
});
