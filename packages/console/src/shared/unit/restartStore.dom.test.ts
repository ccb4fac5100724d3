// The restart banner's store: settings collect per unit until the console sees that unit really reboot (go away and
// come back); a value stored before units is the stored unit's.
import { beforeEach, describe, expect, it, vi } from "vitest";

const answers: boolean[] = [];
vi.mock("../../api/client.ts", () => ({
  requestStrict: vi.fn(async () => {
    if (answers.shift() === false) throw new Error("The device cannot be reached");
    return { deviceName: "DECODER-01", mode: "uhf" };
  }),
}));

const { originUnit } = await import("../../api/connection.ts");
const { watchReboot } = await import("../../api/rebootWatch.ts");
const { followReboots, useRestart } = await import("./restartStore.ts");
const { selectUnit } = await import("./unit.ts");

const A = "http://10.0.0.1";
const B = "http://10.0.0.2";

describe("restart store", () => {
  beforeEach(() => {
    selectUnit(A);
    useRestart.setState({ changed: {}, since: {} });
    answers.length = 0;
    // What the mounted banner does; undone after each test.
    return followReboots();
  });

  it("lists each changed setting of the unit once and keeps it across reloads", () => {
    useRestart.getState().configChanged("raw_port", 1000);
    useRestart.getState().configChanged("uhf_power", 2000);
    useRestart.getState().configChanged("raw_port", 3000);
    expect(useRestart.getState().changed).toEqual({ [A]: ["raw_port", "uhf_power"] });
    expect(JSON.parse(localStorage.getItem("restartPending") ?? "null")).toEqual({
      [A]: ["raw_port", "uhf_power"],
    });
    expect(JSON.parse(localStorage.getItem("restartPendingSince") ?? "null")).toEqual({ [A]: 1000 });
  });

  it.each([
    // [what the watch sees, answers (true = up), assume it went down after (ms), settings left]
    ["up, down, up", [true, false, true], 60_000, []],
    ["down, down, up", [false, false, true], 60_000, []],
    ["never down (assumed back)", [true, true, true], 0, ["raw_port"]],
  ] as const)(
    "a reboot watch that sees %s leaves the right settings",
    async (_, seq, assumeDownAfterMs, left) => {
      useRestart.getState().configChanged("raw_port");
      answers.push(...seq);
      const phase = await watchReboot({ pollMs: 1, assumeDownAfterMs, timeoutMs: 2000 });
      expect(phase).toBe("back");
      expect(useRestart.getState().changed[A] ?? []).toEqual(left);
    },
  );

  it("a reboot seen on unit B clears B's settings only; A's stay with their time", async () => {
    useRestart.getState().configChanged("raw_port", 1000);
    selectUnit(B);
    useRestart.getState().configChanged("uhf_power", 5000);
    answers.push(true, false, true);
    expect(await watchReboot({ pollMs: 1, assumeDownAfterMs: 60_000, timeoutMs: 2000 })).toBe("back");
    expect(useRestart.getState()).toMatchObject({ changed: { [A]: ["raw_port"] }, since: { [A]: 1000 } });
    expect(useRestart.getState().changed[B]).toBeUndefined();
  });
});

describe("restart store without a banner", () => {
  it("importing the store subscribes to nothing: a reboot seen while no banner follows leaves the settings", async () => {
    selectUnit(A);
    useRestart.setState({ changed: {}, since: {} });
    answers.length = 0;
    followReboots()();
    useRestart.getState().configChanged("raw_port");
    answers.push(true, false, true);
    expect(await watchReboot({ pollMs: 1, assumeDownAfterMs: 60_000, timeoutMs: 2000 })).toBe("back");
    expect(useRestart.getState().changed).toEqual({ [A]: ["raw_port"] });
  });
});

describe("restart store read from storage", () => {
  it.each([
    ["http://10.0.0.5", "http://10.0.0.5"],
    ["", originUnit()],
  ])("a list and a time stored before units are the stored unit's (rootAPI %j)", async (rootAPI, unit) => {
    localStorage.clear();
    localStorage.setItem("generalSettings", JSON.stringify({ rootAPI }));
    localStorage.setItem("restartPending", '["raw_port","uhf_power"]');
    localStorage.setItem("restartPendingSince", "1795000000000");
    vi.resetModules();
    const { useRestart: stored } = await import("./restartStore.ts");
    expect(stored.getState()).toMatchObject({
      changed: { [unit]: ["raw_port", "uhf_power"] },
      since: { [unit]: 1_795_000_000_000 },
    });
    localStorage.clear();
  });

  it("units under any spelling read canonical; empty lists, bad times and non-addresses are dropped", async () => {
    localStorage.setItem(
      "restartPending",
      JSON.stringify({ "HTTP://10.0.0.7:80/": ["raw_port", 3], [B]: [], "not an address": ["x"] }),
    );
    localStorage.setItem("restartPendingSince", JSON.stringify({ "HTTP://10.0.0.7:80/": 1000, [B]: "x" }));
    vi.resetModules();
    const { useRestart: stored } = await import("./restartStore.ts");
    expect(stored.getState()).toMatchObject({
      changed: { "http://10.0.0.7": ["raw_port"] },
      since: { "http://10.0.0.7": 1000 },
    });
    localStorage.clear();
  });
});
