// The API client's request shape: a defined JSON body (null, 0 and false too) is POSTed with its body; per-unit gates.
import { afterEach, describe, expect, it, vi } from "vitest";
import { gateOf, send, shareGate } from "./client.ts";
import { RequestGate } from "./queue.ts";

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

  it("alsoGate: requests to many units pass a shared limit too, each unit still at most 2", async () => {
    let open = 0;
    let most = 0;
    const perUnit = new Map<string, number>();
    let mostPerUnit = 0;
    const release: (() => void)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const unit = new URL(url).origin;
        open++;
        perUnit.set(unit, (perUnit.get(unit) ?? 0) + 1);
        most = Math.max(most, open);
        mostPerUnit = Math.max(mostPerUnit, perUnit.get(unit) ?? 0);
        await new Promise<void>((r) => release.push(r));
        open--;
        perUnit.set(unit, (perUnit.get(unit) ?? 0) - 1);
        return new Response("{}", { status: 200 });
      }),
    );
    const shared = new RequestGate(3);
    const all = ["http://10.1.0.1", "http://10.1.0.2", "http://10.1.0.3"].flatMap((base) =>
      [1, 2, 3].map(() => send("/api/x", { base, alsoGate: shared })),
    );
    let answered = 0;
    for (const p of all) void p.then(() => answered++);
    while (answered < all.length) {
      await vi.waitFor(() => expect(release.length).toBeGreaterThan(0));
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(all);
    expect(most).toBe(3);
    expect(mostPerUnit).toBeLessThanOrEqual(2);
    expect(shared.maxRunning).toBe(3);
  });

  it("a json function is called when the request leaves the gate, not when it is queued", async () => {
    const release: (() => void)[] = [];
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(init.body);
        await new Promise<void>((r) => release.push(r));
        return new Response("{}", { status: 200 });
      }),
    );
    const base = "http://10.2.0.1";
    const busy = [send("/api/a", { base }), send("/api/b", { base })];
    await vi.waitFor(() => expect(release).toHaveLength(2));
    let calledAt = "";
    const late = send("/api/c", {
      base,
      json: () => {
        calledAt = "left the gate";
        return { at: 42 };
      },
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(calledAt).toBe("");
    release.shift()?.();
    await vi.waitFor(() => expect(calledAt).toBe("left the gate"));
    expect(bodies[2]).toBe('{"at":42}');
    await vi.waitFor(() => expect(release).toHaveLength(2));
    for (const r of release.splice(0)) r();
    await Promise.all([...busy, late]);
  });

  it("shareGate: while set, every request passes that gate too", async () => {
    stubFetch();
    const shared = new RequestGate(6);
    shareGate(shared);
    try {
      await Promise.all([send("/api/x"), send("/api/y", { base: "http://10.2.0.1" })]);
    } finally {
      shareGate(null);
    }
    expect(shared.maxRunning).toBe(2);
    await send("/api/z");
    expect(shared.maxRunning).toBe(2);
  });
});
