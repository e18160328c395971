// Files a person would upload: a real (tiny) PDF and PNG, a renamed executable, one over the limit.

import type { Browser } from "@playwright/test";
import type { FilePayload } from "../../reference-upstream/demo/sample-files";

export { type FilePayload, pdfFile, pngFile } from "../../reference-upstream/demo/sample-files";

/** A Windows executable renamed to look like a PDF. */
export function renamedExecutable(name = "invoice.pdf"): FilePayload {
  return {
    name,
    mimeType: "application/pdf",
    buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(2048, 0x90)]),
  };
}

/** Text saved under a PDF's name: the name says PDF, the bytes do not. */
export function textAsPdf(name = "請求書.pdf"): FilePayload {
  return {
    name,
    mimeType: "application/pdf",
    buffer: Buffer.from("請求書 2026年11月分\n金額 1,100,000円\n"),
  };
}

/** A PDF of 11 MiB: over one file's limit and one file's request, read past in a page's form. */
export function oversizePdf(name = "large.pdf"): FilePayload {
  const buffer = Buffer.alloc(11 * 1024 * 1024, 0x20);
  buffer.write("%PDF-1.4\n");
  return { name, mimeType: "application/pdf", buffer };
}

/** A PDF of 41 MiB: past what a page's form may bring (40 MiB and the form), refused unread (413). */
export function pastReadBoundPdf(name = "huge.pdf"): FilePayload {
  const buffer = Buffer.alloc(41 * 1024 * 1024, 0x20);
  buffer.write("%PDF-1.4\n");
  return { name, mimeType: "application/pdf", buffer };
}

/** A PDF one byte over the 10 MiB limit: the request stays under the cap, the file is refused. */
export function justOverLimitPdf(name = "just-over.pdf"): FilePayload {
  const buffer = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
  buffer.write("%PDF-1.4\n");
  return { name, mimeType: "application/pdf", buffer };
}

/**
 * A phone's photo of a document: `width` × `height` pixels as the sensor took them, JPEG (≈3.8 MB for
 * 4,000 × 3,000), with an EXIF block saying it is shown turned a quarter clockwise (orientation 6, a
 * phone held upright) and naming the camera. Drawn by Chromium's canvas (`browser`'s own page), so
 * nothing is downloaded.
 */
export async function phonePhoto(
  browser: Browser,
  { width, height, name = "IMG_0001.jpg" }: { width: number; height: number; name?: string },
): Promise<FilePayload> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    const base64 = await page.evaluate(
      async ([w, h]) => {
        const canvas = document.createElement("canvas");
        canvas.width = w!;
        canvas.height = h!;
        const c = canvas.getContext("2d")!;
        const light = c.createLinearGradient(0, 0, w!, h!);
        light.addColorStop(0, "#c8d8e8");
        light.addColorStop(1, "#f4e4c8");
        c.fillStyle = light;
        c.fillRect(0, 0, w!, h!);
        // A sheet of paper with lines of text on it, and the grain a phone's sensor adds.
        c.fillStyle = "#fdfdf8";
        c.fillRect(w! / 8, h! / 10, (w! * 3) / 4, (h! * 4) / 5);
        c.fillStyle = "#223";
        for (let y = h! / 10 + 150; y < (h! * 9) / 10 - 100; y += 60)
          for (let x = w! / 8 + 100; x < (w! * 7) / 8 - 100; x += 36)
            if ((x * 7 + y * 3) % 11 > 2) c.fillRect(x, y, 24, 30);
        const image = c.getImageData(0, 0, w!, h!);
        let seed = 1;
        for (let i = 0; i < image.data.length; i += 4) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const grain = (seed % 25) - 12;
          image.data[i]! += grain;
          image.data[i + 1]! += grain;
          image.data[i + 2]! += grain;
        }
        c.putImageData(image, 0, 0);
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
        const bytes = new Uint8Array(await blob!.arrayBuffer());
        let text = "";
        for (let i = 0; i < bytes.length; i += 0x8000)
          text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
      },
      [width, height],
    );
    const jpeg = Buffer.from(base64, "base64");
    return { name, mimeType: "image/jpeg", buffer: withExif(jpeg) };
  } finally {
    await context.close();
  }
}

/** The size Chromium shows a JPEG at, as an <img> lays it out: its EXIF orientation applied. */
export async function shownSize(browser: Browser, jpeg: Buffer): Promise<{ width: number; height: number }> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    return await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/jpeg;base64,${base64}`;
      await image.decode();
      return { width: image.naturalWidth, height: image.naturalHeight };
    }, jpeg.toString("base64"));
  } finally {
    await context.close();
  }
}

/** EXIF's camera model in phonePhoto: metadata the stored photo must no longer carry. */
export const PHOTO_CAMERA_MODEL = "SakidoriPhone";

/** `jpeg` with an APP1 EXIF block after its start: orientation 6 and the camera model. */
function withExif(jpeg: Buffer): Buffer {
  const model = Buffer.from(`${PHOTO_CAMERA_MODEL}\0`, "ascii");
  // TIFF header (big-endian), IFD0 with two entries, the model's text after the IFD.
  const ifdStart = 8;
  const entries = 2;
  const modelOffset = ifdStart + 2 + entries * 12 + 4;
  const tiff = Buffer.alloc(modelOffset + model.length);
  tiff.write("MM", 0, "ascii");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(ifdStart, 4);
  tiff.writeUInt16BE(entries, ifdStart);
  // 0x0110 Model, ASCII
  tiff.writeUInt16BE(0x0110, ifdStart + 2);
  tiff.writeUInt16BE(2, ifdStart + 4);
  tiff.writeUInt32BE(model.length, ifdStart + 6);
  tiff.writeUInt32BE(modelOffset, ifdStart + 10);
  // 0x0112 Orientation, SHORT, 6: turn a quarter clockwise to show
  tiff.writeUInt16BE(0x0112, ifdStart + 14);
  tiff.writeUInt16BE(3, ifdStart + 16);
  tiff.writeUInt32BE(1, ifdStart + 18);
  tiff.writeUInt16BE(6, ifdStart + 22);
  model.copy(tiff, modelOffset);
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "ascii"), tiff]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** A JPEG's size in pixels (its frame header) and whether it carries an EXIF block. */
export function jpegFacts(jpeg: Buffer): { width: number; height: number; exif: boolean } {
  if (jpeg.readUInt16BE(0) !== 0xffd8) throw new Error("not a JPEG");
  let exif = false;
  let offset = 2;
  while (offset + 4 <= jpeg.length) {
    const marker = jpeg.readUInt16BE(offset);
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker === 0xffe1 && jpeg.subarray(offset + 4, offset + 10).toString("latin1") === "Exif\0\0")
      exif = true;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
      return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7), exif };
    }
    offset += 2 + length;
  }
  throw new Error("no frame header");
}
