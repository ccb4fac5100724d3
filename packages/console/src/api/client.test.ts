// The API client's request shape: a defined JSON body (null, 0 and false too) is POSTed with its body; per-unit gates.
import { afterEach, describe, expect, it, vi } from "vitest";
import { gateOf, send } from "./client.ts";

afterEach(() => vi.unstubAllGlobals());

function stubFetch() {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{"ok":true}', { status: 200 });
    }),
  );
  return calls;
}

describe("send", () => {
  it.each([null, 0, false, "", { key: "a" }])("json %j: a POST carrying exactly that body", async (json) => {
    const calls = stubFetch();
    const answer = await send("/api/x", { json });
    expect(answer.status).toBe(200);
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.body).toBe(JSON.stringify(json));
  });

  it("no body: a GET without a body", async () => {
    const calls = stubFetch();
    await send("/api/x");
    expect(calls[0]?.init.method).toBe("GET");
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it("a request to another unit goes to its address, through its own gate", async () => {
    const calls = stubFetch();
    await send("/api/x", { base: "http://10.0.0.9" });
    expect(calls[0]?.url).toBe("http://10.0.0.9/api/x");
    expect(gateOf("http://10.0.0.9")).not.toBe(gateOf());
    expect(gateOf("http://10.0.0.9")).toBe(gateOf("http://10.0.0.9"));
  });
});
