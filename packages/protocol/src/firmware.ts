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

const FIELDS = {
  version: [48, 32],
  projectName: [80, 32],
  time: [112, 16],
  date: [128, 16],
  idfVersion: [144, 32],
} as const;

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
    version: cString(bytes, FIELDS.version[0], FIELDS.version[1]),
    projectName: cString(bytes, FIELDS.projectName[0], FIELDS.projectName[1]),
    time: cString(bytes, FIELDS.time[0], FIELDS.time[1]),
    date: cString(bytes, FIELDS.date[0], FIELDS.date[1]),
    idfVersion: cString(bytes, FIELDS.idfVersion[0], FIELDS.idfVersion[1]),
  };
  if (!info.version) return { ok: false, reason: "The image descriptor has no version" };
  return { ok: true, info };
}

export interface TestImageOptions {
  size: number;
  version: string;
  projectName?: string;
  seed?: number;
}

/** Writes a valid ESP32 application image of the given size, for tests and for users of the emulator. */
export function makeTestImage({
  size,
  version,
  projectName = "trc-decoder",
  seed = 1,
}: TestImageOptions): Uint8Array {
  const bytes = new Uint8Array(Math.max(size, MIN_IMAGE_SIZE));
  let x = seed >>> 0 || 1;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  bytes.fill(0, 0, MIN_IMAGE_SIZE);
  bytes[0] = IMAGE_MAGIC;
  bytes[1] = 1;
  const view = new DataView(bytes.buffer);
  view.setUint32(APP_DESC_OFFSET, APP_DESC_MAGIC, true);
  const put = (text: string, [start, length]: readonly [number, number]) =>
    bytes.set(
      Array.from(text.slice(0, length - 1), (c) => c.charCodeAt(0) & 0x7f),
      start,
    );
  put(version, FIELDS.version);
  put(projectName, FIELDS.projectName);
  put("12:00:00", FIELDS.time);
  put("Nov 22 2026", FIELDS.date);
  put("v5.3.1", FIELDS.idfVersion);
  return bytes;
}
