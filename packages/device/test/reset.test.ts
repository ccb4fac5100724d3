// The reset hook: a unit changed every way (configuration, files, password, firmware upload, faults, scenario, reboot
// scheduled) answers as a new unit does after POST /api/__test/reset, without a restart.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { API, makeTestImage } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testHooksClient } from "../src/test-hooks-client.ts";
import { type AnyJson, startTestDevice, type TestDevice } from "./helpers.ts";

let dev: TestDevice;
let fresh: TestDevice;
beforeAll(async () => {
  [dev, fresh] = await Promise.all([
    startTestDevice({ testHooks: true }),
    startTestDevice({ testHooks: true }),
  ]);
});
afterAll(() => Promise.all([dev.dispose(), fresh.dispose()]));

const execute = (unit: TestDevice, cmd: string, args: string[] = [], auth_pw?: string) =>
  unit.postJson(API.commandExecute, { cmd, args, ...(auth_pw ? { auth_pw } : {}) });

/** What a unit answers about its stored state (files by name and size: the examples are dated from now). */
async function answers(unit: TestDevice): Promise<AnyJson> {
  const get = async (path: string) => (await unit.getJson(path)).body;
  const { version, partition, otaWatchDog } = await get(API.telemetry("firmware"));
  const hw = await get(API.telemetry("hw/config"));
  return {
    config: await get(API.configGet),
    name: await get(API.deviceName),
    files: (await get(API.filesAll)).files,
    firmware: { version, partition, otaWatchDog },
    whitelabel: hw.whitelabel,
    services: await get(API.telemetry("networking/services")),
    owner: (await unit.postJson(API.authTest, { auth_pw: "owner-pass" })).status,
    ownerPassword: (await execute(unit, "GET_PW", [], "dev-pass")).body.result,
    uhf: await get(API.telemetry("uhf/config")),
    scenario: (await get("/api/__test/scenario")).scenario,
    faults: (await get("/api/__test/fault")).pending,
  };
}

async function firstChunk(unit: TestDevice): Promise<number> {
  const image = makeTestImage({ size: 64 * 1024, version: "9.0.0", seed: 5 });
  const form = new FormData();
  form.append("chunk", new Blob([image.slice(0, 4096)]), "blob");
  form.append("flSize", String(image.length));
  return (await unit.call(API.firmwareUpdate, { method: "POST", body: form })).status;
}

describe("POST /api/__test/reset", () => {
  it("puts back a new unit's configuration, files, passwords, firmware and hooks, and stays up", async () => {
    const before = await answers(fresh);
    expect(await answers(dev)).toEqual(before);

    // Change everything a test may change.
    expect((await dev.postJson(API.configSet, { key: "raw_port", value: 12345, time: "t" })).status).toBe(
      200,
    );
    expect((await dev.call(API.fileDelete("timing_0001.csv"), { method: "DELETE" })).status).toBe(200);
    expect((await execute(dev, "SET_PW", ["new-owner"], "owner-pass")).status).toBe(200);
    expect((await execute(dev, "WHITELABEL", ["ACME"], "dev-pass")).status).toBe(200);
    expect((await execute(dev, "UHF_TX", ["OFF"], "dev-pass")).status).toBe(200);
    expect((await execute(dev, "REBOOT_DELAY", ["1"], "dev-pass")).status).toBe(200);
    expect(await firstChunk(dev)).toBe(200);
    await dev.postJson("/api/__test/scenario", { batteryPercent: 8, clockJumpMs: 60_000 });
    await dev.postJson("/api/__test/stream", { keepAliveMs: 100 });
    const changed = await answers(dev);
    expect(changed.config.raw_port).toBe(12345);
    expect(changed.files.map((f: { name: string }) => f.name)).not.toContain("timing_0001.csv");
    expect([changed.owner, changed.ownerPassword]).toEqual([401, "Owner password: new-owner"]);
    expect(changed.whitelabel).toBe("ACME");
    expect(changed.uhf).not.toEqual(before.uhf);
    expect(changed.scenario).toEqual({ batteryPercent: 8 });
    const hooks = testHooksClient(dev.url);
    await hooks.fault({ path: "/api/config/get", status: 503, count: 5 });
    const stream = await fetch(`${dev.url}/api/passings/stream`);
    expect((await dev.getJson("/api/__test/stream")).body).toMatchObject({ open: 1, keepAliveMs: 100 });
    const boots = dev.device.boots;

    const res = await dev.call("/api/__test/reset", { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reset: true });
    expect(dev.isUp()).toBe(true);
    expect(await answers(dev)).toEqual(await answers(fresh));
    // The read stream as after a boot: open streams ended, the unit's own settings.
    expect((await dev.getJson("/api/__test/stream")).body).toMatchObject({ open: 0, keepAliveMs: 15_000 });
    await stream.body?.cancel();
    expect((await dev.getJson("/api/__test/scenario")).body.clockOffsetMs).toBe(0);
    // The request log starts again (the answers above are in it), no upload is left, no reboot is due soon.
    const log = await hooks.log();
    expect(log.every((e) => e.path !== API.configSet && e.path !== API.firmwareUpdate)).toBe(true);
    expect(await readdir(join(dev.dataDir, "firmware"))).toEqual(["ota_0.bin"]);
    // One boot (the reset's, as a new unit's first); REBOOT_DELAY's minute passing on the unit's clock reboots nothing.
    expect(dev.device.boots).toBe(boots + 1);
    expect(dev.device.power.scheduledAt).toBe(null);
    expect((await dev.postJson("/api/__test/clock", { advanceMs: 120_000 })).status).toBe(200);
    expect([dev.isUp(), dev.device.boots, dev.device.power.scheduledAt]).toEqual([true, boots + 1, null]);
    // The new owner password is gone, the seeded one works.
    expect((await dev.postJson(API.authTest, { auth_pw: "new-owner" })).status).toBe(401);
  });

  it("cancels an upload in progress: a later chunk finds none, and a new upload starts cleanly", async () => {
    expect(await firstChunk(dev)).toBe(200);
    await testHooksClient(dev.url).reset();
    const form = new FormData();
    form.append("chunk", new Blob([new Uint8Array(1024)]), "blob");
    form.append("offset", "4096");
    const next = await dev.call(API.firmwareUpdate, { method: "POST", body: form });
    expect(next.status).toBe(400);
    expect(((await next.json()) as AnyJson).error).toMatch(/No firmware upload in progress/);
    expect(await firstChunk(dev)).toBe(200);
  });

  it("two resets at once both answer 200, one after the other", async () => {
    const hooks = testHooksClient(dev.url);
    await Promise.all([hooks.reset(), hooks.reset()]);
    expect(await answers(dev)).toEqual(await answers(fresh));
  });

  it("is a test hook: 404 without DEVICE_TEST_HOOKS", async () => {
    const plain = await startTestDevice();
    try {
      expect((await plain.call("/api/__test/reset", { method: "POST" })).status).toBe(404);
    } finally {
      await plain.dispose();
    }
  });
});
