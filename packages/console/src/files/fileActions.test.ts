// Delete and refresh as the device answers them: only 200 deletes; failures name the file and the device's words.
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeviceError } from "../api/errors.ts";
import { deleteFailure, deleteFile, refreshFailure, refreshFileSystem } from "./fileActions.ts";

const UNIT = "http://10.4.0.1";

/** A unit answering every request with `status` and `body`; the requests it got. */
function answer(status: number, body: unknown) {
  const asked: { url: string; method: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push({ url, method: String(init.method) });
      const text = body === null ? "" : typeof body === "string" ? body : JSON.stringify(body);
      return new Response(status === 204 ? null : text, { status });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("deleteFile", () => {
  it.each([[null], [{ anything: 1 }]])("a 200 (body %o) deletes", async (body) => {
    const asked = answer(200, body);
    await expect(deleteFile("a.csv", UNIT)).resolves.toBeUndefined();
    expect(asked).toEqual([{ url: `${UNIT}/api/filesystem/file?fileName=a.csv`, method: "DELETE" }]);
  });

  it.each([
    [204, null, "Could not delete a.csv: HTTP 204"],
    [404, { error: "No such file" }, "Could not delete a.csv: HTTP 404: No such file"],
    [500, "flash busy", "Could not delete a.csv: HTTP 500: flash busy"],
  ] as const)("status %i with %o is refused: %s", async (status, body, text) => {
    answer(status, body);
    const err = await deleteFile("a.csv", UNIT).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect((err as DeviceError).status).toBe(status);
    expect(deleteFailure("a.csv", err)).toBe(text);
  });
});

describe("refreshFileSystem", () => {
  it.each([[200], [204]])("status %i rebuilt the files", async (status) => {
    const asked = answer(status, null);
    await expect(refreshFileSystem(UNIT)).resolves.toBeUndefined();
    expect(asked).toEqual([{ url: `${UNIT}/api/filesystem/dev/refreshFSDB`, method: "POST" }]);
  });

  it("a 503 is refused with the status", async () => {
    answer(503, null);
    const err = await refreshFileSystem(UNIT).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect(refreshFailure(err)).toBe("Could not refresh the files: HTTP 503");
  });
});
