// Photos that fit a capped phone plan: with JavaScript a JPEG or PNG over 2,000 px or 1.5 MB is
// scaled in the browser before it is sent (long side 2,000 px, JPEG, its EXIF orientation applied and
// its metadata gone), the size before and after written beside the slot; a PDF or a small photo goes
// as chosen, and without JavaScript every file does (the server's limits as they are), a JPEG
// without its metadata but its orientation (the app blanks it on the way, decision 0034). The picker
// takes photos and PDFs (a phone offers its camera in it), and with JavaScript a camera control
// stands beside it. What was stored is read back from the reference upstream's data directory.

import { test as base, expect } from "./fixtures";
import { PHOTO_LONG_SIDE, PHOTO_MAX_BYTES, PhotoMessage } from "../../app/domain/upload-rules";
import { exifIfd0, pictureOf } from "../fixtures/jpeg";
import {
  type FilePayload,
  PHOTO_CAMERA_MODEL,
  jpegFacts,
  pdfFile,
  phonePhoto,
  pngFile,
  shownSize,
} from "./files";
import { storedFiles } from "./support-account";

const FRONT = "本人確認書類（表面）";

const test = base.extend<object, { photo: FilePayload }>({
  photo: [
    async ({ browser }, use) => use(await phonePhoto(browser, { width: 4000, height: 3000 })),
    { scope: "worker" },
  ],
});

test("a 4,000 × 3,000 phone photo is stored as a JPEG ≤ 1.5 MB, long side 2,000 px, upright and without its metadata; without JavaScript as chosen but for its metadata", async ({
  browser,
  uploadInto,
  newUserOnProfilePage,
  javaScript,
  photo,
}, testInfo) => {
  const email = await newUserOnProfilePage("photo");
  expect(jpegFacts(photo.buffer)).toEqual({ width: 4000, height: 3000, exif: true });
  const slot = await uploadInto(FRONT, photo);

  if (!javaScript) {
    await expect(slot.getByText(`アップロード済み：${photo.name}（`)).toBeVisible();
    const [stored] = storedFiles(email);
    expect(stored!.bytes.length, "the length as chosen").toBe(photo.buffer.length);
    expect(stored!.bytes.includes(PHOTO_CAMERA_MODEL), "the camera model is gone").toBe(false);
    expect([...exifIfd0(stored!.bytes)], "the EXIF block holds the orientation alone").toEqual([[0x0112, 6]]);
    expect(
      Buffer.from(pictureOf(stored!.bytes)).equals(Buffer.from(pictureOf(photo.buffer))),
      "the picture as chosen, byte for byte",
    ).toBe(true);
    // Shown upright, as the phone took it: orientation 6 turns the 4,000 × 3,000 frame.
    expect(await shownSize(browser, stored!.bytes)).toEqual({ width: 3000, height: 4000 });
    await expect(slot.getByText(/写真を縮小しました/)).toHaveCount(0);
    return;
  }

  await expect(slot.getByText("アップロード済み：IMG_0001.jpg（")).toBeVisible();
  const [stored] = storedFiles(email);
  const facts = jpegFacts(stored!.bytes);
  testInfo.annotations.push({
    type: "stored photo",
    description: `${photo.buffer.length} bytes 4000×3000 → ${stored!.bytes.length} bytes ${facts.width}×${facts.height}`,
  });
  expect(stored!.contentType).toBe("image/jpeg");
  expect(stored!.bytes.length).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
  // Orientation 6 turns the 4,000 × 3,000 frame upright: 1,500 wide, 2,000 high.
  expect(facts).toEqual({ width: 1500, height: PHOTO_LONG_SIDE, exif: false });
  expect(stored!.bytes.includes(PHOTO_CAMERA_MODEL), "the camera model is gone").toBe(false);
  await expect(slot.getByText(PhotoMessage.scaled(photo.buffer.length, stored!.bytes.length))).toBeVisible();
  await slot.screenshot({ path: `/tmp/photo-scaled-${testInfo.project.name}.png` });
});

test("a PDF and a small photo go as chosen, with no note", async ({ uploadInto, newUserOnProfilePage }) => {
  const email = await newUserOnProfilePage("small");
  const files = [pngFile("small.png"), pdfFile("scan.pdf")];
  for (const file of files) {
    const slot = await uploadInto(FRONT, file);
    await expect(slot.getByText(`アップロード済み：${file.name}（`)).toBeVisible();
    await expect(slot.getByText(/写真を縮小しました/)).toHaveCount(0);
  }
  const stored = storedFiles(email).map((file) => file.bytes);
  expect(stored.map((bytes, index) => bytes.equals(files[index]!.buffer))).toEqual([true, true]);
});

test("the picker takes photos and PDFs; with JavaScript a camera control stands beside it and its photo is stored", async ({
  page,
  newUserOnProfilePage,
  javaScript,
}, testInfo) => {
  const email = await newUserOnProfilePage("camera");
  const slot = page.locator(".upload-slot").filter({ has: page.getByLabel(FRONT, { exact: true }) });
  const picker = slot.getByLabel(FRONT, { exact: true });
  await expect(picker).toHaveAttribute("accept", "image/*,application/pdf");
  await expect(picker).not.toHaveAttribute("capture");
  const camera = slot.getByLabel(`${FRONT}：${PhotoMessage.camera}`);
  if (!javaScript) {
    // Without JavaScript the picker is the one input; a phone offers its camera in it (image/*).
    await expect(camera).toHaveCount(0);
    return;
  }
  await expect(camera).toHaveAttribute("capture", "environment");
  await expect(camera).toHaveAttribute("accept", "image/*");
  await expect(slot.getByText(PhotoMessage.camera, { exact: true })).toBeVisible();
  await expect(camera).toHaveAccessibleDescription(
    /PDF・JPEG・PNG 形式、1ファイル10MBまで.*長い辺を2,000ピクセルに縮小/,
  );
  await slot.screenshot({ path: `/tmp/photo-camera-${testInfo.project.name}.png` });

  await camera.setInputFiles(pngFile("camera.png"));
  await expect(slot.getByText("アップロード済み：camera.png（")).toBeVisible();
  expect(storedFiles(email).map((file) => file.name)).toEqual(["camera.png"]);
});
