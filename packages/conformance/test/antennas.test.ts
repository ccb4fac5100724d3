// The kit's D13 checks (antennas and time sources): pass on the emulator; a unit without D13's fields, gnss or
// UHF_PORT is told what it lacks and passes; a unit that gets them wrong fails the check that names it.
import { API } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { type Report, runConformance } from "../src/index.ts";
import { type Breakage, startBrokenUnit, startEmulator, withJson } from "./units.ts";

const NAMES = [
  "telemetry uhf/config",
  "telemetry gnss",
  "antenna ports (D13)",
  "time sources (D13)",
  "UHF_PORT refusals",
  "UHF_PORT round trip",
];
const results = (report: Report) =>
  Object.fromEntries(
    report.checks
      .filter((c) => NAMES.includes(c.name))
      .map((c) => [c.name, c.status === "ok" ? "ok" : `${c.status}: ${c.reason}`]),
  );

type Json = Record<string, unknown>;

/** Rewrites the JSON answer of GET `path`. */
const rewrite =
  (path: string, change: (body: Json) => unknown): Breakage =>
  async (req, forward) => {
    const res = await forward();
    if (req.method !== "GET" || new URL(req.url).pathname !== path) return res;
    return withJson(res, change((await res.json()) as Json));
  };

/** Answers UHF_PORT with `answer` instead of the unit's own. */
const uhfPort =
  (answer: (args: string[], forward: () => Promise<Response>) => Promise<Response>): Breakage =>
  async (req, forward) => {
    if (req.method !== "POST" || new URL(req.url).pathname !== API.commandExecute) return forward();
    const body = (await req.clone().json()) as { cmd?: string; args?: string[] };
    return body.cmd === "UHF_PORT" ? answer(body.args ?? [], forward) : forward();
  };

/** Each breakage in turn, the first that answers (differently from the unit) wins. */
const all =
  (...breaks: Breakage[]): Breakage =>
  (req, forward) =>
    breaks.reduceRight<() => Promise<Response>>((next, b) => () => b(req, next), forward)();

const strip = (list: unknown, fields: string[]) =>
  (list as Json[]).map((x) => Object.fromEntries(Object.entries(x).filter(([k]) => !fields.includes(k))));

async function run(breakage: Breakage, destructive = false): Promise<Report> {
  const unit = await startBrokenUnit(breakage);
  try {
    return await runConformance({ url: unit.url, pacingMs: 0, destructive, rebootTimeoutMs: 20_000 });
  } finally {
    await unit.close();
  }
}

describe("D13 checks", () => {
  it("pass on the emulator, --destructive included", async () => {
    const unit = await startEmulator();
    try {
      const report = await runConformance({
        url: unit.url,
        pacingMs: 0,
        destructive: true,
        rebootTimeoutMs: 20_000,
      });
      expect(results(report)).toEqual(Object.fromEntries(NAMES.map((n) => [n, "ok"])));
    } finally {
      await unit.close();
    }
  });

  it("an older unit (SPEC's fields only, no GPS, no UHF_PORT) is told what it lacks, and passes", async () => {
    const report = await run(
      all(
        rewrite(API.telemetry("uhf/ports"), (b) => ({
          channels: strip(b.channels, ["state", "rssi", "hits", "identifying"]),
        })),
        rewrite(API.telemetry("time/sources"), (b) => ({
          ...b,
          sources: strip(b.sources, ["kind", "followed"]),
        })),
        rewrite(API.telemetry("uhf/config"), () => ({ region: "Australia", power: "HIGH", tx: "ON" })),
        async (req, forward) =>
          new URL(req.url).pathname === API.telemetry("gnss")
            ? withJson(await forward(), { error: "No such API path" }, 404)
            : forward(),
        uhfPort(async (_, forward) => withJson(await forward(), { error: "Unknown command: UHF_PORT" }, 404)),
      ),
    );
    expect(results(report)).toEqual({
      "telemetry uhf/config": "skip: an older unit: uhf/config carries none of D13's transmitter, ports",
      "telemetry gnss": "skip: no GPS (gnss answered 404, as D13 says a unit without GPS does)",
      "antenna ports (D13)":
        "skip: an older unit: uhf/ports carries none of D13's state, rssi, hits, identifying (the console works the state out from ant and reads)",
      "time sources (D13)": "skip: an older unit: time/sources carries neither kind nor followed (D13)",
      "UHF_PORT refusals": "skip: no UHF_PORT (it answered 404; D13's port control is optional)",
    });
    expect(report.failed).toBe(0);
  });

  it("a unit that gets D13 wrong fails the check that names it", async () => {
    const report = await run(
      all(
        rewrite(API.telemetry("uhf/ports"), (b) => ({
          channels: (b.channels as Json[]).map((c, i) => (i === 3 ? { ...c, ant: true } : c)),
        })),
        rewrite(API.telemetry("time/sources"), (b) => ({
          ...b,
          sources: (b.sources as Json[]).map((s) => ({ ...s, followed: true })),
        })),
        rewrite(API.telemetry("gnss"), (b) => ({ ...b, fix: "3D" })),
        // Takes a channel it does not have.
        uhfPort(async (args, forward) =>
          args[0] === "0" ? withJson(await forward(), { id: -1, enabled: true, pwr: 30 }, 200) : forward(),
        ),
      ),
    );
    const failed = Object.fromEntries(
      report.checks.filter((c) => c.status === "fail").map((c) => [c.name, c.reason]),
    );
    expect(Object.keys(failed).sort()).toEqual(
      ["antenna ports (D13)", "telemetry gnss", "time sources (D13)", "UHF_PORT refusals"].sort(),
    );
    expect(failed["antenna ports (D13)"]).toBe(
      "uhf/ports.channels.3 is absent with ant true (D13: absent is ant false)",
    );
    expect(failed["time sources (D13)"]).toMatch(
      /^time\/sources has 3 followed sources, expected exactly one \(D13\); time\/sources follows gps with gps_correction false/,
    );
    expect(failed["telemetry gnss"]).toMatch(/^gnss\.fix /);
    expect(failed["UHF_PORT refusals"]).toBe(
      'POST /api/commands/execute answered 200 to UHF_PORT ["0","ON",""] (no port 0: channels are 1-based), expected 400',
    );
  });

  it("--destructive: a unit that takes a power below 10 dB, or leaves a port switched off reading, fails the round trip", async () => {
    const report = await run(
      all(
        uhfPort(async (args, forward) =>
          args[2] === "9.5" ? withJson(await forward(), { id: 0, enabled: true, pwr: 9.5 }, 200) : forward(),
        ),
        rewrite(API.telemetry("uhf/ports"), (b) => ({
          channels: (b.channels as Json[]).map((c) => (c.state === "off" ? { ...c, state: "ok" } : c)),
        })),
      ),
      true,
    );
    const roundTrip = report.checks.find((c) => c.name === "UHF_PORT round trip");
    expect(roundTrip?.status).toBe("fail");
    expect(roundTrip?.reason).toContain(
      'answered 200 to UHF_PORT ["1","ON","9.5"] (power below 10.0), expected 400',
    );
    expect(roundTrip?.reason).toContain("uhf/ports: port 1 switched off reads state ok");
    expect(roundTrip?.reason).toContain("uhf/ports after UHF_TX OFF: port 1, 2, 3, 4 not off");
  });
});
