// Configuration: get, validated sets with reasons, 404, auth with DEVICE_CONFIG_AUTH, persistence across a restart.
import {
  API,
  BUILT_IN_CONFIG,
  ConfigGetResponse,
  ConfigItem,
  DeviceNameResponse,
  MappingQuantity,
} from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDevice, type TestDevice, tempDir } from "./helpers.ts";

const time = () => new Date().toISOString();

describe("config", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice();
  });
  afterAll(() => dev.dispose());

  it("get answers every default (D5)", async () => {
    const values = ConfigGetResponse.parse((await dev.getJson(API.configGet)).body);
    for (const item of BUILT_IN_CONFIG) expect(values[item.name_internal]).toBe(item.value_default);
  });

  it("deviceName answers name and mode", async () => {
    expect(DeviceNameResponse.parse((await dev.getJson(API.deviceName)).body)).toEqual({
      deviceName: "DECODER-01",
      mode: "uhf",
    });
  });

  it("set answers { key, value, time } and get shows it", async () => {
    const t = time();
    const res = await dev.postJson(API.configSet, { key: "buzzer_volume", value: "LOW", time: t });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ key: "buzzer_volume", value: "LOW", time: t });
    expect((await dev.getJson(API.configGet)).body.buzzer_volume).toBe("LOW");
  });

  it("400 with the reason for invalid values; state untouched", async () => {
    const cases: [string, unknown, RegExp][] = [
      ["buzzer_volume", "LOUD", /one of LOW, MEDIUM, HIGH/],
      ["raw_port", 70000, /at most 65535/],
      ["raw_port", "10000", /number/],
      ["tag_timeout", 1.5, /whole/],
      ["static_ip", "300.1.1.1", /IPv4/],
      ["gps_correction", "true", /true or false/],
      ["utc_offset", -50000, /at least -43200/],
    ];
    for (const [key, value, reason] of cases) {
      const res = await dev.postJson(API.configSet, { key, value, time: time() });
      expect(res.status, key).toBe(400);
      expect(res.body.error).toMatch(reason);
    }
    const values = (await dev.getJson(API.configGet)).body;
    expect(values.raw_port).toBe(10000);
    expect(values.static_ip).toBe("192.168.1.50");
  });

  it("400 for a bad packet, 404 for an unknown key", async () => {
    expect((await dev.postJson(API.configSet, { key: "raw_port", value: 1 })).status).toBe(400);
    expect(
      (await dev.postJson(API.configSet, { key: "raw_port", value: { a: 1 }, time: time() })).status,
    ).toBe(400);
    const res = await dev.postJson(API.configSet, { key: "nope", value: 1, time: time() });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/nope/);
  });

  it("401 for a wrong password", async () => {
    const res = await dev.postJson(API.configSet, {
      key: "raw_port",
      value: 1,
      time: time(),
      auth_pw: "bad",
    });
    expect(res.status).toBe(401);
  });

  it("mapping: quantity and items with value_current", async () => {
    const { len } = MappingQuantity.parse((await dev.getJson(API.configQuantity)).body);
    expect(len).toBe(BUILT_IN_CONFIG.length);
    const first = ConfigItem.parse((await dev.getJson(API.configInfo(0))).body);
    expect(first.name_internal).toBe(BUILT_IN_CONFIG[0]?.name_internal);
    expect(first.value_current).toBe(BUILT_IN_CONFIG[0]?.value_default);
    expect((await dev.getJson(API.configInfo(len))).status).toBe(404);
    expect((await dev.getJson("/api/config/mapping/getInfo?index=-1")).status).toBe(400);
  });
});

describe("config persistence and auth", () => {
  it("a set value survives a restart on the same data folder", async () => {
    const dir = await tempDir();
    const first = await startTestDevice({}, dir);
    expect(
      (await first.postJson(API.configSet, { key: "uhf_region", value: "Europe", time: time() })).status,
    ).toBe(200);
    expect(
      (await first.postJson(API.configSet, { key: "gps_correction", value: true, time: time() })).status,
    ).toBe(200);
    await first.close();
    const second = await startTestDevice({}, dir);
    try {
      const values = (await second.getJson(API.configGet)).body;
      expect(values.uhf_region).toBe("Europe");
      expect(values.gps_correction).toBe(true);
    } finally {
      await second.close();
    }
  });

  it("with configAuth, a set needs the owner level", async () => {
    const dev = await startTestDevice({ configAuth: true });
    try {
      const body = { key: "company_num", value: 7, time: time() };
      expect((await dev.postJson(API.configSet, body)).status).toBe(401);
      expect((await dev.postJson(API.configSet, { ...body, auth_pw: "owner-pass" })).status).toBe(200);
    } finally {
      await dev.dispose();
    }
  });
});
