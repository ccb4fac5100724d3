// Unit tests of the client's errors: a 429 of the password limit reads "Too many wrong passwords: try again in N s", N from Retry-After.
import { afterEach, describe, expect, it, vi } from "vitest";
import { request } from "./client.ts";
import { DeviceError, isGuessLimit, retryAfterSeconds } from "./errors.ts";

afterEach(() => vi.unstubAllGlobals());

describe("retryAfterSeconds", () => {
  it.each([
    ["42", 42],
    [" 7 ", 7],
    ["0", 0],
    [null, undefined],
    ["", undefined],
    ["soon", undefined],
    ["-3", undefined],
  ])("%j -> %j", (header, seconds) => {
    expect(retryAfterSeconds(header)).toBe(seconds);
  });

  it("an HTTP date: the seconds until then", () => {
    const now = Date.parse("2026-11-23T10:00:00Z");
    expect(retryAfterSeconds("Mon, 23 Nov 2026 10:00:30 GMT", now)).toBe(30);
  });
});

describe("DeviceError.http", () => {
  it("429 with Retry-After: the wait in the message, whatever the reason says", () => {
    const err = DeviceError.http(429, { error: "Too many wrong passwords: try again in 59 s" }, 12);
    expect(err.message).toBe("Too many wrong passwords: try again in 12 s");
    expect(err.retryAfterS).toBe(12);
    expect(isGuessLimit(err)).toBe(true);
  });

  it("429 without Retry-After: the wait the reason states; without either, the status and reason", () => {
    expect(DeviceError.http(429, { error: "Too many wrong passwords: try again in 9 s" }).message).toBe(
      "Too many wrong passwords: try again in 9 s",
    );
    expect(DeviceError.http(429, { error: "slow down" }).message).toBe("HTTP 429: slow down");
  });

  it("other statuses keep 'HTTP N: reason' and are no guess limit", () => {
    const err = DeviceError.http(401, { error: "Password was incorrect" }, 5);
    expect(err.message).toBe("HTTP 401: Password was incorrect");
    expect(isGuessLimit(err)).toBe(false);
  });

  it("from the wire: the client passes the Retry-After header on", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response('{"error":"Too many wrong passwords: try again in 40 s"}', {
            status: 429,
            headers: { "Retry-After": "41", "Content-Type": "application/json" },
          }),
      ),
    );
    const failure = await request("/api/commands/execute", {} as never).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DeviceError);
    expect((failure as DeviceError).message).toBe("Too many wrong passwords: try again in 41 s");
  });
});
