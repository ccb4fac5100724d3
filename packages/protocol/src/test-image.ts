// Test firmware images laid out as esptool writes them (header, two segments, checksum, appended SHA-256); Node only.
import {
  APP_DESC_MAGIC,
  APP_DESC_OFFSET,
  DESCRIPTOR_FIELDS,
  HASH_APPENDED_OFFSET,
  IMAGE_HEADER_SIZE,
  IMAGE_MAGIC,
  SEGMENT_HEADER_SIZE,
  SHA256_SIZE,
  xorChecksum,
} from "./firmware.ts";

export interface TestImageOptions {
  /** The file's length; an image that cannot fill it exactly is followed by up to 15 bytes 0xFF (erased flash). */
  size: number;
  version: string;
  projectName?: string;
  seed?: number;
  /** Defaults to node:crypto's SHA-256 (tests, scripts and benches run in Node). */
  sha256Hex?: (data: Uint8Array) => string;
}

const DESCRIPTOR_SIZE = 256;
/** Header, the descriptor segment, the code segment header, 8 code bytes, the checksum block and the hash. */
export const MIN_TEST_IMAGE_SIZE = 352;

interface NodeCrypto {
  createHash(algorithm: string): { update(data: Uint8Array): { digest(encoding: "hex"): string } };
}

/** SHA-256 through node:crypto, found at run time so that browser bundles never import it. */
export function nodeSha256Hex(data: Uint8Array): string {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const crypto = proc?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined;
  if (!crypto) throw new Error("makeTestImage needs Node 20.16 or later, or a sha256Hex option");
  return crypto.createHash("sha256").update(data).digest("hex");
}

/** Writes a valid ESP32 application image (checksum and appended SHA-256 correct), for tests and emulator users. */
export function makeTestImage({
  size,
  version,
  projectName = "trc-decoder",
  seed = 1,
  sha256Hex = nodeSha256Hex,
}: TestImageOptions): Uint8Array {
  const bytes = new Uint8Array(Math.max(size, MIN_TEST_IMAGE_SIZE));
  const checksummed = Math.floor((bytes.length - SHA256_SIZE) / 16) * 16;
  const view = new DataView(bytes.buffer);
  // Header: magic, 2 segments, DIO, 4 MB at 40 MHz, entry point, WP pin disabled, ESP32, revisions up to v3.99.
  bytes.set([IMAGE_MAGIC, 2, 2, 0x20]);
  view.setUint32(4, 0x40081000, true);
  bytes[8] = 0xee;
  view.setUint16(17, 399, true);
  bytes[HASH_APPENDED_OFFSET] = 1;
  // Segment 0 (DROM) holds the app descriptor; segment 1 (IROM) the "code", filled from the seed.
  const codeHeader = APP_DESC_OFFSET + DESCRIPTOR_SIZE;
  const codeStart = codeHeader + SEGMENT_HEADER_SIZE;
  const codeLength = checksummed - 16 - codeStart;
  view.setUint32(IMAGE_HEADER_SIZE, 0x3f400020, true);
  view.setUint32(IMAGE_HEADER_SIZE + 4, DESCRIPTOR_SIZE, true);
  view.setUint32(codeHeader, 0x400d0020, true);
  view.setUint32(codeHeader + 4, codeLength, true);
  let x = seed >>> 0 || 1;
  for (let i = codeStart; i < codeStart + codeLength; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  view.setUint32(APP_DESC_OFFSET, APP_DESC_MAGIC, true);
  const put = (text: string, [start, length]: readonly [number, number]) =>
    bytes.set(
      Array.from(text.slice(0, length - 1), (c) => c.charCodeAt(0) & 0x7f),
      start,
    );
  put(version, DESCRIPTOR_FIELDS.version);
  put(projectName, DESCRIPTOR_FIELDS.projectName);
  put("12:00:00", DESCRIPTOR_FIELDS.time);
  put("Nov 22 2026", DESCRIPTOR_FIELDS.date);
  put("v5.3.1", DESCRIPTOR_FIELDS.idfVersion);
  // Footer: zero padding, the checksum of both segments' data, then the SHA-256 of everything before it.
  const descriptor = bytes.subarray(APP_DESC_OFFSET, APP_DESC_OFFSET + DESCRIPTOR_SIZE);
  bytes[checksummed - 1] = xorChecksum(
    bytes.subarray(codeStart, codeStart + codeLength),
    xorChecksum(descriptor),
  );
  const digest = sha256Hex(bytes.subarray(0, checksummed));
  for (let i = 0; i < SHA256_SIZE; i++)
    bytes[checksummed + i] = Number.parseInt(digest.slice(2 * i, 2 * i + 2), 16);
  bytes.fill(0xff, checksummed + SHA256_SIZE);
  return bytes;
}
