// Byte counts for the storage card and the files table: base 1000, 2 decimals, and no crash on odd values.
import { describe, expect, it } from "vitest";
import { formatBytes } from "./bytes.ts";

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [999, "999 B"],
    [1000, "1.00 kB"],
    [1234, "1.23 kB"],
    [999_999, "1000.00 kB"],
    [1_000_000, "1.00 MB"],
    [2_345_678_901, "2.35 GB"],
    [5e15, "5.00 PB"],
    [5e18, "5000.00 PB"],
    [-1, "?"],
    [Number.NaN, "?"],
    [Number.POSITIVE_INFINITY, "?"],
    [undefined, "?"],
  ])("%s bytes reads %s", (bytes, text) => {
    expect(formatBytes(bytes, "?")).toBe(text);
  });
});
