// Unit tests of the ESP32 application image checks (D6) and the test image maker.
import { describe, expect, it } from "vitest";
import {
  APP_DESC_MAGIC,
  APP_DESC_OFFSET,
  checkAppImage,
  IMAGE_MAGIC,
  MAX_IMAGE_SIZE,
  MIN_IMAGE_SIZE,
  makeTestImage,
} from "./firmware.ts";

const reasonOf = (bytes: Uint8Array, total?: number) => {
  const r = checkAppImage(bytes, total);
  if (r.ok) throw new Error("expected the image to be refused");
  return r.reason;
};

describe("makeTestImage + checkAppImage", () => {
  it("round-trips the version and project name of a valid image", () => {
    const img = makeTestImage({ size: 8192, version: "2.1.0", projectName: "trc-decoder-x" });
    expect(img.length).toBe(8192);
    expect(img[0]).toBe(IMAGE_MAGIC);
    expect(new DataView(img.buffer).getUint32(APP_DESC_OFFSET, true)).toBe(APP_DESC_MAGIC);
    expect(checkAppImage(img)).toEqual({
      ok: true,
      info: {
        secureVersion: 0,
        version: "2.1.0",
        projectName: "trc-decoder-x",
        time: "12:00:00",
        date: "Nov 22 2026",
        idfVersion: "v5.3.1",
      },
    });
  });

  it("uses the default project name and pads a too-small size up to the minimum", () => {
    const img = makeTestImage({ size: 10, version: "1.0.0" });
    expect(img.length).toBe(MIN_IMAGE_SIZE);
    const r = checkAppImage(img);
    expect(r.ok && r.info.projectName).toBe("trc-decoder");
  });

  it("cuts a version longer than its 32-byte field (NUL-terminated)", () => {
    const r = checkAppImage(makeTestImage({ size: 4096, version: "v".repeat(40) }));
    expect(r.ok && r.info.version).toBe("v".repeat(31));
  });

  it("is deterministic per seed, and the payload differs between seeds", () => {
    const a = makeTestImage({ size: 4096, version: "1", seed: 7 });
    const b = makeTestImage({ size: 4096, version: "1", seed: 7 });
    const c = makeTestImage({ size: 4096, version: "1", seed: 8 });
    expect(a).toEqual(b);
    expect(a.subarray(MIN_IMAGE_SIZE)).not.toEqual(c.subarray(MIN_IMAGE_SIZE));
  });

  it("reads an image that sits inside a larger buffer, and a header slice with the total size", () => {
    const img = makeTestImage({ size: 4096, version: "3.0.0" });
    const big = new Uint8Array(img.length + 5);
    big.set(img, 5);
    const r1 = checkAppImage(big.subarray(5));
    expect(r1.ok && r1.info.version).toBe("3.0.0");
    const r2 = checkAppImage(img.subarray(0, MIN_IMAGE_SIZE), img.length);
    expect(r2.ok && r2.info.version).toBe("3.0.0");
  });
});

describe("checkAppImage refuses, saying why", () => {
  it("a wrong first byte", () => {
    const img = makeTestImage({ size: 4096, version: "1.0.0" });
    img[0] = 0x7f;
    expect(reasonOf(img)).toBe("Not an ESP32 image: first byte is 0x7f, expected 0xe9");
  });

  it("a missing descriptor magic", () => {
    const img = makeTestImage({ size: 4096, version: "1.0.0" });
    img[APP_DESC_OFFSET] = 0;
    expect(reasonOf(img)).toMatch(/magic 0xABCD5432 missing/);
  });

  it("a file too small to hold the descriptor", () => {
    expect(reasonOf(new Uint8Array(100))).toMatch(
      /^Too small for a firmware image \(100 bytes, at least 288\)/,
    );
    expect(reasonOf(new Uint8Array(0))).toMatch(/^Too small/);
    expect(reasonOf(makeTestImage({ size: 4096, version: "1" }).subarray(0, 100), 4096)).toMatch(
      /^Too small/,
    );
  });

  it("a file larger than an OTA slot", () => {
    const header = makeTestImage({ size: MIN_IMAGE_SIZE, version: "1.0.0" });
    expect(reasonOf(header, MAX_IMAGE_SIZE + 1)).toMatch(/^Too large for an OTA slot/);
    expect(checkAppImage(header, MAX_IMAGE_SIZE).ok).toBe(true);
  });

  it("a descriptor without a version", () => {
    const img = makeTestImage({ size: 4096, version: "" });
    expect(reasonOf(img)).toBe("The image descriptor has no version");
  });
});
