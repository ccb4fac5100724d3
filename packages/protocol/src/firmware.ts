// Firmware update contract (SPEC §3, §7) and the ESP32 application image checks of DECISIONS D6.
import * as z from "zod/mini";

export const FirmwareChunkResponse = z.object({
  wasChunkSuccessful: z.boolean(),
  totalBytesReceived: z.int().check(z.gte(0)),
  expectedFileSize: z.int().check(z.gte(0)),
  attemptsTotal: z.int().check(z.gte(0)),
  parsedSuccesses: z.int().check(z.gte(0)),
});
export type FirmwareChunkResponse = z.infer<typeof FirmwareChunkResponse>;

export const IMAGE_MAGIC = 0xe9;
export const APP_DESC_OFFSET = 32;
export const APP_DESC_MAGIC = 0xabcd5432;
/** Header, first segment header and the 256-byte app descriptor. */
export const MIN_IMAGE_SIZE = APP_DESC_OFFSET + 256;
/** An upload holds a unit this long after its last chunk: another image's first chunk is answered 409 meanwhile. */
export const UPLOAD_LOCK_MS = 30_000;
/** The emulated unit's OTA slot size. */
export const MAX_IMAGE_SIZE = 4 * 1024 * 1024;

export interface AppImageInfo {
  readonly secureVersion: number;
  readonly version: string;
  readonly projectName: string;
  readonly time: string;
  readonly date: string;
  readonly idfVersion: string;
}

export type AppImageCheck = { ok: true; info: AppImageInfo } | { ok: false; reason: string };

/** Where each string of the app descriptor lies: [byte offset in the image, field length]. */
export const DESCRIPTOR_FIELDS = {
  version: [48, 32],
  projectName: [80, 32],
  time: [112, 16],
  date: [128, 16],
  idfVersion: [144, 32],
} as const;

/** C0 and C1 control characters (the descriptor's bytes are read as Latin-1). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function cString(bytes: Uint8Array, start: number, length: number): string {
  const slice = bytes.subarray(start, start + length);
  const end = slice.indexOf(0);
  return String.fromCharCode(...(end === -1 ? slice : slice.subarray(0, end)));
}

/** Checks that the bytes (at least the first MIN_IMAGE_SIZE) are an ESP32 application image and reads its descriptor. */
export function checkAppImage(bytes: Uint8Array, totalSize = bytes.length): AppImageCheck {
  if (totalSize < MIN_IMAGE_SIZE || bytes.length < MIN_IMAGE_SIZE) {
    return {
      ok: false,
      reason: `Too small for a firmware image (${totalSize} bytes, at least ${MIN_IMAGE_SIZE})`,
    };
  }
  if (totalSize > MAX_IMAGE_SIZE) {
    return { ok: false, reason: `Too large for an OTA slot (${totalSize} bytes, at most ${MAX_IMAGE_SIZE})` };
  }
  if (bytes[0] !== IMAGE_MAGIC) {
    return {
      ok: false,
      reason: `Not an ESP32 image: first byte is 0x${(bytes[0] ?? 0).toString(16).padStart(2, "0")}, expected 0xe9`,
    };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(APP_DESC_OFFSET, true) !== APP_DESC_MAGIC) {
    return { ok: false, reason: "No application descriptor at byte 32 (magic 0xABCD5432 missing)" };
  }
  const info: AppImageInfo = {
    secureVersion: view.getUint32(APP_DESC_OFFSET + 4, true),
    version: cString(bytes, DESCRIPTOR_FIELDS.version[0], DESCRIPTOR_FIELDS.version[1]),
    projectName: cString(bytes, DESCRIPTOR_FIELDS.projectName[0], DESCRIPTOR_FIELDS.projectName[1]),
    time: cString(bytes, DESCRIPTOR_FIELDS.time[0], DESCRIPTOR_FIELDS.time[1]),
    date: cString(bytes, DESCRIPTOR_FIELDS.date[0], DESCRIPTOR_FIELDS.date[1]),
    idfVersion: cString(bytes, DESCRIPTOR_FIELDS.idfVersion[0], DESCRIPTOR_FIELDS.idfVersion[1]),
  };
  if (!info.version) return { ok: false, reason: "The image descriptor has no version" };
  for (const [field, label] of [
    ["version", "version"],
    ["projectName", "project name"],
  ] as const) {
    const control = CONTROL.exec(info[field]);
    if (control) {
      const code = (control[0].codePointAt(0) ?? 0).toString(16).padStart(2, "0");
      return { ok: false, reason: `The image descriptor's ${label} holds a control character (0x${code})` };
    }
  }
  return { ok: true, info };
}

