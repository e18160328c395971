// A JPEG's metadata blanked as its bytes pass, length for length; what is kept and why: decision 0034.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const ORIENTATION_TAG = 0x0112;
const TIFF_SHORT = 3;
/** The start of an APP segment that tells what it holds ("ICC_PROFILE\0" is the longest name read). */
const NAME_BYTES = 16;
/** An EXIF block of orientation alone, and what is held whole below it (too short for it and a blank). */
const ORIENTATION_ONLY_BYTES = 36;
const SMALL_SEGMENT_BYTES = ORIENTATION_ONLY_BYTES + 4;
/** IFD0 sits at the start of an EXIF block (offset 8 as cameras write it): the orientation is read there. */
const EXIF_READ_BYTES = 4096;

const latin1 = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** A marker that stands alone, no length after it: TEM, a restart, the start or end of the image. */
const isStandalone = (code: number) => code === 0x01 || (code >= 0xd0 && code <= SOI) || code === EOI;
/** 0x02–0xBF are reserved: no encoder writes them, and a decoder stops at one. */
const isReserved = (code: number) => code >= 0x02 && code <= 0xbf;

/** Markers whose segment carries words about the photo, not the photo: APP0–APP15 and COM. */
const isMetadataMarker = (code: number) => (code >= APP0 && code <= APP15) || code === COM;

/** APP segments a decoder reads to show the picture: JFIF, the colour profile, Adobe's colour transform. */
function isNeededToShow(segment: Uint8Array): boolean {
  const code = segment[1]!;
  if (code === APP0) return latin1(segment, 4, 9) === "JFIF\0";
  if (code === APP2) return latin1(segment, 4, 16) === "ICC_PROFILE\0";
  if (code === APP14) return latin1(segment, 4, 9) === "Adobe";
  return false;
}

/** The segment turned into a comment of its own length that says nothing. */
function blanked(segment: Uint8Array): Uint8Array {
  const out = new Uint8Array(segment.length);
  out.set(segment.subarray(0, Math.min(4, segment.length)));
  if (out.length > 1) out[1] = COM;
  return out;
}

