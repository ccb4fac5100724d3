// Files: list, download bytes, delete, refreshFSDB, bulk deletes, and traversal attempts that touch nothing outside.
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { API, FileList } from "@trc/protocol";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AnyJson, startTestDevice, type TestDevice } from "./helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice();
});
afterAll(() => dev.dispose());

const names = async () => FileList.parse((await dev.getJson(API.filesAll)).body).files.map((f) => f.name);

it("lists the example files with their sizes", async () => {
  const { files } = FileList.parse((await dev.getJson(API.filesAll)).body);
  expect(files.map((f) => f.name)).toEqual([
    "status.log",
    "timing_0001.csv",
    "timing_0002.csv",
    "timing_0003.csv",
  ]);
  const disk = await stat(join(dev.dataDir, "files", "timing_0001.csv"));
  expect(files.find((f) => f.name === "timing_0001.csv")?.size).toBe(disk.size);
});

it("downloads the bytes as an attachment", async () => {
  const res = await dev.call(API.fileDownload("timing_0002.csv"));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="timing_0002.csv"/);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.equals(await readFile(join(dev.dataDir, "files", "timing_0002.csv")))).toBe(true);
  expect(bytes.toString().split("\n")[0]).toMatch(/^tag,/);
});

it("deletes a file, then 404", async () => {
  const res = await dev.call(API.fileDelete("timing_0003.csv"), { method: "DELETE" });
  expect(res.status).toBe(200);
  expect((await res.json()) as AnyJson).toEqual({ deleted: "timing_0003.csv" });
  expect(await names()).not.toContain("timing_0003.csv");
  expect((await dev.call(API.fileDelete("timing_0003.csv"), { method: "DELETE" })).status).toBe(404);
  expect((await dev.call(API.fileDownload("timing_0003.csv"))).status).toBe(404);
});

it("refuses traversal and odd names with 400 and touches nothing outside", async () => {
  const outside = join(dev.dataDir, "config.json");
  const before = await readFile(outside, "utf8");
  await writeFile(join(dev.dataDir, "..", "victim.txt"), "keep");
  const attempts = [
    "fileName=../package.json",
    "fileName=..%2Fconfig.json",
    "fileName=%2e%2e%2fconfig.json",
    "fileName=%2e%2e%2f%2e%2e%2fvictim.txt",
    `fileName=${encodeURIComponent(outside)}`,
    "fileName=%2Fetc%2Fpasswd",
    "fileName=..%5Cconfig.json",
    "fileName=files%5C..%5C..%5Cvictim.txt",
    "fileName=timing_0001.csv%00.txt",
    "fileName=..",
    "fileName=",
    "",
    `fileName=${"a".repeat(129)}`,
  ];
  for (const q of attempts) {
    const del = await dev.call(`/api/filesystem/file?${q}`, { method: "DELETE" });
    expect(del.status, q).toBe(400);
    expect(((await del.json()) as AnyJson).error).toBeTruthy();
    expect((await dev.call(`/api/filesystem/download?${q}`)).status, q).toBe(400);
  }
  expect(await readFile(outside, "utf8")).toBe(before);
  expect(await readFile(join(dev.dataDir, "..", "victim.txt"), "utf8")).toBe("keep");
});

it("refreshFSDB adds the example files under names not taken (the unit's own files stay)", async () => {
  const res = await dev.call(API.filesRefresh, { method: "POST" });
  expect(res.status).toBe(200);
  expect(((await res.json()) as AnyJson).refreshed).toEqual([
    "timing_0003.csv",
    "timing_0004.csv",
    "timing_0005.csv",
    "status_example.log",
  ]);
  expect(await names()).toEqual([
    "status.log",
    "status_example.log",
    "timing_0001.csv",
    "timing_0002.csv",
    "timing_0003.csv",
    "timing_0004.csv",
    "timing_0005.csv",
  ]);
});

it("bulk deletes: timing, logging, all", async () => {
  await writeFile(join(dev.dataDir, "files", "notes.txt"), "hello");
  const timing = await dev.call(API.filesDeleteTiming, { method: "DELETE" });
  expect(timing.status).toBe(200);
  expect(await names()).toEqual(["notes.txt", "status.log", "status_example.log"]);
  expect((await dev.call(API.filesDeleteLogging, { method: "DELETE" })).status).toBe(200);
  expect(await names()).toEqual(["notes.txt"]);
  const all = await dev.call(API.filesDeleteAll, { method: "DELETE" });
  expect(((await all.json()) as AnyJson).deleted).toEqual(["notes.txt"]);
  expect(await names()).toEqual([]);
});
