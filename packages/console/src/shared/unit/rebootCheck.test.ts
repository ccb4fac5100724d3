// Noticing a reboot the console did not watch: the unit's uptime against the time of the first pending change.
import { beforeEach, describe, expect, it, vi } from "vitest";

const answer = { status: 200, ok: true, body: {} as unknown, receivedAt: 0 };
const send = vi.fn(async () => answer);
vi.mock("../../api/client.ts", () => ({ send, requestStrict: vi.fn() }));

const { chooseUnit, currentUnit, useConnection } = await import("../../api/connection.ts");
const { bootedAfter, checkForReboot, watchForOtherReboots } = await import("./rebootCheck.ts");
const { useRestart } = await import("./restartStore.ts");

const since = 1_000_000;

describe("bootedAfter", () => {
  it.each([
    // [uptime_s, answered at, booted after the change?]
    [10, since + 60_000, true],
    [57, since + 60_000, true],
    [58, since + 60_000, false],
    [600, since + 60_000, false],
    [0, since + 1_000, false],
    [0, since + 2_001, true],
    [-1, since + 60_000, false],
    ["10", since + 60_000, false],
    [null, since + 60_000, false],
    [undefined, since + 60_000, false],
    [Number.NaN, since + 60_000, false],
  ])("uptime %j answered at since+%#: %s", (uptime, at, booted) => {
    expect(bootedAfter(uptime, since, at)).toBe(booted);
  });
});

describe("checkForReboot", () => {
  beforeEach(() => {
    useRestart.setState({ changed: {}, since: {} });
    send.mockClear();
  });

  it("does not ask the unit while no change is pending", async () => {
    expect(await checkForReboot()).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it.each([
    ["a unit up since before the change keeps the banner", { uptime_s: 3600 }, true, ["raw_port"]],
    ["a unit booted after the change clears it", { uptime_s: 5 }, true, []],
    ["a unit that does not report uptime keeps it", { heap_free: 1 }, true, ["raw_port"]],
    ["an error answer keeps it", { uptime_s: 5 }, false, ["raw_port"]],
  ])("%s", async (_, body, ok, left) => {
    useRestart.getState().configChanged("raw_port", since);
    Object.assign(answer, { body, ok, status: ok ? 200 : 500, receivedAt: since + 60_000 });
    await checkForReboot();
    expect(send).toHaveBeenCalledWith("/api/telemetry/os", expect.objectContaining({ background: true }));
    expect(useRestart.getState().changed[currentUnit()] ?? []).toEqual(left);
  });

  it("asks the chosen unit only about its own changes: B's uptime is never held against A's change time", async () => {
    const a = currentUnit();
    useRestart.getState().configChanged("raw_port", since);
    chooseUnit("http://10.0.0.2");
    Object.assign(answer, { body: { uptime_s: 5 }, ok: true, status: 200, receivedAt: since + 60_000 });
    expect(await checkForReboot()).toBe(false);
    expect(send).not.toHaveBeenCalled();
    useRestart.getState().configChanged("uhf_power", since + 58_000);
    expect(await checkForReboot()).toBe(false);
    expect(send).toHaveBeenCalledWith(
      "/api/telemetry/os",
      expect.objectContaining({ base: "http://10.0.0.2" }),
    );
    Object.assign(answer, { receivedAt: since + 120_000 });
    expect(await checkForReboot()).toBe(true);
    expect(useRestart.getState().changed).toEqual({ [a]: ["raw_port"] });
    chooseUnit(a);
  });

  it("checks again when the device answers after being unreachable", async () => {
    useRestart.getState().configChanged("raw_port", since);
    Object.assign(answer, { body: { uptime_s: 3600 }, ok: true, status: 200, receivedAt: since + 60_000 });
    const stop = watchForOtherReboots();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    useConnection.getState().answered(since + 61_000);
    expect(send).toHaveBeenCalledTimes(1);
    useConnection.getState().failed("The device cannot be reached");
    Object.assign(answer, { body: { uptime_s: 2 }, receivedAt: since + 70_000 });
    useConnection.getState().answered(since + 70_000);
    await vi.waitFor(() => expect(useRestart.getState().changed).toEqual({}));
    expect(send).toHaveBeenCalledTimes(2);
    stop();
  });
});
