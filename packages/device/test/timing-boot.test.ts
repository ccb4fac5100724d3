// Race control across power cycles (D12): a reboot closes both ports and comes back in test mode with them listening;
// a port change in the configuration applies at the next boot; a busy port falls back to a free one; the reset hook
// returns to test mode with a fresh session; fleet units each get their own pair of ports.
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { API } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../src/broker/mosquitto.ts";
import { startFleet, timingPortsText } from "../src/fleet.ts";
import { Program, until } from "../src/net/test-program.ts";
import { reachable, startTestDevice, type TestDevice, tempDir } from "./helpers.ts";
import {
  advance,
  connectProgram,
  execute,
  passings,
  readsStopped,
  timing,
  timingPorts,
} from "./timing-helpers.ts";

const IDLE = { mode: "test", session: null, programs: [], replay: null };

describe("reboots and the reset hook", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice({ testHooks: true, timingHeartbeatMs: 1000 });
  });
  afterAll(() => dev.dispose());

  it("a reboot closes both ports with their programs and comes back in test mode, listening on the same ports", async () => {
    const ports = await timingPorts(dev);
    await execute(dev, "TIMING_START");
    const filtered = await connectProgram(dev, "filtered");
    const raw = await connectProgram(dev, "raw");
    await execute(dev, "REBOOT");
    await until(() => filtered.closed && raw.closed);
    await until(() => !dev.isUp());
    expect(dev.timingPorts()).toEqual({ raw: null, filtered: null });
    await expect.poll(() => reachable(dev.url), { timeout: 10_000 }).toBe(true);
    expect(await timingPorts(dev)).toEqual(ports);
    expect(await timing(dev)).toMatchObject(IDLE);
    const again = await connectProgram(dev, "filtered");
    await advance(dev, 1500);
    await until(() => again.lines().includes("*"));
  });

  it("the reset hook: test mode, a fresh session and filter, the programs gone, the ports listening again", async () => {
    const ports = await timingPorts(dev);
    expect(await execute(dev, "TIMING_START")).toMatchObject({ file: "timing_0005.csv" });
    await execute(dev, "MARKER");
    const program = await connectProgram(dev, "filtered");
    await until(() => program.data().length >= 2);
    expect((await dev.postJson("/api/__test/reset", {})).status).toBe(200);
    await until(() => program.closed);
    expect(await timing(dev)).toMatchObject(IDLE);
    expect(await timingPorts(dev)).toEqual(ports);
    const names = ((await dev.getJson(API.filesAll)).body.files as { name: string }[]).map((f) => f.name);
    expect(names.filter((n) => n.startsWith("timing_"))).toEqual([
      "timing_0001.csv",
      "timing_0002.csv",
      "timing_0003.csv",
    ]);
    // A new session numbers from the files there now; Filtered counts start again (no read meanwhile).
    await readsStopped(dev, true);
    expect(await execute(dev, "TIMING_START")).toMatchObject({ file: "timing_0004.csv" });
    expect(await passings(dev)).toMatchObject({ filtered: 0, sent: 0, left: 0 });
    await execute(dev, "TIMING_STOP");
  });
});

describe("where the ports listen", () => {
  it("the configuration's ports, a change applying at the next boot", async () => {
    const [http, raw, filtered, raw2, filtered2] = await Promise.all([1, 2, 3, 4, 5].map(() => freePort()));
    const data = join(await tempDir(), "data");
    await mkdir(data, { recursive: true });
    await writeFile(join(data, "config.json"), JSON.stringify({ raw_port: raw, filtered_port: filtered }));
    const dev = await startTestDevice({ port: http }, data);
    try {
      expect(dev.timingPorts()).toEqual({ raw, filtered });
      for (const [key, value] of [
        ["raw_port", raw2],
        ["filtered_port", filtered2],
      ] as const) {
        expect((await dev.postJson(API.configSet, { key, value, time: "t" })).status).toBe(200);
      }
      expect(dev.timingPorts()).toEqual({ raw, filtered });
      await dev.reboot();
      expect(dev.timingPorts()).toEqual({ raw: raw2, filtered: filtered2 });
      const program = await Program.connect(filtered2 ?? 0);
      program.end();
    } finally {
      await dev.dispose();
    }
  });

  it("a port in use: the unit listens on a free one and says so", async () => {
    const busy = createServer();
    await new Promise<void>((ready) => busy.listen(0, "127.0.0.1", ready));
    const taken = (busy.address() as { port: number }).port;
    const lines: string[] = [];
    const dev = await startTestDevice({ filteredPort: taken, log: (line) => lines.push(line) });
    try {
      const { filtered } = dev.timingPorts();
      expect(filtered).not.toBe(taken);
      expect(filtered).toBeGreaterThan(0);
      expect(lines).toContain(
        `the filtered timing port ${taken} is in use: listening on ${filtered} instead`,
      );
    } finally {
      await dev.dispose();
      busy.close();
    }
  });

  it("a unit whose HTTP port is taken does not start, and leaves no timing port behind", async () => {
    const busy = createServer();
    await new Promise<void>((ready) => busy.listen(0, "127.0.0.1", ready));
    const http = (busy.address() as { port: number }).port;
    const [raw, filtered] = await Promise.all([freePort(), freePort()]);
    try {
      await expect(startTestDevice({ port: http, rawPort: raw, filteredPort: filtered })).rejects.toThrow(
        /EADDRINUSE/,
      );
      for (const port of [raw, filtered]) {
        const probe = createServer();
        await new Promise<void>((ready) => probe.listen(port, "127.0.0.1", ready));
        await new Promise<void>((done) => probe.close(() => done()));
      }
    } finally {
      busy.close();
    }
  });

  it("fleet units each get their own pair of ports", async () => {
    const fleet = await startFleet({ count: 3, dataRoot: await tempDir(), shared: { log: () => {} } });
    try {
      const ports = fleet.units.flatMap((u) => Object.values(u.timingPorts()));
      expect(ports.every((p) => typeof p === "number" && p > 0)).toBe(true);
      expect(new Set(ports).size).toBe(6);
      const [one] = fleet.units;
      expect(timingPortsText(fleet.units)).toMatch(
        new RegExp(
          `^DECODER-01 raw ${one?.timingPorts().raw} filtered ${one?.timingPorts().filtered}; DECODER-02 `,
        ),
      );
    } finally {
      await fleet.close();
    }
  });
});
