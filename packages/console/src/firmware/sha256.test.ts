// SHA-256: the fallback matches the published test vectors and WebCrypto; sha256Hex gives lowercase hex.
import { makeTestImage } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { sha256Fallback, sha256Hex, toHex } from "./sha256.ts";

const text = (s: string) => new TextEncoder().encode(s);

describe("sha256Fallback", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
  ])("hashes %j", (input, hex) => {
    expect(toHex(sha256Fallback(text(input)))).toBe(hex);
  });

  it.each([55, 56, 63, 64, 65, 4096, 100_003])("agrees with WebCrypto on %i bytes", async (size) => {
    const bytes = makeTestImage({ size, version: "1.0.0", seed: size }).subarray(0, size);
    const subtle = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
    expect(toHex(sha256Fallback(bytes))).toBe(toHex(subtle));
  });
});

describe("sha256Hex", () => {
  it("gives 64 lowercase hex digits", async () => {
    expect(await sha256Hex(text("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
