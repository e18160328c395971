import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JpegMetadataStripper, withoutJpegMetadata } from "~/domain/jpeg-metadata";
import {
  PHOTO_SECRETS,
  exifIfd0,
  exifSegment,
  gpsLatitudeBytes,
  holds,
  phoneJpeg,
  phonePicture,
  pictureOf,
  segment,
  segmentsBeforeScan,
} from "../../fixtures/jpeg";

/** The stripper's output for `chunks` fed one after another, joined. */
function stripped(...chunks: Uint8Array[]): Buffer {
  const stripper = new JpegMetadataStripper();
  const out = chunks.flatMap((chunk) => stripper.push(chunk));
  return Buffer.concat([...out, ...stripper.end()]);
}

/** Every byte on its own: each chunk boundary the stripper can meet. */
const byteByByte = (jpeg: Uint8Array) => stripped(...Array.from(jpeg, (byte) => Uint8Array.of(byte)));

const SMALL = { scanBytes: 6_000 };
const jpegOf = (...parts: Uint8Array[]) => Buffer.concat([Uint8Array.of(0xff, 0xd8), ...parts]);
const EOI = Uint8Array.of(0xff, 0xd9);
const SOS_AND_SCAN = Buffer.concat([
  segment(0xda, Uint8Array.of(1, 1, 0x00, 0, 63, 0)),
  Uint8Array.of(0x12, 0xff, 0x00, 0x34),
]);

