import { describe, expect, it } from "vitest";
import {
  MAX_FILES_PER_SLOT,
  MAX_SLOT_BYTES,
  PHOTO_MAX_BYTES,
  PhotoMessage,
  UPLOAD_RETRY_WINDOW_MS,
  UploadRuleMessage,
  fileSizeText,
  photoScaling,
  slotRefusal,
  takesSeveralFiles,
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

describe("a slot's list of files (decision 0035): 10 files and 50 MB at most, identity one file per side", () => {
  const file = (size: number) => ({ size });

  it("states its limits next to the picker", () => {
    expect(UploadRuleMessage.slotLimits).toContain("10ファイルまで・合計50MBまで");
  });

  it("takes several files in every slot but identity's", () => {
    for (const kind of ["passbook_details-1", "ib_details-3", "tax_returns", "pl", "invoice-2"]) {
      expect(takesSeveralFiles(kind)).toBe(true);
    }
    expect(takesSeveralFiles("identity")).toBe(false);
  });

  it("takes a tenth file and refuses an eleventh", () => {
    expect(
      slotRefusal(
        Array.from({ length: 9 }, () => file(1000)),
        1000,
      ),
    ).toBeNull();
    expect(
      slotRefusal(
        Array.from({ length: 10 }, () => file(1000)),
        1000,
      ),
    ).toBe("この欄に登録できるファイルは10個までです。不要なファイルを削除してから追加してください。");
  });

  it("takes exactly 50 MB in all and refuses one byte more", () => {
    const kept = [file(MAX_SLOT_BYTES - 10 * MB), file(5 * MB)];
    expect(slotRefusal(kept, 5 * MB)).toBeNull();
    expect(slotRefusal(kept, 5 * MB + 1)).toBe(
      "この欄に登録できるファイルは合計50MBまでです。不要なファイルを削除してから追加してください。",
    );
    expect(MAX_FILES_PER_SLOT).toBe(10);
  });

  it("shows a file's size in KB under 1 MB and in MB above", () => {
    expect(fileSizeText(300)).toBe("1 KB");
    expect(fileSizeText(850 * 1024)).toBe("850 KB");
    expect(fileSizeText(3.2 * MB)).toBe("3.2 MB");
  });
});
