// No location is kept (decision 0034): a phone's JPEG sent through the app, with JavaScript (the slot's
// file streamed through) and without (a page's multipart form, spooled), is stored by the reference
// upstream without its EXIF camera and GPS, XMP, IPTC or comment, keeping only its orientation; its
// image (first scan to end of image), JFIF, ICC profile and Adobe segment are byte for byte what was
// sent, and its length too, so the 10 MiB limit reads the file as the person chose it.

import { describe, expect, it } from "vitest";
import { claimUploadSlot, uploadFieldName } from "~/domain/file-kinds";
import { MAX_UPLOAD_BYTES, UploadRuleMessage } from "~/domain/upload-rules";
import { stepUploadFileField, stepUploadIntent } from "~/forms/step-upload";
import { action as invoiceAction } from "~/routes/_entry.entry_.entry_invoice/route";
import { action as profileAction } from "~/routes/_mypage.profile";
import {
  PHOTO_SECRETS,
  exifIfd0,
  gpsLatitudeBytes,
  holds,
  type PhoneJpegOptions,
  phoneJpeg,
  phonePicture,
  pictureOf,
} from "../fixtures/jpeg";
import { APP_ORIGIN, applicantWithOneClaim, failureOf, streamedUpload } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import { useTestUpstream } from "./reference-upstream/harness";
import type { UserClient } from "./reference-upstream/entry-fixtures";

const upstream = useTestUpstream();
const INVOICE_SLOT = claimUploadSlot("invoice", 1);
const FRONT = { slot: "identity-front", kind: "identity", side: "front" } as const;

type Send = (cookie: string, jpeg: Uint8Array<ArrayBuffer>) => Promise<Response>;

/** With JavaScript: the photo streamed into claim 1's invoice slot (upload-slot.tsx). */
const withScripts: Send = (cookie, jpeg) =>
  callRoute(
    invoiceAction,
    streamedUpload(
      "/entry/entry_invoice",
      cookie,
      { slot: INVOICE_SLOT, kind: "invoice-1", fileName: "IMG_0001.jpg" },
      jpeg,
    ),
  );

/** Without JavaScript: the invoice slot's own form (a slot outside a step form). */
const invoiceFormWithoutScripts: Send = (cookie, jpeg) => {
  const form = new FormData();
  form.append("intent", "upload");
  form.append("slot", INVOICE_SLOT);
  form.append("kind", "invoice-1");
  form.append("content", new Blob([jpeg], { type: "image/jpeg" }), "IMG_0001.jpg");
  const request = new Request(`${APP_ORIGIN}/entry/entry_invoice`, {
    method: "POST",
    headers: { Origin: APP_ORIGIN, Cookie: cookie },
    body: form,
  });
  return callRoute(invoiceAction, request);
};

/** Without JavaScript: the profile's form posted by the front identity slot's button, with the photo. */
const profileFormWithoutScripts: Send = (cookie, jpeg) => {
  const form = new FormData();
  form.append("last_name", "山田");
  form.append("intent", stepUploadIntent(FRONT));
  form.append(stepUploadFileField(FRONT), new Blob([jpeg], { type: "image/jpeg" }), "免許証.jpg");
  const request = new Request(`${APP_ORIGIN}/profile`, {
    method: "POST",
    headers: { Origin: APP_ORIGIN, Cookie: cookie },
    body: form,
  });
  return callRoute(profileAction, request);
};

/** The bytes the upstream keeps of each of the person's files, oldest first. */
async function storedBytes(browser: UserClient): Promise<Uint8Array[]> {
  const uploads = (await browser.get("/api/uploads/")).body as { id: number }[];
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return Promise.all(
    uploads
      .sort((a, b) => a.id - b.id)
      .map(async ({ id }) => {
        const content = await fetch(new URL(`/api/uploads/${id}/content/`, upstream.url), {
          headers: { Cookie: cookie },
        });
        expect(content.status).toBe(200);
        return new Uint8Array(await content.arrayBuffer());
      }),
  );
}

