// The one way to write: which answers a write accepts, what a refusal throws, and the step it is sent through.
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeviceError } from "./errors.ts";
import { type Answer, write } from "./write.ts";

const UNIT = "http://10.7.0.1";

/** A unit answering every request with `status` and `body`. */
function unit(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("write", () => {
  it("accepts any 2xx by default; with `only: 200` a 204 is refused with its status", async () => {
    unit(204, null);
    await expect(write("/api/x", { base: UNIT, method: "DELETE" })).resolves.toMatchObject({ status: 204 });
    const err = await write("/api/x", { base: UNIT, method: "DELETE", only: 200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect(err).toMatchObject({ kind: "http", status: 204, message: "HTTP 204" });
  });

  it("is sent through `via` with the write's options at priority 1, and judges the answer `via` gives", async () => {
    const sent: unknown[] = [];
    const via = async (path: string, opts: object): Promise<Answer> => {
      sent.push([path, opts]);
      return { status: 429, body: { error: "Too many wrong passwords: try again in 58 s" }, retryAfterS: 57 };
    };
    const err = await write("/api/auth/test", { json: { auth_pw: "pw" }, only: 200 }, via).catch(
      (e: unknown) => e,
    );
    expect(sent).toEqual([["/api/auth/test", { priority: 1, json: { auth_pw: "pw" } }]]);
    expect(err).toMatchObject({ status: 429, message: "Too many wrong passwords: try again in 57 s" });
    const ok = await write("/api/x", {}, async () => ({ status: 200, body: { level: 20 } }));
    expect(ok).toEqual({ status: 200, body: { level: 20 } });
  });
});
