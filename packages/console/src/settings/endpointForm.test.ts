// The Query Endpoint form: addresses stored in their canonical form, bad URLs are refused with a reason, and Submit's 500 ms phases.
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkTypedEndpoint, runSubmitAnimation } from "./endpointForm.ts";

afterEach(() => vi.useRealTimers());

describe("checkTypedEndpoint", () => {
  it.each([
    ["", { ok: true, rootAPI: "", intended: "http://page.origin" }],
    ["localhost:8080", { ok: true, rootAPI: "http://localhost:8080", intended: "http://localhost:8080" }],
    ["   ", { ok: true, rootAPI: "", intended: "http://page.origin" }],
    ["localhost", { ok: true, rootAPI: "http://localhost", intended: "http://localhost" }],
    ["http://10.0.0.2/", { ok: true, rootAPI: "http://10.0.0.2", intended: "http://10.0.0.2" }],
    // One unit, one address: the stored rootAPI is the canonical form, as the fleet's and the request gate's.
    [
      "HTTP://Decoder.local/",
      { ok: true, rootAPI: "http://decoder.local", intended: "http://decoder.local" },
    ],
    ["192.168.4.1:80", { ok: true, rootAPI: "http://192.168.4.1", intended: "http://192.168.4.1" }],
    [
      " https://decoder.local:443// ",
      { ok: true, rootAPI: "https://decoder.local", intended: "https://decoder.local" },
    ],
    ["ftp://10.0.0.2", { ok: false, reason: "Use an http:// or https:// address" }],
    ["http://10.0.0.2/?x=1", { ok: false, reason: "No query or fragment, just the device address" }],
    ["http://exa mple", { ok: false, reason: "Not a valid URL (for example http://192.168.4.1)" }],
    ["http://", { ok: false, reason: "Not a valid URL (for example http://192.168.4.1)" }],
  ])("%j", (typed, result) => {
    expect(checkTypedEndpoint(typed, "http://page.origin")).toEqual(result);
  });
});

describe("runSubmitAnimation", () => {
  it("spins 500 ms, re-reads, shows the check 500 ms, then rests", () => {
    vi.useFakeTimers();
    const phases: string[] = [];
    const reread = vi.fn();
    runSubmitAnimation((p) => phases.push(p), reread);
    expect(phases).toEqual(["saving"]);
    vi.advanceTimersByTime(499);
    expect(reread).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reread).toHaveBeenCalledTimes(1);
    expect(phases).toEqual(["saving", "saved"]);
    vi.advanceTimersByTime(500);
    expect(phases).toEqual(["saving", "saved", "idle"]);
  });

  it("cancelling stops the remaining phases", () => {
    vi.useFakeTimers();
    const phases: string[] = [];
    const cancel = runSubmitAnimation(
      (p) => phases.push(p),
      () => {},
    );
    vi.advanceTimersByTime(600);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(phases).toEqual(["saving", "saved"]);
  });
});
