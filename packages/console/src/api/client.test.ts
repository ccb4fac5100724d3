// The API client's request shape: a defined JSON body (null, 0 and false too) is POSTed with its body; per-unit gates.
import { afterEach, describe, expect, it, vi } from "vitest";
import { allUnitsGate, gateOf, MAX_IN_FLIGHT_IN_ALL, send } from "./client.ts";
import { chooseUnit, originUnit, useConnection } from "./connection.ts";

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

  it(`requests to many units: at most 2 in flight to a unit, ${MAX_IN_FLIGHT_IN_ALL} in all`, async () => {
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
    const units = Array.from({ length: 5 }, (_, i) => `http://10.1.0.${i + 1}`);
    const all = units.flatMap((base) => [1, 2, 3].map(() => send("/api/x", { base })));
    let answered = 0;
    for (const p of all) void p.then(() => answered++);
    while (answered < all.length) {
      await vi.waitFor(() => expect(release.length).toBeGreaterThan(0));
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(all);
    expect(most).toBe(MAX_IN_FLIGHT_IN_ALL);
    expect(mostPerUnit).toBe(2);
    expect(allUnitsGate.inFlight).toBe(0);
  });

  it("a request made for one unit goes to it even when another is chosen while it waits for a slot", async () => {
    const calls: string[] = [];
    const release: (() => void)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) => {
        calls.push(url);
        return new Promise<Response>((done) => release.push(() => done(new Response("{}", { status: 200 }))));
      }),
    );
    chooseUnit("http://10.0.0.1");
    try {
      const queued = [send("/api/a"), send("/api/b"), send("/api/c")];
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      chooseUnit("http://10.0.0.2");
      release.shift()?.();
      await vi.waitFor(() => expect(calls).toHaveLength(3));
      expect(calls[2]).toBe("http://10.0.0.1/api/c");
      for (const r of release.splice(0)) r();
      await Promise.all(queued);
    } finally {
      chooseUnit(originUnit());
    }
  });

  it("one gate per unit whatever the spelling: HTTP://Decoder.local/ and http://decoder.local hold 2 slots in all", async () => {
    expect(gateOf("HTTP://Decoder.local/")).toBe(gateOf("http://decoder.local"));
    expect(gateOf("192.168.4.1:80")).toBe(gateOf("http://192.168.4.1"));
    expect(gateOf("http://192.168.4.1:8080")).not.toBe(gateOf("http://192.168.4.1"));
    let open = 0;
    let most = 0;
    const release: (() => void)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(() => {
        open++;
        most = Math.max(most, open);
        return new Promise<Response>((done) =>
          release.push(() => {
            open--;
            done(new Response("{}", { status: 200 }));
          }),
        );
      }),
    );
    const spellings = ["HTTP://Decoder.local/", "http://decoder.local", "http://DECODER.local:80"];
    const all = spellings.flatMap((base) => [send("/api/a", { base }), send("/api/b", { base })]);
    await vi.waitFor(() => expect(open).toBe(2));
    while (release.length || open) {
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(all);
    expect(most).toBe(2);
  });
});

describe("connection state", () => {
  afterEach(() => chooseUnit(originUnit()));

  it("an answer of the chosen unit under any spelling updates it; another unit's does not", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 200 })),
    );
    chooseUnit("http://decoder.local");
    expect(useConnection.getState().online).toBeNull();
    await send("/api/a", { base: "http://10.0.0.9" });
    expect(useConnection.getState().online).toBeNull();
    await send("/api/a", { base: "HTTP://Decoder.local/" });
    expect(useConnection.getState().online).toBe(true);
  });

  it("an answer that arrives after another unit was chosen is not about the new one", async () => {
    let answer: (() => void) | undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(
        () => new Promise<Response>((done) => (answer = () => done(new Response("{}", { status: 200 })))),
      ),
    );
    chooseUnit("http://10.0.0.1");
    const late = send("/api/a");
    await vi.waitFor(() => expect(answer).toBeDefined());
    chooseUnit("http://10.0.0.2");
    answer?.();
    await late;
    expect(useConnection.getState()).toMatchObject({
      unit: "http://10.0.0.2",
      online: null,
      lastAnswerAt: null,
    });
  });
});