/** What a stored photo must be: no metadata but its orientation, the picture and its colours as sent. */
function expectStrippedOf(stored: Uint8Array, sent: Uint8Array, options: PhoneJpegOptions): void {
  expect(stored.length, "the length as sent").toBe(sent.length);
  for (const [what, secret] of Object.entries(PHOTO_SECRETS)) {
    expect(holds(stored, secret), `${what} is gone`).toBe(false);
  }
  expect(holds(stored, gpsLatitudeBytes()), "the EXIF GPS latitude is gone").toBe(false);
  expect(holds(stored, "http://ns.adobe.com/xap/1.0/"), "no XMP block").toBe(false);
  expect(holds(stored, "Photoshop 3.0"), "no IPTC block").toBe(false);
  // The EXIF block that is left says only how to turn the picture (orientation 6: a quarter clockwise).
  expect([...exifIfd0(stored)]).toEqual([[0x0112, 6]]);
  // JFIF, the ICC profile and Adobe's segment are part of it: what the picture's colours depend on.
  expect(
    Buffer.from(pictureOf(stored)).equals(Buffer.from(phonePicture(options))),
    "the picture (tables, frame, scans, end of image), byte for byte",
  ).toBe(true);
}

describe("a phone's photo is stored without where it was taken (decision 0034)", () => {
  it.each([
    ["with JavaScript (the slot's file streamed through)", withScripts, 302],
    ["without JavaScript (the invoice slot's form, spooled)", invoiceFormWithoutScripts, 302],
    // The profile page answers in place, the form as typed and the slot's file listed.
    ["without JavaScript (the profile's form, an identity photo)", profileFormWithoutScripts, 200],
  ])(
    "%s: no EXIF GPS, XMP, IPTC or comment; orientation, colours and the image as sent",
    async (_, send, status) => {
      const { browser, cookie } = await applicantWithOneClaim(upstream);
      const options = { orientation: 6, progressive: true, trailer: true };
      const photo = phoneJpeg(options);
      expect(holds(photo, gpsLatitudeBytes()) && holds(photo, PHOTO_SECRETS.xmpLocation)).toBe(true);

      const answer = await send(cookie, photo);
      expect(answer.status, await answer.clone().text()).toBe(status);

      const [stored] = await storedBytes(browser);
      expectStrippedOf(stored!, photo, options);
    },
  );

  it("a photo of exactly 10 MiB is stored whole; one byte more is refused with 「ファイルサイズは10MBまでです。」, with or without JavaScript", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    const overhead = phoneJpeg({ scanBytes: 0 }).length;
    const options = { scanBytes: MAX_UPLOAD_BYTES - overhead };
    const exact = phoneJpeg(options);
    expect(exact.length).toBe(MAX_UPLOAD_BYTES);
    const over = phoneJpeg({ scanBytes: MAX_UPLOAD_BYTES - overhead + 1 });

    const refused = await withScripts(cookie, over);
    expect(refused.status).toBe(413);
    expect((await failureOf(refused)).fieldErrors).toEqual({
      [uploadFieldName(INVOICE_SLOT)]: `アップロードエラー (${UploadRuleMessage.tooLarge})`,
    });
    const refusedWithoutScripts = await invoiceFormWithoutScripts(cookie, over);
    expect(refusedWithoutScripts.status).toBeGreaterThanOrEqual(400);
    expect(refusedWithoutScripts.status).toBeLessThan(500);
    expect(await storedBytes(browser)).toEqual([]);

    expect((await withScripts(cookie, exact)).status).toBe(302);
    const [stored] = await storedBytes(browser);
    expectStrippedOf(stored!, exact, options);
  });

  it("a JPEG cut short, or JPEG's first bytes followed by no JPEG at all, is stored at its length as sent, never a 5xx", async () => {
    const { browser, cookie } = await applicantWithOneClaim(upstream);
    const photo = phoneJpeg();
    // Cut inside the EXIF block, just after the camera's name
    const model = Buffer.from(photo).indexOf(PHOTO_SECRETS.cameraModel);
    const cut = photo.slice(0, model + PHOTO_SECRETS.cameraModel.length);
    expect(holds(cut, PHOTO_SECRETS.cameraModel)).toBe(true);
    const garbage = new Uint8Array(50_000).map((_, index) => (index * 2654435761) >>> 24);
    garbage.set([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01]); // a segment length that cannot be

    expect((await withScripts(cookie, cut)).status).toBe(302);
    expect((await invoiceFormWithoutScripts(cookie, garbage)).status).toBe(302);

    const [storedCut, storedGarbage] = await storedBytes(browser);
    expect(storedCut!.length).toBe(cut.length);
    expect(holds(storedCut!, PHOTO_SECRETS.cameraModel), "what was there of the EXIF block is gone").toBe(
      false,
    );
    expect(Buffer.from(storedGarbage!).equals(Buffer.from(garbage)), "no JPEG to strip: as sent").toBe(true);
  });
});