/** ESP-IDF's image layout (esp_image_format.h, esptool's "Firmware Image Format"). */
export const IMAGE_HEADER_SIZE = 24;
export const SEGMENT_HEADER_SIZE = 8;
/** ESP_IMAGE_MAX_SEGMENTS. */
export const MAX_SEGMENTS = 16;
/** The byte of the extended header that says a SHA-256 of the image follows the checksum. */
export const HASH_APPENDED_OFFSET = 23;
/** ESP_ROM_CHECKSUM_INITIAL: the XOR of every segment data byte starts from this. */
export const CHECKSUM_SEED = 0xef;
export const SHA256_SIZE = 32;

export interface ImageLayout {
  segments: number;
  /** Bytes from the header up to and including the checksum byte: what the appended SHA-256 covers. */
  checksummedLength: number;
  hashAppended: boolean;
  /** Where the image ends (after the checksum, or after the appended SHA-256); later bytes are ignored. */
  imageLength: number;
}

export type ImageLayoutCheck = { ok: true; layout: ImageLayout } | { ok: false; reason: string };

export const DAMAGED_CHECKSUM = "The image is damaged: its checksum does not match";
export const DAMAGED_HASH = "The image is damaged: its SHA-256 does not match";

/** The XOR of the bytes, seeded: the checksum ESP-IDF computes over every segment's data. */
export function xorChecksum(bytes: Uint8Array, seed = CHECKSUM_SEED): number {
  let sum = seed;
  for (const b of bytes) sum ^= b;
  return sum;
}

/**
 * Walks the segments of a complete image as ESP-IDF's bootloader does and checks the checksum byte (after zero
 * padding to a 16-byte boundary); says where the appended SHA-256 is, for the caller to hash.
 */
export function checkImageLayout(bytes: Uint8Array): ImageLayoutCheck {
  const fail = (reason: string): ImageLayoutCheck => ({ ok: false, reason });
  if (bytes.length < IMAGE_HEADER_SIZE) return fail("The image is damaged: it ends inside its header");
  const segments = bytes[1] ?? 0;
  if (segments < 1 || segments > MAX_SEGMENTS) {
    return fail(`The image header names ${segments} segments (1 to ${MAX_SEGMENTS} allowed)`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = IMAGE_HEADER_SIZE;
  let checksum = CHECKSUM_SEED;
  for (let i = 0; i < segments; i++) {
    if (at + SEGMENT_HEADER_SIZE > bytes.length) {
      return fail(`The image is damaged: it ends inside the header of segment ${i}`);
    }
    const length = view.getUint32(at + 4, true);
    if (length % 4 !== 0)
      return fail(`The image is damaged: segment ${i} has an unaligned length (${length})`);
    const start = at + SEGMENT_HEADER_SIZE;
    if (start + length > bytes.length) {
      return fail(`The image is damaged: it ends before segment ${i} does (byte ${start + length})`);
    }
    checksum = xorChecksum(bytes.subarray(start, start + length), checksum);
    at = start + length;
  }
  const checksummedLength = (at + 1 + 15) & ~15;
  if (checksummedLength > bytes.length) return fail("The image is damaged: it ends before its checksum");
  if (bytes[checksummedLength - 1] !== checksum) return fail(DAMAGED_CHECKSUM);
  const hashAppended = bytes[HASH_APPENDED_OFFSET] === 1;
  const imageLength = checksummedLength + (hashAppended ? SHA256_SIZE : 0);
  if (imageLength > bytes.length) return fail("The image is damaged: its appended SHA-256 is missing");
  return { ok: true, layout: { segments, checksummedLength, hashAppended, imageLength } };
}

/** Lowercase hex of the bytes. */
export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A SHA-256 the caller brings (node:crypto on the unit, WebCrypto in the browser): lowercase hex. */
export type Sha256Hex = (data: Uint8Array) => string | Promise<string>;

/**
 * Every check of a complete image before a unit switches to it: the descriptor, the segments, the checksum byte
 * and, when the header says one is appended, the SHA-256 of the image.
 */
export async function verifyAppImage(bytes: Uint8Array, sha256Hex: Sha256Hex): Promise<AppImageCheck> {
  const check = checkAppImage(bytes);
  if (!check.ok) return check;
  const shape = checkImageLayout(bytes);
  if (!shape.ok) return shape;
  const { hashAppended, checksummedLength } = shape.layout;
  if (hashAppended) {
    const stored = hexOf(bytes.subarray(checksummedLength, checksummedLength + SHA256_SIZE));
    const computed = (await sha256Hex(bytes.subarray(0, checksummedLength))).toLowerCase();
    if (stored !== computed) return { ok: false, reason: DAMAGED_HASH };
  }
  return check;
}
