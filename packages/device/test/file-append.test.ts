// The unit's file append: a timing file grows by its new rows only (never read back nor rewritten), safely inside the folder.
import { readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileSystem } from "../src/state/file-system.ts";
import { tempDir } from "./helpers.ts";

describe("FileSystem.append", () => {
  it("makes a missing file with its header, then adds at its end in the same file (same inode: nothing rewritten)", async () => {
    const dir = await tempDir();
    const files = new FileSystem(dir);
    await files.append("timing_0001.csv", "row 1\n", "header\n");
    const made = await stat(join(dir, "timing_0001.csv"));
    await files.append("timing_0001.csv", "row 2\n", "header\n");
    await files.append("timing_0001.csv", "row 3\n");
    expect(await readFile(join(dir, "timing_0001.csv"), "utf8")).toBe("header\nrow 1\nrow 2\nrow 3\n");
    expect((await stat(join(dir, "timing_0001.csv"))).ino).toBe(made.ino);
  });

  it("keeps every row of appends made at once, each whole, under one header", async () => {
    const files = new FileSystem(await tempDir());
    const rows = Array.from({ length: 200 }, (_, i) => `row ${i}\n`);
    await Promise.all(rows.map((row) => files.append("timing_0002.csv", row, "header\n")));
    const text = (await files.read("timing_0002.csv"))?.toString("utf8") ?? "";
    // The header once, first (the append that made the file wrote it); every row once.
    expect(text.startsWith("header\n")).toBe(true);
    expect(text.split("\n").filter(Boolean).sort()).toEqual(["header", ...rows.map((r) => r.trim())].sort());
  });

  it("refuses a link in the file's place and a name that leaves the folder, writing nothing outside", async () => {
    const dir = await tempDir();
    const outside = join(await tempDir(), "victim.txt");
    await writeFile(outside, "untouched\n");
    await symlink(outside, join(dir, "timing_0003.csv"));
    const files = new FileSystem(dir);
    await expect(files.append("timing_0003.csv", "row\n")).rejects.toThrow(/ELOOP/);
    await files.append("../victim.txt", "row\n");
    expect(await readFile(outside, "utf8")).toBe("untouched\n");
  });
});
