// Reliability (issue 23, findings 3 and 8): every number and string a command or setting takes is checked before use.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { API, BUILT_IN_CONFIG } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDevice, type TestDevice } from "../helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice();
});
afterAll(() => dev.dispose());

const exec = (cmd: string, args: string[], auth_pw = "dev-pass") =>
  dev.postJson(API.commandExecute, { cmd, args, auth_pw });

describe("commands", () => {
  it("REBOOT_DELAY outside 1..1440 minutes: 400 with the range, no reboot scheduled", async () => {
    for (const minutes of ["40000", "1441", "0", "99999"]) {
      const res = await exec("REBOOT_DELAY", [minutes]);
      expect(res, minutes).toEqual({
        status: 400,
        body: { error: "delay: Enter a whole number of minutes from 1 to 1440" },
      });
    }
    expect(dev.device.power.scheduledAt).toBeNull();
    const longest = await exec("REBOOT_DELAY", ["1440"]);
    expect(longest.status).toBe(200);
    expect(Date.parse(longest.body.rebootAt) - Date.now()).toBeGreaterThan(1439 * 60_000);
    // Still up: nothing fired at once (a timer beyond 2^31-1 ms would).
    expect((await dev.getJson(API.deviceName)).status).toBe(200);
  });

  it("the unit refuses a timer longer than a Node timer can hold", () => {
    expect(() => dev.device.power.scheduleReboot(2 ** 31, "too late")).toThrow(RangeError);
  });

  it("text arguments with control characters: 400, nothing changed", async () => {
    const cases: [string, string, string][] = [
      ["WHITELABEL", "ACME\r\nINFO forged line", "name: Must not contain control characters"],
      ["WHITELABEL", "\u001b[31mRED", "name: Must not contain control characters"],
      ["SET_PW", "pass\u0000word", "password: Must not contain control characters"],
      ["REPLAY_SELECTED", "timing_0001.csv\n", "file: Must not contain control characters"],
    ];
    for (const [cmd, arg, reason] of cases) {
      expect(await exec(cmd, [arg]), JSON.stringify(arg)).toEqual({ status: 400, body: { error: reason } });
    }
    expect((await dev.postJson(API.authTest, { auth_pw: "owner-pass" })).status).toBe(200);
  });
});

/** Values outside D5 (and the limits docs/CONFIGURATION.md gives where D5 is silent), with the reason expected. */
const REFUSED: [string, unknown, string][] = [
  ["ap_password", "", "WPA2 needs 8 to 63 printable ASCII characters"],
  ["ap_password", "short", "WPA2 needs 8 to 63 printable ASCII characters"],
  ["ap_password", "x".repeat(64), "WPA2 needs 8 to 63 printable ASCII characters"],
  ["ap_password", "pässwort-123", "WPA2 needs 8 to 63 printable ASCII characters"],
  ["sta_password", "1234567", "WPA2 needs 8 to 63 printable ASCII characters (or empty for an open network)"],
  ["lan_subnet", "1.2.3.4", "Must be a subnet mask like 255.255.255.0"],
  ["lan_subnet", "255.0.255.0", "Must be a subnet mask like 255.255.255.0"],
  ["lan_subnet", "0.0.0.0", "Must be a subnet mask like 255.255.255.0"],
  ["static_ip", "0.0.0.0", "Must be a usable host address (not 0.x, loopback, multicast or broadcast)"],
  [
    "static_ip",
    "255.255.255.255",
    "Must be a usable host address (not 0.x, loopback, multicast or broadcast)",
  ],
  ["lan_gateway", "127.0.0.1", "Must be a usable host address (not 0.x, loopback, multicast or broadcast)"],
  ["dhcp_pool", "224.0.0.1", "Must be a usable host address (not 0.x, loopback, multicast or broadcast)"],
  ["mqtt_client_id", "ONET\u0000", "Must not contain control characters"],
  ["mqtt_client_id", "ONET\r\n1", "Must not contain control characters"],
  ["mqtt_client_id", "", "Must be 1 to 23 letters, digits, - or _ (what MQTT servers accept)"],
  ["mqtt_client_id", "a/b#", "Must be 1 to 23 letters, digits, - or _ (what MQTT servers accept)"],
  ["mqtt_client_id", "X".repeat(24), "Must be 1 to 23 letters, digits, - or _ (what MQTT servers accept)"],
  ["tag_timeout", 1e308, "Must be at most 3600"],
  ["tag_timeout", 2.5, "Must be a whole number"],
  ["tag_timeout", -1, "Must be at least 0"],
  ["force_http_log", 1e9, "Must be at most 86400"],
  ["company_num", 2 ** 53, "Must be at most 65535"],
  ["ap_ssid", "", "Must be 1 to 32 bytes"],
  ["sta_ssid", "Net\u0007work", "Must not contain control characters"],
];

describe("configuration (D5)", () => {
  it("every value outside the limits: 400 with the reason, config/get and config.json unchanged", async () => {
    const file = join(dev.dataDir, "config.json");
    const before = await readFile(file, "utf8");
    const values = (await dev.getJson(API.configGet)).body;
    for (const [key, value, reason] of REFUSED) {
      const res = await dev.postJson(API.configSet, { key, value, time: new Date().toISOString() });
      expect(res, `${key} = ${JSON.stringify(value)}`).toEqual({
        status: 400,
        body: { error: `${key}: ${reason}` },
      });
    }
    expect((await dev.getJson(API.configGet)).body).toEqual(values);
    expect(await readFile(file, "utf8")).toBe(before);
  });

  it("values at the edges of the limits are stored (then the defaults are put back)", async () => {
    const accepted: [string, unknown][] = [
      ["ap_password", "12345678"],
      ["ap_password", "~".repeat(63)],
      ["sta_password", ""],
      ["lan_subnet", "255.255.255.252"],
      ["lan_subnet", "255.0.0.0"],
      ["static_ip", "10.0.0.2"],
      ["mqtt_client_id", "A".repeat(23)],
      ["tag_timeout", 3600],
      ["tag_timeout", 0],
    ];
    for (const [key, value] of accepted) {
      const res = await dev.postJson(API.configSet, { key, value, time: "t" });
      expect(res.status, `${key} = ${JSON.stringify(value)}: ${JSON.stringify(res.body)}`).toBe(200);
      expect((await dev.getJson(API.configGet)).body[key]).toBe(value);
    }
    for (const item of BUILT_IN_CONFIG) {
      await dev.postJson(API.configSet, { key: item.name_internal, value: item.value_default, time: "t" });
    }
  });
});
