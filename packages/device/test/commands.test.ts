// Commands: exact statuses, level enforcement with the seeded passwords, and each command's effect.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import {
  API,
  BUILT_IN_COMMANDS,
  CommandDefinition,
  ErrorBody,
  MappingQuantity,
  toManualTimeArg,
} from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reachable, sleep, startTestDevice, type TestDevice, waitFor } from "./helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice();
});
afterAll(() => dev.dispose());

const exec = (cmd: string, args: string[] = [], auth_pw?: string) =>
  dev.postJson(API.commandExecute, auth_pw === undefined ? { cmd, args } : { cmd, args, auth_pw });

describe("execute", () => {
  it("200 with { cmd, result }", async () => {
    const res = await exec("IDENT_ANT");
    expect(res.status).toBe(200);
    expect(res.body.cmd).toBe("IDENT_ANT");
    expect(typeof res.body.result).toBe("string");
  });

  it("404 for an unknown command and for OLD_BAD_CMD, even with the developer password", async () => {
    for (const [cmd, pw] of [
      ["NOPE", undefined],
      ["OLD_BAD_CMD", "dev-pass"],
    ] as const) {
      const res = await exec(cmd, [], pw);
      expect(res.status).toBe(404);
      expect(ErrorBody.safeParse(res.body).success).toBe(true);
    }
  });

  it("401 for a wrong password, and for a level above the caller's", async () => {
    expect((await exec("IDENT_ANT", [], "wrong")).status).toBe(401);
    const low = await exec("GET_PW");
    expect(low.status).toBe(401);
    expect(low.body.error).toMatch(/level 20/);
    expect((await exec("MQTT_SET", ["broker.local:1883"], "owner-pass")).status).toBe(401);
    expect((await exec("MQTT_SET", ["broker.local:1883"], "admin-pass")).status).toBe(200);
    expect((await exec("WHITELABEL", ["ACME"], "admin-pass")).status).toBe(200);
    expect((await exec("FORCE_REBOOT_TASKS", [], "owner-pass")).status).toBe(401);
    expect((await exec("FORCE_REBOOT_TASKS", [], "admin-pass")).status).toBe(200);
  });

  it("400 for bad arguments and wrong counts, with the reason", async () => {
    const cases: [string, string[]][] = [
      ["UHF_TX", ["MAYBE"]],
      ["UHF_TX", []],
      ["REBOOT", ["now"]],
      ["REBOOT_DELAY", ["soon"]],
      ["TIME_MANUAL", ["261399000000000"]],
      ["MQTT_SET", ["broker.local:70000"]],
    ];
    for (const [cmd, args] of cases) {
      const res = await exec(cmd, args, "dev-pass");
      expect(res.status, `${cmd} ${args}`).toBe(400);
      expect(res.body.error.length).toBeGreaterThan(3);
    }
  });

  it("400 for a packet that is not JSON or has wrong types", async () => {
    const raw = await dev.call(API.commandExecute, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{cmd:",
    });
    expect(raw.status).toBe(400);
    expect((await exec(5 as unknown as string)).status).toBe(400);
    expect((await dev.postJson(API.commandExecute, { cmd: "REBOOT", args: [1] })).status).toBe(400);
  });

  it("SET_PW changes the owner password; GET_PW answers it", async () => {
    expect((await exec("SET_PW", ["fresh-secret"], "owner-pass")).status).toBe(200);
    expect((await dev.postJson(API.authTest, { auth_pw: "owner-pass" })).status).toBe(401);
    expect((await dev.postJson(API.authTest, { auth_pw: "fresh-secret" })).body).toEqual({ level: 20 });
    const got = await exec("GET_PW", [], "fresh-secret");
    expect(got.body.result).toContain("fresh-secret");
    expect((await exec("SET_PW", ["admin-pass"], "fresh-secret")).status).toBe(400);
  });

  it("FS_CLEAR deletes the timing files", async () => {
    expect((await exec("FS_CLEAR")).status).toBe(200);
    const names = await readdir(join(dev.dataDir, "files"));
    expect(names.filter((n) => n.startsWith("timing_"))).toEqual([]);
    expect(
      (await dev.getJson(API.filesAll)).body.files.some((f: { name: string }) => f.name.endsWith(".csv")),
    ).toBe(false);
  });

  it("TIME_MANUAL moves time/sources", async () => {
    const target = Date.UTC(2030, 0, 2, 3, 4, 5, 678);
    expect((await exec("TIME_MANUAL", [toManualTimeArg(new Date(target))])).status).toBe(200);
    const { body } = await dev.getJson(API.telemetry("time/sources"));
    const rtc = body.sources.find((s: { name: string }) => s.name === "rtc");
    expect(Math.abs(rtc.time - target)).toBeLessThan(1000);
  });

  it("UHF_TX OFF stops the reads; ON starts them again", async () => {
    const reads = async () =>
      (await dev.getJson(API.telemetry("uhf/ports"))).body.channels.reduce(
        (n: number, c: { reads: number }) => n + c.reads,
        0,
      );
    expect((await exec("UHF_TX", ["OFF"])).status).toBe(200);
    const before = await reads();
    await sleep(1100);
    expect(await reads()).toBe(before);
    expect((await exec("UHF_TX", ["ON"])).status).toBe(200);
    await sleep(1100);
    expect(await reads()).toBeGreaterThan(before);
  });

  it("REBOOT_DELAY schedules a reboot", async () => {
    const res = await exec("REBOOT_DELAY", ["10"]);
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.rebootAt) - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it("REBOOT takes the API away, then it comes back with its state", async () => {
    const res = await exec("REBOOT");
    expect(res.status).toBe(200);
    await waitFor(async () => ((await reachable(dev.url)) ? undefined : true), 2000, 20);
    await waitFor(async () => ((await reachable(dev.url)) ? true : undefined), 5000, 50);
    expect((await dev.postJson(API.authTest, { auth_pw: "fresh-secret" })).body).toEqual({ level: 20 });
  });
});

describe("command mapping", () => {
  it("quantity and every definition", async () => {
    const q = MappingQuantity.parse((await dev.getJson(API.commandQuantity)).body);
    expect(q.len).toBe(BUILT_IN_COMMANDS.length);
    for (let i = 0; i < q.len; i++) {
      const def = CommandDefinition.parse((await dev.getJson(API.commandInfo(i))).body);
      expect(def.cmd).toBe(BUILT_IN_COMMANDS[i]?.cmd);
    }
  });

  it("400 for a non-integer index, 404 past the end", async () => {
    expect((await dev.getJson("/api/commands/mapping/getInfo?index=x")).status).toBe(400);
    expect((await dev.getJson("/api/commands/mapping/getInfo")).status).toBe(400);
    expect((await dev.getJson("/api/commands/mapping/getInfo?index=1.5")).status).toBe(400);
    expect((await dev.getJson(API.commandInfo(BUILT_IN_COMMANDS.length))).status).toBe(404);
  });
});
