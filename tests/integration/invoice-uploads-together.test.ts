// Uploads started together (JavaScript on, several slots chosen within 0.3 s) all
// end linked to their claims in the draft. The invoice step's action is called directly, as Remix
// calls it, five times against the in-process reference upstream, as the page sends them: three at
// once, the others as each ends (upload-lanes.ts; a person's fourth at once is refused, decision 0021).

import { describe, expect, it } from "vitest";
import { action } from "~/routes/_entry.entry_.entry_invoice/route";
import { claimUploadSlot } from "~/domain/file-kinds";
import { uploadLanes } from "~/forms/upload-lanes";
import { useTestUpstream } from "./reference-upstream/harness";
import { createUserWithSession } from "./reference-upstream/entry-fixtures";
import { appCookie, streamedUpload } from "./app-requests";
import { callRoute } from "../fixtures/call-route";

const upstream = useTestUpstream();

const PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

/** A slot's upload with JavaScript on: the file streamed as the body, its slot and kind in headers. */
function slotUpload(cookie: string, base: "invoice" | "additional_doc", claim: number): Promise<Response> {
  const request = streamedUpload(
    "/entry/entry_invoice",
    cookie,
    { slot: claimUploadSlot(base, claim), kind: `${base}-${claim}`, fileName: `${base}-${claim}.pdf` },
    new TextEncoder().encode(PDF),
  );
  return callRoute(action, request);
}

describe("invoice step: uploads started together", () => {
  it("five uploads posted at once all end linked to their claims in the draft", async () => {
    const browser = createUserWithSession(upstream);
    const claims = [1, 2, 3].map(() => ({ contentfile_relations: [] }));
    expect((await browser.patch("/api/draft_entry/", { claims })).status).toBe(200);
    const cookie = await appCookie(browser);

    const posts: ["invoice" | "additional_doc", number][] = [
      ["invoice", 1],
      ["additional_doc", 1],
      ["invoice", 2],
      ["additional_doc", 2],
      ["invoice", 3],
    ];
    const lanes = uploadLanes();
    const responses = await Promise.all(
      posts.map(([base, claim]) => lanes.run(() => slotUpload(cookie, base, claim))),
    );
    expect(responses.map((response) => response.status)).toEqual([302, 302, 302, 302, 302]);

    const uploads = (await browser.get("/api/uploads/")).body as { id: number; kind: string }[];
    expect(uploads).toHaveLength(5);
    const draft = (await browser.get("/api/draft_entry/")).body as {
      claims: { contentfile_relations: number[] }[];
    };
    const linked = draft.claims.flatMap((claim) => claim.contentfile_relations).sort((a, b) => a - b);
    expect(linked).toEqual(uploads.map((upload) => upload.id).sort((a, b) => a - b));
    for (const upload of uploads) {
      const claim = Number(upload.kind.split("-")[1]);
      expect(draft.claims[claim - 1]!.contentfile_relations).toContain(upload.id);
    }
  });
});
