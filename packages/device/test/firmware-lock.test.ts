// Two clients uploading at once (issue 22 §2): one upload holds the unit, a retry is accepted, no mix is installed.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { API, DESCRIPTOR_FIELDS, FirmwareTelemetry, makeTestImage } from "@trc/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AnyJson, reachable, startTestDevice, type TestDevice, waitFor } from "./helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice();
});
afterAll(() => dev.dispose());
// Every test starts on a free unit: a restart drops whatever upload the previous one left.
beforeEach(async () => {
  await dev.reboot();
});

const CHUNK = 4096;

async function send(bytes: Uint8Array, at: number, flSize?: number) {
  const form = new FormData();
  if (flSize !== undefined) form.append("flSize", String(flSize));
  form.append("offset", String(at));
  form.append("chunk", new Blob([bytes as Uint8Array<ArrayBuffer>]), "firmware.bin");
  const res = await dev.call(API.firmwareUpdate, { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as AnyJson };
}

const first = (image: Uint8Array) => send(image.subarray(0, CHUNK), 0, image.length);

async function sendRest(image: Uint8Array) {
  let last: Awaited<ReturnType<typeof send>> | undefined;
  for (let at = CHUNK; at < image.length; at += CHUNK) {
    last = await send(image.subarray(at, at + CHUNK), at);
    expect(last.status, `offset ${at}`).toBe(200);
  }
  return last;
}

const firmware = async () => FirmwareTelemetry.parse((await dev.getJson(API.telemetry("firmware"))).body);
const bootSlot = async () => {
  const table = JSON.parse(await readFile(join(dev.dataDir, "firmware.json"), "utf8"));
  return table.slots[table.bootPartition] as { version: string; projectName: string };
};

async function rebootedInto(version: string) {
  await waitFor(async () => ((await reachable(dev.url)) ? undefined : true), 3000, 10);
  return waitFor(async () => {
    if (!(await reachable(dev.url))) return undefined;
    const fw = await firmware();
    return fw.version === version ? fw : undefined;
  }, 5000);
}

describe("two uploads at once", () => {
  it("A's first chunk, B's first chunk, then the rest of A: B is refused with 409 and A is installed", async () => {
    const a = makeTestImage({ size: 24_000, version: "3.0.0-a", projectName: "trc-a", seed: 11 });
    const b = makeTestImage({ size: 24_000, version: "3.0.0-b", projectName: "trc-b", seed: 22 });
    expect((await first(a)).status).toBe(200);
    const refused = await first(b);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ wasChunkSuccessful: false, totalBytesReceived: 0 });
    expect(refused.body.error).toMatch(
      /^Another firmware upload is in progress on this unit \(4096 of 24000 bytes\)/,
    );
    const last = await sendRest(a);
    expect(last?.body).toMatchObject({ wasChunkSuccessful: true, totalBytesReceived: a.length });
    expect(await bootSlot()).toMatchObject({ version: "3.0.0-a", projectName: "trc-a" });
    expect(await rebootedInto("3.0.0-a")).toMatchObject({ version: "3.0.0-a" });
  });

  it("the same first chunk again (its answer was lost) is accepted and the upload goes on", async () => {
    const a = makeTestImage({ size: 16_384, version: "3.1.0", seed: 5 });
    expect((await first(a)).status).toBe(200);
    const again = await first(a);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ wasChunkSuccessful: true, totalBytesReceived: CHUNK });
    expect((await sendRest(a))?.body).toMatchObject({ totalBytesReceived: a.length });
    expect(await rebootedInto("3.1.0")).toMatchObject({ version: "3.1.0" });
  });

  it("a different image of the same size and descriptor is another image (its first chunk differs)", async () => {
    const a = makeTestImage({ size: 16_384, version: "3.2.0", seed: 1 });
    const twin = makeTestImage({ size: 16_384, version: "3.2.0", seed: 2 });
    expect((await first(a)).status).toBe(200);
    expect((await first(twin)).status).toBe(409);
  });
});

describe("the unit checks the whole image before it switches", () => {
  const running = async () => (await firmware()).version;

  it("refuses a flipped byte in the body by the checksum, and the running firmware stays", async () => {
    const before = await running();
    const image = makeTestImage({ size: 20_480, version: "6.6.6", seed: 4 });
    image[10_000] = (image[10_000] ?? 0) ^ 0x01;
    expect((await first(image)).status).toBe(200);
    for (let at = CHUNK; at < image.length - CHUNK; at += CHUNK) {
      expect((await send(image.subarray(at, at + CHUNK), at)).status).toBe(200);
    }
    const last = await send(image.subarray(image.length - CHUNK), image.length - CHUNK);
    expect(last.status).toBe(400);
    expect(last.body.error).toBe(
      "The assembled image was refused: The image is damaged: its checksum does not match",
    );
    expect(await running()).toBe(before);
    expect(await bootSlot()).toMatchObject({ version: before });
  });

  it("refuses two flips that cancel in the checksum by the appended SHA-256", async () => {
    const before = await running();
    const image = makeTestImage({ size: 12_288, version: "6.6.7", seed: 4 });
    image[5000] = (image[5000] ?? 0) ^ 0x22;
    image[9000] = (image[9000] ?? 0) ^ 0x22;
    expect((await first(image)).status).toBe(200);
    await send(image.subarray(CHUNK, 2 * CHUNK), CHUNK);
    const last = await send(image.subarray(2 * CHUNK), 2 * CHUNK);
    expect(last.status).toBe(400);
    expect(last.body.error).toBe(
      "The assembled image was refused: The image is damaged: its SHA-256 does not match",
    );
    expect(await running()).toBe(before);
  });

  it("refuses a descriptor whose version holds control characters on the first chunk", async () => {
    const image = makeTestImage({ size: 8192, version: "1.0.0" });
    const [start] = DESCRIPTOR_FIELDS.version;
    image.set(
      Array.from("9\n[ok] \u001b[2J", (c) => c.charCodeAt(0)),
      start,
    );
    const res = await first(image);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("The image descriptor's version holds a control character (0x0a)");
  });
});
