// The kit's race control checks (D12): pass on the emulator; a unit without GET /api/telemetry/timing is skipped as
// "no timing port", nothing failed; a port that takes no connection, or answers CLOCK wrongly, fails "timing port".
import { createServer, type Server } from "node:net";
import { API } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { type Report, runConformance } from "../src/index.ts";
import { startBrokenUnit, startEmulator, withJson } from "./units.ts";

const NAMES = ["telemetry timing", "timing port"];
const results = (report: Report) =>
  Object.fromEntries(
    report.checks
      .filter((c) => NAMES.includes(c.name))
      .map((c) => [c.name, c.status === "ok" ? "ok" : `${c.status}: ${c.reason}`]),
  );

/** A timing port that beats and answers every request with `answer(line)`. */
async function fakePort(answer: (line: string) => string): Promise<{ port: number; server: Server }> {
  const server = createServer((socket) => {
    socket.write("*\r");
    let text = "";
    socket.on("data", (d) => {
      text += d.toString("latin1");
      const lines = text.split("\r");
      text = lines.pop() ?? "";
      for (const line of lines) socket.write(`${answer(line)}\r`);
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return { port: (server.address() as { port: number }).port, server };
}

describe("race control checks", () => {
  it("pass on the emulator: the dataset, a heartbeat, CLOCK, ERROR for a bad line and a REWIND over a year", async () => {
    const unit = await startEmulator();
    try {
      const report = await runConformance({ url: unit.url, pacingMs: 0 });
      expect(results(report)).toEqual({ "telemetry timing": "ok", "timing port": "ok" });
    } finally {
      await unit.close();
    }
  });

  it("a unit without race control: 'no timing port', both skipped, nothing failed", async () => {
    const unit = await startBrokenUnit(async (req, forward) =>
      new URL(req.url).pathname === API.telemetry("timing")
        ? withJson(await forward(), { error: "No such API path" }, 404)
        : forward(),
    );
    try {
      const report = await runConformance({ url: unit.url, pacingMs: 0 });
      const skip =
        "skip: no timing port (GET /api/telemetry/timing answered 404; race control is optional, D12)";
      expect(results(report)).toEqual({ "telemetry timing": skip, "timing port": skip });
      expect(report.failed).toBe(0);
    } finally {
      await unit.close();
    }
  });

  it("a filtered port that takes no connection, or answers CLOCK wrongly, fails 'timing port'", async () => {
    // One unit a run: a run's password checks hold the unit's guessing limit for a minute.
    const units = await Promise.all([startEmulator(), startEmulator()]);
    const closed = await fakePort(() => "ERROR");
    closed.server.close();
    const wrong = await fakePort((line) => (line === "CLOCK" ? "CLOCK 2026-06-01T10:00:00Z" : "ERROR"));
    try {
      const [refused, clock] = await Promise.all([
        runConformance({ url: units[0].url, pacingMs: 0, timingPort: closed.port }),
        runConformance({ url: units[1].url, pacingMs: 0, timingPort: wrong.port }),
      ]);
      expect(results(refused)["timing port"]).toMatch(
        new RegExp(`^fail: the filtered port 127\\.0\\.0\\.1:${closed.port}: no connection`),
      );
      expect(results(clock)["timing port"]).toBe(
        `fail: the filtered port 127.0.0.1:${wrong.port}: CLOCK answered "CLOCK 2026-06-01T10:00:00Z", expected "CLOCK dd-MM-yyyy HH:mm:ss"`,
      );
      expect(clock.checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual(["timing port"]);
    } finally {
      wrong.server.close();
      await Promise.all(units.map((u) => u.close()));
    }
  });
});
