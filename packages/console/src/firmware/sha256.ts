// SHA-256 of a firmware image through @noble/hashes (audited), the same code in secure and plain-http contexts.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/**
 * The lowercase hex SHA-256 of the bytes. One pass (a 1.5 MB image takes ~11 ms on a desktop); async so that a
 * caller does not depend on whether the hash is computed in place or elsewhere.
 */
export async function sha256Hex(data: Uint8Array): Promise<string> {
  return bytesToHex(sha256(data));
}
