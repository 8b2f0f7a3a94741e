/**
 * The pixel size of a JPEG read from its frame header (SOF), without an image library: the live
 * view's check of a phone's paint needs the size before it decodes, and asking libvips for it was a
 * second trip through the thread pool on every frame.
 *
 * Bounded: it walks marker segments by their declared lengths and stops at the first SOF, at the
 * start of the scan (SOS: no SOF before it means no frame header), at the end of the bytes, or at
 * anything that is not a marker. The bytes come from a phone, so every read is checked against the
 * buffer's length; a lie gives undefined, never an exception or a read past the end.
 */

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;

/** Start-of-frame markers (baseline, extended, progressive, lossless; Huffman or arithmetic). */
function isStartOfFrame(marker: number): boolean {
  // C4 (DHT), C8 (JPG, reserved) and CC (DAC) share the range but are not frame headers.
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers that stand alone, with no length after them (TEM and RST0–RST7). */
function standsAlone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/** Width and height from the JPEG's frame header, or undefined when `bytes` is not a JPEG with one. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++; // fill byte before a marker
      continue;
    }
    if (standsAlone(marker)) {
      at += 2;
      continue;
    }
    if (marker === SOS || marker === EOI || marker === SOI) return undefined;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      // Length, precision, height, width: the segment must hold them.
      if (length < 7 || at + 9 > bytes.length) return undefined;
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    at += 2 + length;
  }
  return undefined;
}