/** The EXIF orientation (1–8) in an APP1 segment's IFD0, or null when it holds none it can be read from. */
function exifOrientation(segment: Uint8Array): number | null {
  if (segment.length < 4 + 6 + 8 || latin1(segment, 4, 10) !== "Exif\0\0") return null;
  const tiff = new DataView(segment.buffer, segment.byteOffset + 10, segment.length - 10);
  const order = tiff.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  if (tiff.getUint16(2, little) !== 42) return null;
  const ifd = tiff.getUint32(4, little);
  if (ifd + 2 > tiff.byteLength) return null;
  const count = tiff.getUint16(ifd, little);
  for (let entry = ifd + 2; entry < ifd + 2 + count * 12 && entry + 12 <= tiff.byteLength; entry += 12) {
    if (tiff.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    if (tiff.getUint16(entry + 2, little) !== TIFF_SHORT || tiff.getUint32(entry + 4, little) < 1)
      return null;
    const value = tiff.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

/** An APP1 Exif segment holding IFD0 with the Orientation alone, big-endian: 36 bytes. */
function orientationOnly(orientation: number): Uint8Array {
  return Uint8Array.of(
    ...[0xff, APP1, 0x00, 34],
    ...[0x45, 0x78, 0x69, 0x66, 0x00, 0x00], // "Exif\0\0"
    ...[0x4d, 0x4d, 0x00, 42, 0x00, 0x00, 0x00, 8], // "MM", 42, IFD0 at 8
    ...[0x00, 1], // one entry: Orientation, SHORT, 1, the value
    ...[ORIENTATION_TAG >> 8, ORIENTATION_TAG & 0xff, 0, TIFF_SHORT, 0, 0, 0, 1, 0, orientation, 0, 0],
    ...[0, 0, 0, 0], // no IFD1 (no thumbnail)
  );
}

/** A blank comment where the orientation would have gone. */
const NO_ORIENTATION = Uint8Array.of(0xff, COM, 0, ORIENTATION_ONLY_BYTES - 2, ...new Uint8Array(32));

/** A small EXIF block, whole: its orientation alone, zeros after it to its own length; else blanked. */
function smallExifKeepingOrientation(segment: Uint8Array): Uint8Array {
  const orientation = exifOrientation(segment);
  if (orientation === null || orientation === 1 || segment.length < ORIENTATION_ONLY_BYTES)
    return blanked(segment);
  const out = new Uint8Array(segment.length);
  out.set(orientationOnly(orientation));
  out.set([(segment.length - 2) >> 8, (segment.length - 2) & 0xff], 2);
  return out;
}

/** The marker segment being read, and what becomes of it. */
interface Segment {
  code: number;
  /** Its bytes, marker included (0 until its length has come). */
  total: number;
  /** How many of its bytes have come. */
  taken: number;
  /** Its first bytes, held until what it holds is known. */
  head: Uint8Array;
  /** Where the deciding stops: its length, its name, or a small segment whole. */
  decideAt: number;
  /**
   * deciding: its head is held; pass: as it comes; blank: zeros as they come; exif: the first EXIF
   * block, a blank comment as it comes, then its orientation alone in its last 36 bytes.
   */
  fate: "deciding" | "pass" | "blank" | "exif";
  /** The EXIF block's start, copied to read the orientation from once its last bytes come. */
  exif: Uint8Array | null;
}

type Phase =
  /** Reading the first two bytes: a JPEG's start, or bytes passed as they came. */
  | "start"
  /** Between segments: a marker is next (bytes that are none pass, as a decoder skips them). */
  | "markers"
  /** Inside a marker segment (what becomes of it: Segment). */
  | "segment"
  /** Entropy-coded data, passed as it comes, until a marker that is no restart. */
  | "scan"
  /** After the end of the image: a phone's second pictures or a motion photo's video, zeroed. */
  | "after-end"
  /** Not a JPEG, or one past what a decoder reads: the rest as it came. */
  | "as-sent";

/**
 * Takes a JPEG in chunks of any size and gives back the same number of bytes without its metadata,
 * each as soon as it comes but for a segment's first 40 bytes and the EXIF block's last 36 (a slow
 * line's upload keeps moving); the image's data passes without a copy.
 */
export class JpegMetadataStripper {
  #phase: Phase = "start";
  /** The first byte, while the second has not come. */
  #first: number | null = null;
  /** An 0xFF whose meaning the next byte (in the next chunk) tells. */
  #heldMarker = false;
  #segment: Segment | null = null;
  #exifSeen = false;

  /** The bytes to pass on for `chunk`: as many, in all, as have been taken once end() is called. */
  push(chunk: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let at = 0;
    while (at < chunk.length) {
      switch (this.#phase) {
        case "start":
          at = this.#start(chunk, at, out);
          break;
        case "markers":
          at = this.#markers(chunk, at, out);
          break;
        case "segment":
          at = this.#inSegment(chunk, at, out);
          break;
        case "scan":
          at = this.#scan(chunk, at, out);
          break;
        case "after-end":
          out.push(new Uint8Array(chunk.length - at));
          at = chunk.length;
          break;
        case "as-sent":
          out.push(chunk.subarray(at));
          at = chunk.length;
          break;
      }
    }
    return out;
  }

  /** What is still held, once the last chunk has come: a JPEG cut short keeps its length too. */
  end(): Uint8Array[] {
    const out: Uint8Array[] = [];
    if (this.#first !== null) out.push(Uint8Array.of(this.#first));
    if (this.#heldMarker) out.push(Uint8Array.of(0xff));
    const segment = this.#phase === "segment" ? this.#segment! : null;
    if (segment?.fate === "deciding") {
      const head = segment.head.subarray(0, segment.taken);
      out.push(isMetadataMarker(segment.code) ? blanked(head) : head);
    } else if (segment?.fate === "exif") {
      out.push(new Uint8Array(Math.max(0, segment.taken - (segment.total - ORIENTATION_ONLY_BYTES))));
    }
    this.#first = null;
    this.#heldMarker = false;
    this.#phase = "as-sent";
    return out;
  }

  #start(chunk: Uint8Array, at: number, out: Uint8Array[]): number {
    if (this.#first === null) {
      this.#first = chunk[at]!;
      return at + 1;
    }
    const first = this.#first;
    this.#first = null;
    out.push(Uint8Array.of(first, chunk[at]!));
    this.#phase = first === 0xff && chunk[at] === SOI ? "markers" : "as-sent";
    return at + 1;
  }

  #markers(chunk: Uint8Array, at: number, out: Uint8Array[]): number {
    if (!this.#heldMarker) {
      const marker = chunk.indexOf(0xff, at);
      const end = marker === -1 ? chunk.length : marker;
      if (end > at) out.push(chunk.subarray(at, end));
      if (marker === -1) return chunk.length;
      this.#heldMarker = true;
      return marker + 1;
    }
    const code = chunk[at]!;
    if (code === 0xff) {
      out.push(Uint8Array.of(0xff)); // a fill byte: the next one tells
      return at + 1;
    }
    this.#heldMarker = false;
    this.#marker(code, out);
    return at + 1;
  }

  #scan(chunk: Uint8Array, at: number, out: Uint8Array[]): number {
    if (this.#heldMarker) {
      const code = chunk[at]!;
      if (code === 0x00 || (code >= 0xd0 && code <= 0xd7)) {
        this.#heldMarker = false;
        out.push(Uint8Array.of(0xff, code));
      } else if (code === 0xff) {
        out.push(Uint8Array.of(0xff));
      } else {
        this.#heldMarker = false;
        this.#marker(code, out);
      }
      return at + 1;
    }
    // Stuffed bytes (FF 00), restarts (FF D0–D7) and fill bytes stay in the run passed on at once.
    let marker = at;
    for (;;) {
      marker = chunk.indexOf(0xff, marker);
      if (marker === -1 || marker === chunk.length - 1) {
        const end = marker === -1 ? chunk.length : marker;
        if (end > at) out.push(chunk.subarray(at, end));
        if (marker !== -1) this.#heldMarker = true;
        return chunk.length;
      }
      const code = chunk[marker + 1]!;
      if (code === 0x00 || (code >= 0xd0 && code <= 0xd7)) marker += 2;
      else if (code === 0xff) marker += 1;
      else break;
    }
    if (marker > at) out.push(chunk.subarray(at, marker));
    this.#marker(chunk[marker + 1]!, out);
    return marker + 2;
  }

  /** A marker (its 0xFF taken) outside a segment: where it leads. */
  #marker(code: number, out: Uint8Array[]): void {
    if (code === 0x00) {
      out.push(Uint8Array.of(0xff, 0x00)); // no marker: a decoder skips it, looking for one
      this.#phase = "markers";
    } else if (isStandalone(code)) {
      out.push(Uint8Array.of(0xff, code));
      this.#phase = code === EOI ? "after-end" : "markers";
    } else if (isReserved(code)) {
      out.push(Uint8Array.of(0xff, code));
      this.#phase = "as-sent";
    } else {
      const head = new Uint8Array(SMALL_SEGMENT_BYTES);
      head.set([0xff, code]);
      this.#segment = { code, total: 0, taken: 2, head, decideAt: 4, fate: "deciding", exif: null };
      this.#phase = "segment";
    }
  }

  #inSegment(chunk: Uint8Array, at: number, out: Uint8Array[]): number {
    const segment = this.#segment!;
    if (segment.fate === "deciding") {
      segment.head[segment.taken++] = chunk[at]!;
      if (segment.taken === 4) {
        const length = (segment.head[2]! << 8) | segment.head[3]!;
        if (length < 2) {
          // A length no segment can have: a decoder stops here, and so does the reading.
          out.push(segment.head.slice(0, 4));
          this.#phase = "as-sent";
          return at + 1;
        }
        segment.total = 2 + length;
        if (isMetadataMarker(segment.code))
          segment.decideAt = segment.total < SMALL_SEGMENT_BYTES ? segment.total : NAME_BYTES;
      }
      if (segment.taken === segment.decideAt) this.#decide(segment, out);
      return at + 1;
    }
    const taken = Math.min(segment.total - segment.taken, chunk.length - at);
    if (segment.fate === "pass") {
      out.push(chunk.subarray(at, at + taken));
    } else if (segment.fate === "blank") {
      out.push(new Uint8Array(taken));
    } else {
      const copied = Math.min(taken, Math.max(0, segment.exif!.length - segment.taken));
      segment.exif!.set(chunk.subarray(at, at + copied), segment.taken);
      const blank = Math.min(taken, Math.max(0, segment.total - ORIENTATION_ONLY_BYTES - segment.taken));
      if (blank > 0) out.push(new Uint8Array(blank));
    }
    segment.taken += taken;
    if (segment.taken === segment.total) this.#segmentDone(segment, out);
    return at + taken;
  }

  #decide(segment: Segment, out: Uint8Array[]): void {
    const head = segment.head.slice(0, segment.taken);
    const whole = segment.taken === segment.total;
    if (!isMetadataMarker(segment.code) || isNeededToShow(head)) {
      segment.fate = "pass";
      out.push(head);
    } else if (segment.code === APP1 && !this.#exifSeen && latin1(head, 4, 10) === "Exif\0\0") {
      this.#exifSeen = true; // a viewer reads the orientation of the first EXIF block only
      if (whole) {
        segment.fate = "pass";
        out.push(smallExifKeepingOrientation(head));
      } else {
        segment.fate = "exif";
        segment.exif = new Uint8Array(Math.min(segment.total, EXIF_READ_BYTES));
        segment.exif.set(head);
        // Up to its last 36 bytes, a blank comment; the head's bytes past its marker are its zeros.
        const blankLength = segment.total - ORIENTATION_ONLY_BYTES;
        out.push(Uint8Array.of(0xff, COM, (blankLength - 2) >> 8, (blankLength - 2) & 0xff));
        out.push(new Uint8Array(Math.max(0, Math.min(segment.taken, blankLength) - 4)));
      }
    } else {
      segment.fate = "blank";
      out.push(blanked(head));
    }
    if (whole) this.#segmentDone(segment, out);
  }

  #segmentDone(segment: Segment, out: Uint8Array[]): void {
    if (segment.fate === "exif") {
      const orientation = exifOrientation(segment.exif!);
      out.push(orientation === null || orientation === 1 ? NO_ORIENTATION : orientationOnly(orientation));
    }
    this.#segment = null;
    this.#phase = segment.code === SOS ? "scan" : "markers";
  }
}

/** `source`'s bytes as a JPEG without its metadata: the same count, in chunks as they come. */
export async function* withoutJpegMetadata(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const stripper = new JpegMetadataStripper();
  for await (const chunk of source) yield* stripper.push(chunk);
  yield* stripper.end();
}