describe("a JPEG's metadata is blanked as it passes, length for length (decision 0034)", () => {
  it.each([
    ["a baseline photo", { orientation: 6 }],
    ["a progressive photo with XMP and a comment between its scans", { orientation: 3, progressive: true }],
    ["a photo whose EXIF block is little-endian", { orientation: 8, littleEndianExif: true }],
  ])(
    "%s: no camera, GPS, XMP, IPTC or comment is left; the orientation, colours and picture are",
    (_, options) => {
      const photo = phoneJpeg({ ...SMALL, ...options });
      const out = stripped(photo);
      expect(out.length).toBe(photo.length);
      for (const [what, secret] of Object.entries(PHOTO_SECRETS)) {
        expect(holds(out, secret), `${what} is gone`).toBe(false);
      }
      expect(holds(out, gpsLatitudeBytes()), "the GPS latitude is gone").toBe(false);
      expect([...exifIfd0(out)]).toEqual([[0x0112, options.orientation]]);
      expect(Buffer.from(pictureOf(out)).equals(phonePicture({ ...SMALL, ...options }))).toBe(true);
    },
  );

  it("every segment stays where it was: the blanked ones are comments of their own length that say nothing", () => {
    const photo = phoneJpeg(SMALL);
    const out = stripped(photo);
    const before = segmentsBeforeScan(photo);
    const after = segmentsBeforeScan(out);
    const offsets = (segments: typeof before) => segments.map((found) => found.offset);
    // The EXIF block is now a blank comment and, in its last 36 bytes, the orientation alone.
    const exifEnd = before[2]!.offset;
    expect(offsets(after)).toEqual([
      ...offsets(before).slice(0, 2),
      exifEnd - 36,
      ...offsets(before).slice(2),
    ]);
    const markers = (segments: typeof before) => segments.map((found) => found.marker.toString(16));
    expect(markers(before)).toEqual(["e0", "e1", "e1", "e2", "ed", "ee", "fe", "db", "c0", "c4", "dd", "da"]);
    expect(markers(after)).toEqual([
      "e0",
      "fe",
      "e1",
      "fe",
      "e2",
      "fe",
      "ee",
      "fe",
      "db",
      "c0",
      "c4",
      "dd",
      "da",
    ]);
    for (const blank of after.filter((found) => found.marker === 0xfe)) {
      expect(blank.payload.every((byte) => byte === 0)).toBe(true);
    }
  });

  it("an upright photo, or one whose EXIF says no orientation, keeps no EXIF block at all", () => {
    for (const orientation of [1, null]) {
      const out = stripped(phoneJpeg({ ...SMALL, orientation }));
      expect(exifIfd0(out).size, `orientation ${orientation}`).toBe(0);
      expect(segmentsBeforeScan(out).some((found) => found.marker === 0xe1)).toBe(false);
    }
  });

  it("only the first EXIF block's orientation is kept, as a viewer reads only that one", () => {
    const out = stripped(
      jpegOf(exifSegment({ orientation: 6 }), exifSegment({ orientation: 8 }), SOS_AND_SCAN, EOI),
    );
    expect([...exifIfd0(out)]).toEqual([[0x0112, 6]]);
    expect(segmentsBeforeScan(out).filter((found) => found.marker === 0xe1)).toHaveLength(1);
  });

  it("what follows the end of the image (a motion photo's video, a phone's second pictures) is zeroed", () => {
    const photo = phoneJpeg({ ...SMALL, trailer: true });
    const end = phoneJpeg(SMALL).length;
    const out = stripped(photo);
    expect(out.subarray(end - 2, end)).toEqual(Buffer.from(EOI));
    expect(out.subarray(end).every((byte) => byte === 0)).toBe(true);
    expect(out.length).toBe(photo.length);
  });

  it("APP segments a decoder needs pass (JFIF, ICC_PROFILE, Adobe); the same markers with other contents do not", () => {
    const text = (value: string) => new TextEncoder().encode(value);
    const needed = [
      segment(0xe0, text("JFIF\0\x01\x01\0\0\x01\0\x01\0\0")),
      segment(0xe2, text("ICC_PROFILE\0\x01\x01profile")),
      segment(0xee, text("Adobe\0\x64\0\0\0\0\x01")),
    ];
    const notNeeded = [
      segment(0xe0, text("JFXX\0\x10thumbnail")),
      segment(0xe2, text("MPF\0II*\0")),
      segment(0xee, text("NotAdobe")),
      segment(0xe3, text("Meta\0location")),
      segment(0xeb, text("JP\0\0c2pa location")),
      segment(0xef, text("anything")),
    ];
    const out = stripped(jpegOf(...needed, ...notNeeded, SOS_AND_SCAN, EOI));
    const segments = segmentsBeforeScan(out);
    expect(
      segments
        .slice(0, 3)
        .map((found) => Buffer.from(out.subarray(found.offset, found.offset + 4 + found.payload.length))),
    ).toEqual(needed.map((found) => Buffer.from(found)));
    expect(segments.slice(3, 9).map((found) => found.marker)).toEqual(Array(6).fill(0xfe));
    expect(holds(out, "location")).toBe(false);
  });

  it("an EXIF block of 36 to 39 bytes keeps its orientation, its last bytes zeros inside it", () => {
    // The orientation alone, as the stripper writes it: a stripped photo stripped again.
    const once = stripped(jpegOf(exifSegment({ orientation: 6 }), SOS_AND_SCAN, EOI));
    const app1 = segmentsBeforeScan(once).find((found) => found.marker === 0xe1)!;
    const exif = Buffer.from(once.subarray(app1.offset, app1.offset + 36));
    for (const extra of [0, 1, 2, 3]) {
      const longer = Buffer.concat([exif, Buffer.alloc(extra, 0x55)]);
      longer.writeUInt16BE(longer.length - 2, 2);
      const out = stripped(jpegOf(longer, SOS_AND_SCAN, EOI));
      expect([...exifIfd0(out)], `${extra} more`).toEqual([[0x0112, 6]]);
      expect(out.length).toBe(2 + longer.length + SOS_AND_SCAN.length + 2);
      expect(holds(out, Uint8Array.of(0x55))).toBe(false);
    }
  });

  it("an EXIF block it cannot read (no TIFF header, the IFD past its end, a LONG orientation) is blanked whole", () => {
    const exif = Buffer.from(exifSegment({ orientation: 6 }));
    const broken = [
      Buffer.concat([exif.subarray(0, 10), Buffer.from("XX")]),
      Buffer.from(exif).fill(0xff, 14, 18), // IFD0 at 4 GiB
      (() => {
        const orientationAsLong = Buffer.from(exif);
        const entry = orientationAsLong.indexOf(Buffer.from([0x01, 0x12, 0x00, 0x03]));
        orientationAsLong[entry + 3] = 4;
        return orientationAsLong;
      })(),
    ].map((bytes) => {
      bytes.writeUInt16BE(bytes.length - 2, 2);
      return bytes;
    });
    for (const bytes of broken) {
      const out = stripped(jpegOf(bytes, SOS_AND_SCAN, EOI));
      expect(out.length).toBe(2 + bytes.length + SOS_AND_SCAN.length + 2);
      expect(segmentsBeforeScan(out)[0]!.marker).toBe(0xfe);
      expect(holds(out, PHOTO_SECRETS.cameraModel)).toBe(false);
    }
  });
});

