// A large photo scaled and turned upright on a canvas before it is sent (decision 0028); the canvas
// keeps only pixels, so location and other metadata are gone.

import { PHOTO_JPEG_QUALITIES, PHOTO_LONG_SIDE, PHOTO_MAX_BYTES, photoScaling } from "~/domain/upload-rules";

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/** The photo's name as a JPEG: its extension is .jpg now. */
function jpegName(name: string): string {
  const stem = name.replace(/\.[^./\\]*$/, "");
  return `${stem || "photo"}.jpg`;
}

/** The photo to send instead, or null to send `file` as chosen (PDF, small, undecodable). */
export async function scaledPhoto(file: File): Promise<File | null> {
  if (file.type !== "image/jpeg" && file.type !== "image/png") return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const size = photoScaling({
      type: file.type,
      bytes: file.size,
      width: bitmap.width,
      height: bitmap.height,
    });
    if (!size) return null;
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return null;
    // A PNG's transparent parts become white, as on paper (JPEG has no transparency).
    context.fillStyle = "#fff";
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    let encoded: Blob | null = null;
    for (const quality of PHOTO_JPEG_QUALITIES) {
      encoded = await encode(canvas, quality);
      if (!encoded || encoded.size <= PHOTO_MAX_BYTES) break;
    }
    if (!encoded) return null;
    // A photo already within the long side that would not get smaller goes as chosen.
    const longSide = Math.max(bitmap.width, bitmap.height);
    if (longSide <= PHOTO_LONG_SIDE && encoded.size >= file.size) return null;
    return new File([encoded], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
