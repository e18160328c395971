import { describe, expect, it } from "vitest";
import {
  PHOTO_MAX_BYTES,
  PhotoMessage,
  UPLOAD_RETRY_WINDOW_MS,
  photoScaling,
  uploadRetryDelay,
} from "~/domain/upload-rules";

const MB = 1024 * 1024;

describe("photoScaling: a JPEG or PNG over 2,000 px on its long side or over 1.5 MB is scaled, long side 2,000 px", () => {
  it("scales a 4,000 × 3,000 photo to 2,000 × 1,500", () => {
    expect(photoScaling({ type: "image/jpeg", bytes: 6 * MB, width: 4000, height: 3000 })).toEqual({
      width: 2000,
      height: 1500,
    });
  });

  it("keeps a portrait photo's proportions", () => {
    expect(photoScaling({ type: "image/png", bytes: 1000, width: 3000, height: 4000 })).toEqual({
      width: 1500,
      height: 2000,
    });
  });

  it("re-encodes a photo under 2,000 px that is over 1.5 MB, at its own size", () => {
    expect(
      photoScaling({ type: "image/jpeg", bytes: PHOTO_MAX_BYTES + 1, width: 1800, height: 1200 }),
    ).toEqual({
      width: 1800,
      height: 1200,
    });
  });

  it("leaves a small photo, one of exactly 2,000 px and 1.5 MB, and every PDF untouched", () => {
    expect(photoScaling({ type: "image/jpeg", bytes: 300_000, width: 1600, height: 1200 })).toBeNull();
    expect(photoScaling({ type: "image/png", bytes: PHOTO_MAX_BYTES, width: 2000, height: 900 })).toBeNull();
    expect(photoScaling({ type: "application/pdf", bytes: 8 * MB, width: 4000, height: 3000 })).toBeNull();
    expect(photoScaling({ type: "image/gif", bytes: 8 * MB, width: 4000, height: 3000 })).toBeNull();
  });
});

describe("the size before and after, beside the slot", () => {
  it("reads in the MB the limits are written in", () => {
    expect(PhotoMessage.scaled(6.2 * MB, 0.94 * MB)).toBe("写真を縮小しました：6.2 MB → 0.9 MB");
  });
});

describe("uploadRetryDelay: a cut-off upload is retried with a growing wait for at least 60 s", () => {
  it("waits longer each time, up to a ceiling", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map(uploadRetryDelay);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });

  it("keeps trying for at least a minute", () => {
    expect(UPLOAD_RETRY_WINDOW_MS).toBeGreaterThanOrEqual(60_000);
  });
});
