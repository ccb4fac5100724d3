// Unit tests of the ESP32 application image checks (D6) and the test image maker.
import { describe, expect, it } from "vitest";
import {
  APP_DESC_MAGIC,
  APP_DESC_OFFSET,
  CHECKSUM_SEED,
  checkAppImage,
  checkImageLayout,
  DAMAGED_CHECKSUM,
  DAMAGED_HASH,
  DESCRIPTOR_FIELDS,
  HASH_APPENDED_OFFSET,
  hexOf,
  IMAGE_HEADER_SIZE,
  IMAGE_MAGIC,
  MAX_IMAGE_SIZE,
  MIN_IMAGE_SIZE,
  verifyAppImage,
  xorChecksum,
} from "./firmware.ts";
import { MIN_TEST_IMAGE_SIZE, makeTestImage, nodeSha256Hex } from "./test-image.ts";

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
    expect(img.length).toBe(MIN_TEST_IMAGE_SIZE);
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

describe("checkAppImage refuses control characters in the descriptor", () => {
  it.each([
    ["version", "1.0\n[ok] forged", "The image descriptor's version holds a control character (0x0a)"],
    ["version", "1.0\u001b[31m", "The image descriptor's version holds a control character (0x1b)"],
    ["project", "trc\u007f", "The image descriptor's project name holds a control character (0x7f)"],
  ])("in the %s", (field, text, reason) => {
    const img = makeTestImage({ size: 4096, version: "1.0.0" });
    const [start, length] = field === "version" ? DESCRIPTOR_FIELDS.version : DESCRIPTOR_FIELDS.projectName;
    img.fill(0, start, start + length);
    img.set(
      Array.from(text, (c) => c.charCodeAt(0)),
      start,
    );
    expect(reasonOf(img)).toBe(reason);
  });

  it("a C1 control byte (0x9b, the one-byte CSI)", () => {
    const img = makeTestImage({ size: 4096, version: "1.0.0" });
    img[DESCRIPTOR_FIELDS.version[0] + 1] = 0x9b;
    expect(reasonOf(img)).toBe("The image descriptor's version holds a control character (0x9b)");
  });
});

const nodeSha = nodeSha256Hex;
const verified = async (bytes: Uint8Array) => {
  const r = await verifyAppImage(bytes, nodeSha);
  return r.ok ? "ok" : r.reason;
};

describe("the test image is laid out as esptool writes it", () => {
  it("has two aligned segments, a checksum byte ending a 16-byte block and the SHA-256 of what precedes it", () => {
    const img = makeTestImage({ size: 8192, version: "2.0.0", seed: 5 });
    const layout = checkImageLayout(img);
    expect(layout).toEqual({
      ok: true,
      layout: { segments: 2, checksummedLength: 8160, hashAppended: true, imageLength: 8192 },
    });
    const view = new DataView(img.buffer);
    expect(view.getUint32(IMAGE_HEADER_SIZE + 4, true)).toBe(256);
    expect(img[HASH_APPENDED_OFFSET]).toBe(1);
    expect(hexOf(img.subarray(8160))).toBe(nodeSha(img.subarray(0, 8160)));
  });

  it("fills a size that is not 32 + 16k with erased bytes after the image, which are not checked", async () => {
    const img = makeTestImage({ size: 5000, version: "2.0.0" });
    expect(img.length).toBe(5000);
    const r = checkImageLayout(img);
    expect(r.ok && r.layout.imageLength).toBe(4992);
    expect([...img.subarray(4992)]).toEqual(Array(8).fill(0xff));
    img[4995] = 0;
    expect(await verified(img)).toBe("ok");
  });
});

describe("verifyAppImage checks a complete image as ESP-IDF does", () => {
  const good = () => makeTestImage({ size: 20_000, version: "3.0.0", seed: 9 });

  it("accepts a good image and reads its descriptor", async () => {
    const r = await verifyAppImage(good(), nodeSha);
    expect(r.ok && r.info.version).toBe("3.0.0");
  });

  it("refuses a flipped byte in a segment by its checksum", async () => {
    const img = good();
    img[10_000] = (img[10_000] ?? 0) ^ 0x01;
    expect(await verified(img)).toBe(DAMAGED_CHECKSUM);
    expect(DAMAGED_CHECKSUM).toBe("The image is damaged: its checksum does not match");
  });

  it("refuses two flips that cancel in the checksum by the appended SHA-256", async () => {
    const img = good();
    img[10_000] = (img[10_000] ?? 0) ^ 0x10;
    img[12_000] = (img[12_000] ?? 0) ^ 0x10;
    expect(checkImageLayout(img).ok).toBe(true);
    expect(await verified(img)).toBe("The image is damaged: its SHA-256 does not match");
  });

  it("refuses a changed header byte (outside the checksum) by the SHA-256", async () => {
    const img = good();
    img[2] = 3;
    expect(await verified(img)).toBe(DAMAGED_HASH);
  });

  it("skips the hash when the header does not announce one", async () => {
    const img = good();
    img[HASH_APPENDED_OFFSET] = 0;
    img[10_000] = (img[10_000] ?? 0) ^ 0x10;
    img[12_000] = (img[12_000] ?? 0) ^ 0x10;
    expect(await verified(img)).toBe("ok");
  });

  it("refuses a cut image, an unaligned segment and an impossible segment count, saying why", async () => {
    const img = good();
    const cut = checkImageLayout(img.subarray(0, 15_000));
    expect(!cut.ok && cut.reason).toBe("The image is damaged: it ends before segment 1 does (byte 19952)");
    expect(await verified(img.subarray(0, 19_960))).toBe("The image is damaged: it ends before its checksum");
    expect(await verified(img.subarray(0, 19_980))).toBe(
      "The image is damaged: its appended SHA-256 is missing",
    );
    const unaligned = good();
    new DataView(unaligned.buffer).setUint32(IMAGE_HEADER_SIZE + 4, 258, true);
    expect(await verified(unaligned)).toBe("The image is damaged: segment 0 has an unaligned length (258)");
    const many = good();
    many[1] = 17;
    expect(await verified(many)).toBe("The image header names 17 segments (1 to 16 allowed)");
    const none = good();
    none[1] = 0;
    expect(await verified(none)).toBe("The image header names 0 segments (1 to 16 allowed)");
  });

  it("takes an async SHA-256 (WebCrypto in the browser)", async () => {
    const r = await verifyAppImage(good(), async (b) => nodeSha(b));
    expect(r.ok).toBe(true);
  });

  it("computes the checksum as the XOR of the bytes seeded 0xEF", () => {
    expect(CHECKSUM_SEED).toBe(0xef);
    expect(xorChecksum(Uint8Array.of(0x01, 0x02, 0x04))).toBe(0xef ^ 0x07);
  });
});
