// Reading a file: progress to the end, and a page-long signal keeps no listener (nor buffer) once a read is over.
import { describe, expect, it, vi } from "vitest";
import { readWithProgress } from "./readFile.ts";

describe("readWithProgress", () => {
  it("reads the bytes and removes its abort listener from the page's signal when done", async () => {
    const page = new AbortController();
    const add = vi.spyOn(page.signal, "addEventListener");
    const remove = vi.spyOn(page.signal, "removeEventListener");
    const fractions: number[] = [];
    for (let i = 0; i < 3; i++) {
      const bytes = await readWithProgress(
        new Blob([new Uint8Array([1, 2, 3])]),
        (f) => fractions.push(f),
        page.signal,
      );
      expect([...bytes]).toEqual([1, 2, 3]);
    }
    expect(add).toHaveBeenCalledTimes(3);
    expect(remove.mock.calls.map((c) => c[1])).toEqual(add.mock.calls.map((c) => c[1]));
  });

  it("refuses at once on a signal already stopped", async () => {
    const page = new AbortController();
    page.abort(new Error("Left the firmware page"));
    await expect(readWithProgress(new Blob(["x"]), () => {}, page.signal)).rejects.toThrow(
      "Left the firmware page",
    );
  });
});
