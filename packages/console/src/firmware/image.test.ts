// Local image checks: .bin names only, read progress with the assumed size, header refusal and full inspection.
import { DESCRIPTOR_FIELDS, MIN_IMAGE_SIZE, makeTestImage } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { checkHeader, fileNameRefusal, inspectImage, readFraction } from "./image.ts";

describe("fileNameRefusal", () => {
  it.each([
    ["firmware.bin", null],
    ["FIRMWARE.BIN", null],
    ["notes.txt", "Only .bin files are accepted (notes.txt)"],
    ["firmware.bin.zip", "Only .bin files are accepted (firmware.bin.zip)"],
    ["bin", "Only .bin files are accepted (bin)"],
  ])("%s", (name, expected) => {
    expect(fileNameRefusal(name)).toBe(expected);
  });
});

describe("readFraction", () => {
  it.each([
    [500, 1000, 0.5],
    [250_000, null, 0.25],
    [250_000, 0, 0.25],
    [2_000_000, null, 1],
  ])("%i of %s → %f", (loaded, total, fraction) => {
    expect(readFraction(loaded, total)).toBe(fraction);
  });
});

describe("checkHeader", () => {
  const good = makeTestImage({ size: 100_000, version: "3.1.4" });
  it("passes an application image", () => {
    expect(checkHeader(good.subarray(0, MIN_IMAGE_SIZE), good.length)).toBeNull();
  });
  it("refuses a file whose first byte is not 0xE9, saying so", () => {
    const bad = good.slice();
    bad[0] = 0x50;
    expect(checkHeader(bad, bad.length)).toBe("Not an ESP32 image: first byte is 0x50, expected 0xe9");
  });
  it("refuses a file without the app descriptor", () => {
    const bad = good.slice();
    bad[32] = 0;
    expect(checkHeader(bad, bad.length)).toBe(
      "No application descriptor at byte 32 (magic 0xABCD5432 missing)",
    );
  });
  it("refuses a file too large for an OTA slot from its size alone", () => {
    expect(checkHeader(good, 5_000_000)).toBe("Too large for an OTA slot (5000000 bytes, at most 4194304)");
  });
  it("refuses a tiny file", () => {
    expect(checkHeader(new Uint8Array(10), 10)).toBe(
      "Too small for a firmware image (10 bytes, at least 288)",
    );
  });
});

describe("inspectImage", () => {
  it("reads size, SHA-256, project name and version", async () => {
    const bytes = makeTestImage({ size: 5000, version: "2.5.0", projectName: "decoder-fw" });
    const result = await inspectImage("fw.bin", bytes);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
    expect(result).toMatchObject({
      ok: true,
      image: {
        name: "fw.bin",
        size: 5000,
        sha256: Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join(""),
        info: { version: "2.5.0", projectName: "decoder-fw" },
      },
    });
  });
  it("says a file with a flipped byte is damaged (checksum), and one with cancelling flips (SHA-256)", async () => {
    const flipped = makeTestImage({ size: 20_000, version: "2.5.1" });
    flipped[15_000] = (flipped[15_000] ?? 0) ^ 0x80;
    expect(await inspectImage("fw.bin", flipped)).toEqual({
      ok: false,
      reason: "The image is damaged: its checksum does not match",
    });
    const cancelling = makeTestImage({ size: 20_000, version: "2.5.1" });
    cancelling[15_000] = (cancelling[15_000] ?? 0) ^ 0x80;
    cancelling[16_000] = (cancelling[16_000] ?? 0) ^ 0x80;
    expect(await inspectImage("fw.bin", cancelling)).toEqual({
      ok: false,
      reason: "The image is damaged: its SHA-256 does not match",
    });
  });
  it("refuses a descriptor whose version holds a control character", async () => {
    const bytes = makeTestImage({ size: 5000, version: "2.5.0" });
    bytes[DESCRIPTOR_FIELDS.version[0] + 3] = 0x1b;
    expect(await inspectImage("fw.bin", bytes)).toEqual({
      ok: false,
      reason: "The image descriptor's version holds a control character (0x1b)",
    });
  });
  it("refuses text with the reason", async () => {
    const text = new TextEncoder().encode("hello world ".repeat(100));
    expect(await inspectImage("x.bin", text)).toEqual({
      ok: false,
      reason: "Not an ESP32 image: first byte is 0x68, expected 0xe9",
    });
  });
});
