// Firmware: a chunked upload switches the partition and reboots into the new version; bad uploads are refused.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { API, FIRMWARE, FirmwareChunkResponse, FirmwareTelemetry, makeTestImage } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyJson, reachable, startTestDevice, type TestDevice, waitFor } from "./helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice();
});
afterAll(() => dev.dispose());

interface Chunk {
  bytes: Uint8Array;
  flSize?: number;
  offset?: number;
}

async function send({ bytes, flSize, offset }: Chunk) {
  const form = new FormData();
  form.append("chunk", new Blob([bytes]), "blob");
  if (flSize !== undefined) form.append("flSize", String(flSize));
  if (offset !== undefined) form.append("offset", String(offset));
  const res = await dev.call(API.firmwareUpdate, { method: "POST", body: form });
  const body = (await res.json()) as AnyJson;
  return { status: res.status, body };
}

const firmware = async () => FirmwareTelemetry.parse((await dev.getJson(API.telemetry("firmware"))).body);
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

describe("refusals", () => {
  it("refuses a non-image on the first chunk with the reason", async () => {
    const res = await send({ bytes: new Uint8Array(4096).fill(7), flSize: 100_000 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Not an ESP32 image/);
    expect(FirmwareChunkResponse.parse(res.body).wasChunkSuccessful).toBe(false);
  });

  it("refuses absurd sizes, a chunk without an upload, and a missing chunk", async () => {
    const image = makeTestImage({ size: 8192, version: "9.9.9" });
    expect((await send({ bytes: image.subarray(0, 4096), flSize: -1 })).status).toBe(400);
    expect((await send({ bytes: image.subarray(0, 4096), flSize: 64 * 1024 * 1024 })).status).toBe(400);
    const orphan = await send({ bytes: image.subarray(4096) });
    expect(orphan.status).toBe(400);
    expect(orphan.body.error).toMatch(/No firmware upload in progress/);
    const form = new FormData();
    form.append("flSize", "8192");
    const missing = await dev.call(API.firmwareUpdate, { method: "POST", body: form });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as AnyJson).error).toMatch(/chunk/);
  });

  it("refuses a chunk past the declared size and bad multipart", async () => {
    const image = makeTestImage({ size: 8192, version: "9.9.9" });
    expect((await send({ bytes: image.subarray(0, 4096), flSize: 8192 })).status).toBe(200);
    const past = await send({ bytes: image.subarray(0, 4096), offset: 6000 });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatch(/past the declared size/);
    const bad = await dev.call(API.firmwareUpdate, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "--xyz\r\nnot really multipart",
    });
    expect(bad.status).toBe(400);
    const json = await dev.call(API.firmwareUpdate, { method: "POST", body: "{}" });
    expect(json.status).toBe(415);
    expect(((await json.json()) as AnyJson).error).toBe(
      "Unsupported body type: a text/plain body; this call takes multipart/form-data",
    );
    expect(await firmware()).toMatchObject({ version: "1.4.2", partition: 0 });
    // The upload of 9.9.9 left in progress would hold the unit for 30 s: a restart frees it.
    await dev.reboot();
  });

  it("refuses a chunk over 64 kB with 413", async () => {
    const res = await send({ bytes: new Uint8Array(70 * 1024), flSize: 200_000 });
    expect(res.status).toBe(413);
  });
});

