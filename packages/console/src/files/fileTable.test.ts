// Rows of the file table: incomplete entries, sorting by name and size, and header toggles.
import { describe, expect, it } from "vitest";
import { ariaSort, type FileRow, fileRows, nextSort, sortFiles } from "./fileTable.ts";

const rows: FileRow[] = [
  { name: "timing_10.csv", size: 300 },
  { name: "timing_2.csv", size: 5000 },
  { name: "a.log", size: undefined },
  { name: "B.txt", size: 300 },
];

describe("fileRows", () => {
  it.each([
    ["no list", undefined, [], 0],
    ["a good entry", [{ name: "x", size: 1 }], [{ name: "x", size: 1 }], 0],
    ["an entry whose size was dropped", [{ name: "x" }], [{ name: "x", size: undefined }], 0],
    ["entries without a usable name", [{ size: 3 }, { name: "", size: 1 }, undefined], [], 3],
  ] as const)("%s", (_, files, expected, unnamed) => {
    expect(fileRows(files)).toEqual({ rows: expected, unnamed });
  });
});

describe("sortFiles", () => {
  it.each([
    [
      "name ascending, numbers in order",
      { key: "name", dir: "asc" },
      ["a.log", "B.txt", "timing_2.csv", "timing_10.csv"],
    ],
    ["name descending", { key: "name", dir: "desc" }, ["timing_10.csv", "timing_2.csv", "B.txt", "a.log"]],
    [
      "size ascending, ties by name, unknown last",
      { key: "size", dir: "asc" },
      ["B.txt", "timing_10.csv", "timing_2.csv", "a.log"],
    ],
    [
      "size descending, unknown still last",
      { key: "size", dir: "desc" },
      ["timing_2.csv", "B.txt", "timing_10.csv", "a.log"],
    ],
  ] as const)("%s", (_, sort, names) => {
    expect(sortFiles(rows, sort).map((r) => r.name)).toEqual(names);
  });

  it("leaves its input alone", () => {
    const copy = [...rows];
    sortFiles(rows, { key: "size", dir: "desc" });
    expect(rows).toEqual(copy);
  });
});

describe("nextSort and ariaSort", () => {
  it.each([
    [{ key: "name", dir: "asc" }, "name", { key: "name", dir: "desc" }],
    [{ key: "name", dir: "desc" }, "name", { key: "name", dir: "asc" }],
    [{ key: "name", dir: "desc" }, "size", { key: "size", dir: "asc" }],
    [{ key: "size", dir: "asc" }, "name", { key: "name", dir: "asc" }],
  ] as const)("%o clicked on %s gives %o", (current, key, next) => {
    expect(nextSort(current, key)).toEqual(next);
  });

  it.each([
    [{ key: "name", dir: "asc" }, "name", "ascending"],
    [{ key: "name", dir: "desc" }, "name", "descending"],
    [{ key: "name", dir: "asc" }, "size", "none"],
  ] as const)("%o on column %s is %s", (current, key, value) => {
    expect(ariaSort(current, key)).toBe(value);
  });
});
