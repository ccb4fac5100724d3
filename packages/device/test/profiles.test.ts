// Profiles and chaos: the esp32 profile handles at most 4 requests at once; chaos produces each kind of fault.
import { API } from "@trc/protocol";
import { expect, it } from "vitest";
import { startTestDevice } from "./helpers.ts";

it("esp32 limits concurrency to 4 and queues the rest", async () => {
  const dev = await startTestDevice({ profile: "esp32", testHooks: true });
  try {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 12 }, () => dev.call(API.configGet)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    // 12 requests, 4 at a time, at least 20 ms each.
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    const stats = (await dev.getJson("/api/__test/stats")).body;
    expect(stats.requests).toBe(12);
    expect(stats.maxInFlight).toBeGreaterThan(4);
    expect(stats.maxHandling).toBe(4);
    expect(stats.inFlight).toBe(0);
  } finally {
    await dev.dispose();
  }
});

it("chaos 1 makes every /api answer a fault of some kind, and leaves the console alone", async () => {
  const dev = await startTestDevice({ chaos: 1 });
  try {
    const kinds = new Set<string>();
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const res = await dev.call(API.deviceName, { signal: AbortSignal.timeout(5000) });
        const kind = res.headers.get("x-device-chaos") ?? "none";
        kinds.add(kind);
        const text = await res.text();
        return { kind, status: res.status, text };
      }),
    );
    expect(kinds.has("none")).toBe(false);
    for (const a of answers) {
      if (a.kind === "error") expect([500, 503]).toContain(a.status);
      if (a.kind === "malformed") {
        expect(a.status).toBe(200);
        expect(() => JSON.parse(a.text)).toThrow();
      }
      if (a.kind === "slow") expect(JSON.parse(a.text).deviceName).toBe("DECODER-01");
    }
    expect(kinds.size).toBe(3);
    expect((await dev.call("/")).headers.get("x-device-chaos")).toBeNull();
  } finally {
    await dev.dispose();
  }
}, 10_000);