describe("a full update", () => {
  it("uploads 100 kB in 4096-byte chunks, retries one, switches partition and reboots into the new version", async () => {
    const image = makeTestImage({ size: 100 * 1024, version: "2.0.0", seed: 7 });
    const size = image.length;
    let last: FirmwareChunkResponse | undefined;
    for (let offset = 0; offset < size; offset += FIRMWARE.chunkSize) {
      const bytes = image.subarray(offset, offset + FIRMWARE.chunkSize);
      const chunk: Chunk = offset === 0 ? { bytes, flSize: size, offset } : { bytes, offset };
      const res = await send(chunk);
      expect(res.status, `offset ${offset}`).toBe(200);
      last = FirmwareChunkResponse.parse(res.body);
      if (offset === 8192) {
        // The answer was "lost": the same chunk again must not be counted or written twice.
        const again = FirmwareChunkResponse.parse((await send(chunk)).body);
        expect(again.totalBytesReceived).toBe(last.totalBytesReceived);
        expect(again.attemptsTotal).toBe(last.attemptsTotal + 1);
      }
    }
    expect(last).toMatchObject({
      wasChunkSuccessful: true,
      totalBytesReceived: size,
      expectedFileSize: size,
    });
    const slotFile = join(dev.dataDir, "firmware", "ota_1.bin");
    expect(sha(await readFile(slotFile))).toBe(sha(image));
    expect((await readdir(join(dev.dataDir, "firmware"))).filter((n) => n.endsWith(".part"))).toEqual([]);
    const table = JSON.parse(await readFile(join(dev.dataDir, "firmware.json"), "utf8"));
    expect(table.bootPartition).toBe(1);

    // Still the old firmware until the reboot, then the new one, watched and then confirmed.
    await waitFor(async () => ((await reachable(dev.url)) ? undefined : true), 3000, 10);
    const after = await waitFor(async () => ((await reachable(dev.url)) ? firmware() : undefined), 5000);
    expect(after).toMatchObject({ version: "2.0.0", partition: 1, otaWatchDog: "WATCHING" });
    const confirmed = await waitFor(async () => {
      const fw = await firmware();
      return fw.otaWatchDog === "COMPLETE" ? fw : undefined;
    }, 3000);
    expect(confirmed.version).toBe("2.0.0");
  });

  it("a new first chunk discards a partial upload; a restart leaves the old firmware active", async () => {
    const image = makeTestImage({ size: 20_000, version: "3.0.0" });
    expect((await send({ bytes: image.subarray(0, 4096), flSize: image.length })).status).toBe(200);
    const restart = await send({ bytes: image.subarray(0, 4096), flSize: image.length });
    expect(restart.body).toMatchObject({ totalBytesReceived: 4096, attemptsTotal: 1, parsedSuccesses: 1 });
    await dev.reboot();
    expect(await firmware()).toMatchObject({ version: "2.0.0", partition: 1 });
    expect((await readdir(join(dev.dataDir, "firmware"))).filter((n) => n.endsWith(".part"))).toEqual([]);
    expect((await send({ bytes: image.subarray(4096, 8192), offset: 4096 })).status).toBe(400);
  });
});

describe("a stray first chunk during an upload", () => {
  it("is refused without dropping the upload in progress, which then completes", async () => {
    const image = makeTestImage({ size: 16_384, version: "4.0.0", seed: 3 });
    const part = (at: number) => image.subarray(at, at + 4096);
    expect((await send({ bytes: part(0), flSize: image.length, offset: 0 })).status).toBe(200);
    expect((await send({ bytes: part(4096), offset: 4096 })).status).toBe(200);
    // Malformed first chunks: not an image, a size that is not a number, a first chunk not at offset 0.
    for (const stray of [
      { bytes: new Uint8Array(4096).fill(7), flSize: image.length },
      { bytes: part(0), flSize: Number.NaN },
      { bytes: part(0), flSize: image.length, offset: 4096 },
    ]) {
      const res = await send(stray);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ wasChunkSuccessful: false, totalBytesReceived: 8192 });
    }
    let last: AnyJson;
    for (const at of [8192, 12_288]) {
      const res = await send({ bytes: part(at), offset: at });
      expect(res.status, `offset ${at}`).toBe(200);
      last = res.body;
    }
    expect(last).toMatchObject({ wasChunkSuccessful: true, totalBytesReceived: image.length });
    const table = JSON.parse(await readFile(join(dev.dataDir, "firmware.json"), "utf8"));
    expect(table.slots[table.bootPartition]).toMatchObject({ version: "4.0.0", sha256: sha(image) });
  });
});
