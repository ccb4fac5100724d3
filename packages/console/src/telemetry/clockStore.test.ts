// The Device Time store: one sync at a time, a re-sync after a set starts after it, and a unit switch forgets the last.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useConnection } from "../api/connection.ts";
import { useDeviceSettings } from "../shared/deviceSettings.ts";
import { useClock } from "./clockStore.ts";

/** A unit answering time/sources with its clock 250 ms ahead, and the paths it was asked for. */
function stubUnit() {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      const body = { sources: [{ name: "rtc", time: Date.now() + 250, accuracy: 1 }], utc_offset: 0 };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return asked;
}

beforeEach(() => useDeviceSettings.getState().update({ rootAPI: "http://10.0.0.1" }));
afterEach(() => {
  vi.unstubAllGlobals();
  useDeviceSettings.getState().update({ rootAPI: "" });
});

describe("useClock", () => {
  it("a second Requery while a sync runs joins it instead of starting another", async () => {
    const asked = stubUnit();
    const first = useClock.getState().requery();
    const second = useClock.getState().requery();
    await Promise.all([first, second]);
    expect(useClock.getState().accuracy).not.toBe("QUERYING");
    expect(useClock.getState().attempts).toBe(asked.length);
    expect(asked.length).toBeLessThanOrEqual(15);
  });

  it("resync waits for the running sync, then takes every sample afresh", async () => {
    const asked = stubUnit();
    const running = useClock.getState().requery();
    const fresh = useClock.getState().resync();
    await running;
    const before = asked.length;
    await fresh;
    expect(asked.length).toBeGreaterThan(before);
    expect(useClock.getState().attempts).toBe(asked.length - before);
  });

  it("choosing another unit forgets the last sync and the connection state; a sync of the old unit writes nothing", async () => {
    stubUnit();
    await useClock.getState().requery();
    expect(useClock.getState().estimate).not.toBeNull();
    useConnection.getState().answered(Date.now());
    const late = useClock.getState().requery();
    useDeviceSettings.getState().update({ rootAPI: "http://10.0.0.2" });
    expect(useClock.getState()).toMatchObject({ accuracy: "NOT_QUERIED", estimate: null });
    expect(useConnection.getState()).toMatchObject({ online: null, lastAnswerAt: null });
    await late;
    expect(useClock.getState()).toMatchObject({ accuracy: "NOT_QUERIED", estimate: null });
  });
});
