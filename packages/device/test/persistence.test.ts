// Persistence: a new data folder is seeded; state survives restarts; kill -9 mid-write never leaves a broken file.
import { spawn } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { API, makeTestImage } from "@trc/protocol";
import { expect, it } from "vitest";
import { sleep, startTestDevice, tempDir } from "./helpers.ts";

it("seeds a new data folder", async () => {
  const dev = await startTestDevice();
  try {
    const root = await readdir(dev.dataDir);
    expect(root.sort()).toEqual([
      "config.json",
      "device.json",
      "files",
      "firmware",
      "firmware.json",
      "passwords.json",
      "uhf.json",
    ]);
    const passwords = JSON.parse(await readFile(join(dev.dataDir, "passwords.json"), "utf8"));
    expect(passwords.map((p: { password: string; level: number }) => [p.password, p.level])).toEqual([
      ["owner-pass", 20],
      ["admin-pass", 100],
      ["dev-pass", 150],
    ]);
    expect(await readdir(join(dev.dataDir, "firmware"))).toEqual(["ota_0.bin"]);
  } finally {
    await dev.dispose();
  }
});

it("the owner password, whitelabel and deleted files survive a restart", async () => {
  const dir = join(await tempDir(), "data");
  const first = await startTestDevice({}, dir);
  const run = (cmd: string, args: string[], auth_pw: string) =>
    first.postJson(API.commandExecute, { cmd, args, auth_pw });
  expect((await run("SET_PW", ["persisted-pw"], "owner-pass")).status).toBe(200);
  expect((await run("WHITELABEL", ["ACME"], "admin-pass")).status).toBe(200);
  expect((await first.call(API.fileDelete("timing_0001.csv"), { method: "DELETE" })).status).toBe(200);
  await first.close();
  const second = await startTestDevice({}, dir);
  try {
    expect((await second.postJson(API.authTest, { auth_pw: "persisted-pw" })).body).toEqual({ level: 20 });
    expect((await second.getJson(API.telemetry("hw/config"))).body.whitelabel).toBe("ACME");
    const names = (await second.getJson(API.filesAll)).body.files.map((f: { name: string }) => f.name);
    expect(names).not.toContain("timing_0001.csv");
  } finally {
    await second.close();
  }
});

it("kill -9 while writing never leaves an unreadable file", async () => {
  const dir = await tempDir();
  const file = join(dir, "doc.json");
  const fixture = fileURLToPath(new URL("./fixtures/write-loop.ts", import.meta.url));
  for (let round = 0; round < 2; round++) {
    const child = spawn(process.execPath, ["--import", "tsx", fixture, file], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((ready) => child.stdout.once("data", () => ready()));
    await sleep(80 + round * 40);
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGKILL");
    await exited;
    const doc = JSON.parse(await readFile(file, "utf8"));
    expect(doc.n).toBeGreaterThan(0);
    expect(doc.pad.length).toBe(1000 + (doc.n % 5000));
  }
}, 20_000);

it("a power cut during a firmware upload leaves the old firmware active and no partial file", async () => {
  const dir = join(await tempDir(), "data");
  const first = await startTestDevice({}, dir);
  const image = makeTestImage({ size: 50_000, version: "5.0.0" });
  const form = new FormData();
  form.append("chunk", new Blob([image.subarray(0, 4096)]));
  form.append("flSize", String(image.length));
  expect((await first.call(API.firmwareUpdate, { method: "POST", body: form })).status).toBe(200);
  expect(await readdir(join(dir, "firmware"))).toContain("ota_1.part");
  // Simulate the power cut: the process state is gone, the files stay as they are.
  await first.close();
  await writeFile(join(dir, "firmware", "ota_1.part"), image.subarray(0, 4096));
  const second = await startTestDevice({}, dir);
  try {
    expect((await second.getJson(API.telemetry("firmware"))).body).toMatchObject({
      version: "1.4.2",
      partition: 0,
    });
    expect(await readdir(join(dir, "firmware"))).toEqual(["ota_0.bin"]);
  } finally {
    await second.close();
  }
});
