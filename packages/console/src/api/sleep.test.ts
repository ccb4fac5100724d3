// The shared wait: resolves after its time, rejects at once on abort, and leaves no abort listener behind.
import { describe, expect, it, vi } from "vitest";
import { sleep } from "./sleep.ts";

describe("sleep", () => {
  it("resolves after its time and removes its abort listener", async () => {
    vi.useFakeTimers();
    const ctl = new AbortController();
    const remove = vi.spyOn(ctl.signal, "removeEventListener");
    let done = false;
    const p = sleep(500, ctl.signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(done).toBe(true);
    expect(remove).toHaveBeenCalledWith("abort", expect.any(Function));
    vi.useRealTimers();
  });

  it("rejects with the abort reason, also when already aborted", async () => {
    const ctl = new AbortController();
    const p = sleep(60_000, ctl.signal);
    ctl.abort(new Error("left the page"));
    await expect(p).rejects.toThrow("left the page");
    await expect(sleep(10, ctl.signal)).rejects.toThrow("left the page");
  });
});