describe("fed in chunks of any size, the same bytes come out", () => {
  it.each([
    ["baseline", SMALL],
    ["progressive, with a trailer", { ...SMALL, progressive: true, trailer: true }],
  ])("%s: one byte at a time, and cut in two at every offset, as in one piece", (_, options) => {
    const photo = phoneJpeg(options);
    const whole = stripped(photo);
    expect(byteByByte(photo).equals(whole)).toBe(true);
    for (let cut = 0; cut <= photo.length; cut++) {
      const out = stripped(photo.subarray(0, cut), photo.subarray(cut));
      if (!out.equals(whole)) expect.fail(`cut at ${cut} gave other bytes`);
    }
  });

  it("any chunking of a photo gives what the whole gives (property)", () => {
    const photo = phoneJpeg({ ...SMALL, progressive: true, trailer: true });
    const whole = stripped(photo);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: photo.length - 1 }), { maxLength: 40 }),
        (cuts) => {
          const offsets = [0, ...cuts.sort((a, b) => a - b), photo.length];
          const chunks = offsets.slice(1).map((end, index) => photo.subarray(offsets[index], end));
          return stripped(...chunks).equals(whole);
        },
      ),
    );
  });

  it("each byte goes on as soon as it comes, but for at most a segment's first 40 bytes or the EXIF block's last 36", () => {
    const photo = phoneJpeg({ ...SMALL, progressive: true, trailer: true });
    const stripper = new JpegMetadataStripper();
    let given = 0;
    let most = 0;
    for (let at = 0; at < photo.length; at++) {
      for (const chunk of stripper.push(photo.subarray(at, at + 1))) given += chunk.length;
      most = Math.max(most, at + 1 - given);
    }
    // A slow line's upload keeps reaching the upstream, which cuts one that stops for 60 s.
    expect(most).toBeLessThanOrEqual(40);
  });

  it("withoutJpegMetadata streams what the stripper gives and passes on the source's failure", async () => {
    const photo = phoneJpeg(SMALL);
    async function* inChunks(failAt?: number) {
      for (let offset = 0; offset < photo.length; offset += 1000) {
        if (failAt !== undefined && offset >= failAt) throw new Error("the browser went away");
        yield photo.subarray(offset, offset + 1000);
      }
    }
    const out: Uint8Array[] = [];
    for await (const chunk of withoutJpegMetadata(inChunks())) out.push(chunk);
    expect(Buffer.concat(out).equals(stripped(photo))).toBe(true);
    await expect(
      (async () => {
        for await (const _chunk of withoutJpegMetadata(inChunks(3000))) {
          // read to the failure
        }
      })(),
    ).rejects.toThrow("the browser went away");
  });
});

describe("a JPEG cut short, a broken one, or no JPEG: the same length out, never an exception", () => {
  it("a photo cut at any offset keeps its length and none of its metadata", () => {
    const photo = phoneJpeg({ ...SMALL, scanBytes: 200 });
    for (let cut = 0; cut <= photo.length; cut++) {
      const out = stripped(photo.subarray(0, cut));
      if (out.length !== cut) expect.fail(`cut at ${cut}: ${out.length} bytes out`);
      for (const secret of [PHOTO_SECRETS.cameraModel, PHOTO_SECRETS.xmpLocation, PHOTO_SECRETS.iptcCity]) {
        if (holds(out, secret)) expect.fail(`cut at ${cut}: ${secret} left`);
      }
    }
  });

  it("a segment length no segment can have, or a reserved marker: the rest as sent, as a decoder stops there", () => {
    const exif = exifSegment({ orientation: 6 });
    for (const broken of [Uint8Array.of(0xff, 0xe1, 0x00, 0x01), Uint8Array.of(0xff, 0x12)]) {
      const jpeg = jpegOf(broken, exif, SOS_AND_SCAN, EOI);
      expect(stripped(jpeg).equals(jpeg)).toBe(true);
    }
  });

  it("bytes that do not start as a JPEG pass as they are", () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xe1, 0x00, 0x10]);
    expect(stripped(png).equals(png)).toBe(true);
    expect(stripped().length).toBe(0);
    expect(stripped(Uint8Array.of(0xff)).equals(Buffer.from([0xff]))).toBe(true);
  });

  it("bytes between segments that are no marker pass, as a decoder skips them; the segments after them are still read", () => {
    const jpeg = jpegOf(
      Uint8Array.of(0x00, 0x42, 0xff, 0x00),
      exifSegment({ orientation: 6 }),
      SOS_AND_SCAN,
      EOI,
    );
    const out = stripped(jpeg);
    expect(out.subarray(0, 6).equals(jpeg.subarray(0, 6))).toBe(true);
    expect(holds(out, PHOTO_SECRETS.cameraModel)).toBe(false);
  });

  it("any bytes at all, JPEG start or not, come out as many, in any chunks (property)", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.uint8Array({ maxLength: 3000 }),
        fc.integer({ min: 1, max: 64 }),
        (start, body, size) => {
          const bytes = start ? Buffer.concat([Uint8Array.of(0xff, 0xd8), body]) : Buffer.from(body);
          const chunks = [];
          for (let offset = 0; offset < bytes.length; offset += size)
            chunks.push(bytes.subarray(offset, offset + size));
          const out = stripped(...chunks);
          return out.length === bytes.length && out.equals(stripped(bytes));
        },
      ),
    );
  });

  it("stripping a stripped photo changes nothing", () => {
    const once = stripped(phoneJpeg({ ...SMALL, progressive: true, trailer: true }));
    expect(stripped(once).equals(once)).toBe(true);
  });
});
