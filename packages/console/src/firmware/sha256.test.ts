// SHA-256 of images: published test vectors, and the same digest as Node's crypto for sizes around the 64-byte blocks.
import { createHash } from "node:crypto";
import { makeTestImage } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./sha256.ts";

const text = (s: string) => new TextEncoder().encode(s);

describe("sha256Hex", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
  ])("hashes %j to the published digest", async (input, hex) => {
    expect(await sha256Hex(text(input))).toBe(hex);
  });

  it.each([55, 56, 63, 64, 65, 4096, 100_003, 1_500_001])(
    "agrees with node:crypto on %i bytes",
    async (size) => {
      const bytes = makeTestImage({ size, version: "1.0.0", seed: size }).subarray(0, size);
      expect(bytes.length).toBe(size);
      expect(await sha256Hex(bytes)).toBe(createHash("sha256").update(bytes).digest("hex"));
    },
  );

  it("hashes a view into a larger buffer by its own bytes only", async () => {
    const whole = text("xxabcyy");
    expect(await sha256Hex(whole.subarray(2, 5))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
