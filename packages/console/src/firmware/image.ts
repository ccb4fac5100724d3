// The local side of an image (SPEC §5, D6): .bin only, read progress, and the checks before anything is sent.
import { checkAppImage, FIRMWARE, MIN_IMAGE_SIZE, verifyAppImage } from "@trc/protocol";
import { sha256Hex } from "./sha256.ts";
import type { LocalImage } from "./stages.ts";

/** Why a chosen file is refused by its name alone, or null. */
export function fileNameRefusal(name: string): string | null {
  return /\.bin$/i.test(name) ? null : `Only .bin files are accepted (${name})`;
}

/** Fraction read so far; a reader that does not know the size assumes 1,000,000 bytes (SPEC §9). */
export function readFraction(loaded: number, total: number | null): number {
  const whole = total && total > 0 ? total : FIRMWARE.assumedTotalBytes;
  return Math.min(1, Math.max(0, loaded / whole));
}

/** Checks the first bytes and the size before reading the whole file: a wrong file is refused at once. */
export function checkHeader(header: Uint8Array, size: number): string | null {
  const check = checkAppImage(header.subarray(0, MIN_IMAGE_SIZE), size);
  return check.ok ? null : check.reason;
}

export type Inspection = { ok: true; image: LocalImage } | { ok: false; reason: string };

/**
 * Reads the descriptor and verifies the whole image as the unit will (segments, checksum byte, appended SHA-256):
 * a damaged file is refused here, before a byte is sent.
 */
export async function inspectImage(name: string, bytes: Uint8Array): Promise<Inspection> {
  const check = await verifyAppImage(bytes, sha256Hex);
  if (!check.ok) return { ok: false, reason: check.reason };
  return {
    ok: true,
    image: { name, size: bytes.length, bytes, sha256: await sha256Hex(bytes), info: check.info },
  };
}
