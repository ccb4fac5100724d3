// DEVICE_SEED: the unit's random draws (chaos, fault probabilities) come from one seed it logs, so the same seed and
// the same requests give the same faults (a failed soak is replayed).
import { API } from "@trc/protocol";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chaos, FaultTable } from "../src/middleware/faults.ts";
import { MAX_SEED, optionsFromEnv, resolveOptions } from "../src/options.ts";
import { RANDOM_STREAMS, randomStream } from "../src/sim/noise.ts";
import { startTestDevice } from "./helpers.ts";

describe("DEVICE_SEED", () => {
  it("is read as a whole number 0..2^32-1; unset or empty leaves the choice to the start", () => {
    expect(optionsFromEnv({ DEVICE_SEED: "12345" }).seed).toBe(12345);
    expect(optionsFromEnv({ DEVICE_SEED: ` ${MAX_SEED} ` }).seed).toBe(MAX_SEED);
    expect(optionsFromEnv({ DEVICE_SEED: "0" }).seed).toBe(0);
    expect(optionsFromEnv({}).seed).toBeUndefined();
    expect(optionsFromEnv({ DEVICE_SEED: " " }).seed).toBeUndefined();
    for (const bad of ["-1", "1.5", "abc", String(MAX_SEED + 1)]) {
      expect(() => optionsFromEnv({ DEVICE_SEED: bad }), bad).toThrow(/DEVICE_SEED must be/);
    }
  });

  it("without one, the unit picks a random seed in range; a given one is kept; a bad one is refused", () => {
    const picked = resolveOptions({ dataDir: "x" }).seed;
    expect(Number.isInteger(picked) && picked >= 0 && picked <= MAX_SEED).toBe(true);
    expect(resolveOptions({ dataDir: "x", seed: 7 }).seed).toBe(7);
    expect(() => resolveOptions({ dataDir: "x", seed: -3 })).toThrow(RangeError);
  });
});

/** The kinds of fault (or "none") and statuses `n` requests in a row get from a chaos middleware. */
async function chaosRun(seed: number, n: number, probability = 0.5): Promise<string[]> {
  const app = new Hono();
  app.use(chaos(probability, randomStream(seed, RANDOM_STREAMS.chaos), async () => {}));
  app.get("/api/x", (c) => c.json({ ok: true }));
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await app.request("/api/x");
    out.push(`${res.headers.get("x-device-chaos") ?? "none"} ${res.status}`);
  }
  return out;
}

describe("chaos from a seed", () => {
  it("the same seed gives the same faults for the same requests; another seed others", async () => {
    const a = await chaosRun(42, 200);
    expect(await chaosRun(42, 200)).toEqual(a);
    expect(await chaosRun(43, 200)).not.toEqual(a);
    // Every kind comes up, at about the asked rate.
    const kinds = new Set(a.map((x) => x.split(" ")[0]));
    expect(kinds).toEqual(new Set(["none", "error", "slow", "malformed"]));
    const faults = a.filter((x) => !x.startsWith("none")).length;
    expect(faults).toBeGreaterThan(60);
    expect(faults).toBeLessThan(140);
  });

  it("a unit with DEVICE_SEED replays its faults: two units, one seed, the same answers in the same order", async () => {
    const run = async (seed: number) => {
      const lines: string[] = [];
      const dev = await startTestDevice({ chaos: 0.3, seed, log: (line) => lines.push(line) });
      try {
        const answers: string[] = [];
        for (let i = 0; i < 12; i++) {
          const res = await dev.call(API.deviceName);
          answers.push(`${res.headers.get("x-device-chaos") ?? "none"} ${res.status}`);
          await res.arrayBuffer();
        }
        return { answers, lines };
      } finally {
        await dev.dispose();
      }
    };
    const [first, again] = await Promise.all([run(20260517), run(20260517)]);
    expect(again.answers).toEqual(first.answers);
    expect(first.answers.some((a) => !a.startsWith("none"))).toBe(true);
    // The seed is logged on its own line, and the chaos line says how to replay it.
    expect(first.lines).toContain("seed 20260517");
    expect(first.lines).toContainEqual(
      expect.stringMatching(/^chaos 0\.3: .*seed 20260517.*DEVICE_SEED=20260517/),
    );
  });
});

describe("fault probabilities from a seed", () => {
  it("draw the same failures for the same seed", () => {
    const failures = (seed: number) => {
      const table = new FaultTable(randomStream(seed, RANDOM_STREAMS.faults));
      table.add({ path: API.configGet, status: 500, count: 1000, probability: 0.3 });
      return Array.from({ length: 100 }, () => (table.take(API.configGet) ? 1 : 0)).join("");
    };
    expect(failures(9)).toBe(failures(9));
    expect(failures(9)).not.toBe(failures(10));
  });
});
