// The upload lock on its own clock: a stalled upload frees the unit after UPLOAD_LOCK_MS, and a mix is never installed.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { makeTestImage, UPLOAD_LOCK_MS } from "@trc/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { WarpClock } from "../src/clock/warp-clock.ts";
import { FirmwareStore } from "../src/state/firmware-store.ts";
import { OtaUpdater } from "../src/state/ota-updater.ts";
import { tempDir } from "./helpers.ts";

const CHUNK = 4096;
let clock = 0;
let store: FirmwareStore;
let ota: OtaUpdater;

beforeEach(async () => {
  const dir = await tempDir("trc-ota-");
  await mkdir(join(dir, "slots"));
  store = await FirmwareStore.open(join(dir, "firmware.json"), join(dir, "slots"), 60_000, new WarpClock());
  store.boot();
  clock = 1_000_000;
  ota = new OtaUpdater(store, { now: () => clock });
});

const first = (image: Uint8Array) =>
  ota.receive({ chunk: image.subarray(0, CHUNK), flSize: String(image.length), offset: "0" });
const chunkAt = (image: Uint8Array, at: number) =>
  ota.receive({ chunk: image.subarray(at, at + CHUNK), flSize: undefined, offset: String(at) });

const imageA = () => makeTestImage({ size: 12_288, version: "3.0.0-a", seed: 11 });
const imageB = () => makeTestImage({ size: 12_288, version: "3.0.0-b", seed: 22 });

describe("the upload lock", () => {
  it("is 30 s after the last chunk", () => {
    expect(UPLOAD_LOCK_MS).toBe(30_000);
  });

  it("holds while chunks keep coming, each chunk starting the 30 s again", async () => {
    const a = imageA();
    expect((await first(a)).status).toBe(200);
    clock += 29_000;
    expect((await chunkAt(a, CHUNK)).status).toBe(200);
    clock += 29_000;
    const b = await first(imageB());
    expect(b.status).toBe(409);
    expect(b.body.error).toBe(
      "Another firmware upload is in progress on this unit (8192 of 12288 bytes); try again once it has finished, or 1 s after its last chunk if it stopped",
    );
  });

  it("frees the unit 30 s after the last chunk of an abandoned upload (a tab closed mid-upload)", async () => {
    expect((await first(imageA())).status).toBe(200);
    clock += UPLOAD_LOCK_MS - 1;
    expect((await first(imageB())).status).toBe(409);
    clock += 1;
    const b = imageB();
    const started = await first(b);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ totalBytesReceived: CHUNK, expectedFileSize: b.length });
    await chunkAt(b, CHUNK);
    const done = await chunkAt(b, 2 * CHUNK);
    expect(done.installed).toMatchObject({ version: "3.0.0-b" });
  });

  it("never installs a mix: B's header with A's body after the timeout is refused and the running image stays", async () => {
    const a = imageA();
    const b = imageB();
    expect((await first(a)).status).toBe(200);
    clock += UPLOAD_LOCK_MS;
    expect((await first(b)).status).toBe(200);
    // A's tab wakes up and sends the rest of A by offset into B's upload.
    expect((await chunkAt(a, CHUNK)).status).toBe(200);
    const last = await chunkAt(a, 2 * CHUNK);
    expect(last.status).toBe(400);
    expect(last.body.error).toMatch(/^The assembled image was refused: The image is damaged: /);
    expect(last.installed).toBeUndefined();
    expect(store.telemetry().version).toBe("1.4.2");
    expect(store.table.bootPartition).toBe(0);
  });

  it("holds after an image is complete until the unit restarts into it", async () => {
    const a = imageA();
    await first(a);
    await chunkAt(a, CHUNK);
    expect((await chunkAt(a, 2 * CHUNK)).installed).toMatchObject({ version: "3.0.0-a" });
    clock += UPLOAD_LOCK_MS * 10;
    const b = await first(imageB());
    expect(b.status).toBe(409);
    expect(b.body.error).toBe(
      "Another firmware image was just installed; the unit restarts into it in a moment",
    );
    await ota.reset();
    expect((await first(imageB())).status).toBe(200);
  });
});
