// The restart banner's store: settings collect until the console sees the unit really reboot (go away and come back).
import { beforeEach, describe, expect, it, vi } from "vitest";

const answers: boolean[] = [];
vi.mock("../api/client.ts", () => ({
  requestStrict: vi.fn(async () => {
    if (answers.shift() === false) throw new Error("The device cannot be reached");
    return { deviceName: "DECODER-01", mode: "uhf" };
  }),
}));

const { watchReboot } = await import("../api/rebootWatch.ts");
const { followReboots, useRestart } = await import("./restartStore.ts");

describe("restart store", () => {
  beforeEach(() => {
    useRestart.getState().rebooted();
    answers.length = 0;
    // What the mounted banner does; undone after each test.
    return followReboots();
  });

  it("lists each changed setting once and keeps it across reloads", () => {
    useRestart.getState().configChanged("raw_port");
    useRestart.getState().configChanged("uhf_power");
    useRestart.getState().configChanged("raw_port");
    expect(useRestart.getState().changed).toEqual(["raw_port", "uhf_power"]);
    expect(JSON.parse(localStorage.getItem("restartPending") ?? "null")).toEqual(["raw_port", "uhf_power"]);
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
      expect(useRestart.getState().changed).toEqual(left);
    },
  );
});

describe("restart store without a banner", () => {
  it("importing the store subscribes to nothing: a reboot seen while no banner follows leaves the settings", async () => {
    useRestart.getState().rebooted();
    answers.length = 0;
    followReboots()();
    useRestart.getState().configChanged("raw_port");
    answers.push(true, false, true);
    expect(await watchReboot({ pollMs: 1, assumeDownAfterMs: 60_000, timeoutMs: 2000 })).toBe("back");
    expect(useRestart.getState().changed).toEqual(["raw_port"]);
  });
});
