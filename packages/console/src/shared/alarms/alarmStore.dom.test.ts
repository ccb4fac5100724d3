// Listing rules: held alarms stay, cleared ones stay until acknowledged, acknowledged ones leave once cleared.
import { beforeEach, describe, expect, it } from "vitest";
import { acknowledge, announcement, reconcile, storedMinutes, useAlarms } from "./alarmStore.ts";

const battery = { id: "battery", text: "Battery low (12 %)" };
const hot = { id: "hot-cpu", text: "Hot: cpu (71.0 °C)" };

describe("reconcile and acknowledge", () => {
  it("a new alarm is listed, since now, unacknowledged, and reported as raised", () => {
    const { list, raised } = reconcile([], [battery], 100);
    expect(list).toEqual([{ ...battery, since: 100, acknowledged: false, active: true }]);
    expect(raised).toEqual([battery]);
  });

  it("a held alarm keeps its since, follows its text and is not raised again", () => {
    const first = reconcile([], [battery], 100).list;
    const { list, raised } = reconcile(first, [{ id: "battery", text: "Battery low (11 %)" }], 200);
    expect(list).toEqual([
      { id: "battery", text: "Battery low (11 %)", since: 100, acknowledged: false, active: true },
    ]);
    expect(raised).toEqual([]);
  });

  it("a transient fault stays listed after it clears, until acknowledged", () => {
    const first = reconcile([], [battery], 100).list;
    const cleared = reconcile(first, [], 200).list;
    expect(cleared).toEqual([{ ...battery, since: 100, acknowledged: false, active: false }]);
    expect(reconcile(cleared, [], 300).list).toEqual(cleared);
    expect(acknowledge(cleared, "battery")).toEqual([]);
  });

  it("a cleared, unacknowledged alarm that comes back is the same entry (not announced again)", () => {
    const cleared = reconcile(reconcile([], [battery], 100).list, [], 200).list;
    const { list, raised } = reconcile(cleared, [battery], 300);
    expect(list).toEqual([{ ...battery, since: 100, acknowledged: false, active: true }]);
    expect(raised).toEqual([]);
  });

  it("acknowledged while it holds: stays, marked; leaves once it clears; raised anew when it returns", () => {
    const acked = acknowledge(reconcile([], [battery, hot], 100).list, "battery");
    expect(acked.map((a) => [a.id, a.acknowledged])).toEqual([
      ["battery", true],
      ["hot-cpu", false],
    ]);
    expect(reconcile(acked, [battery, hot], 200).list).toEqual(acked);
    const gone = reconcile(acked, [hot], 300).list;
    expect(gone.map((a) => a.id)).toEqual(["hot-cpu"]);
    const back = reconcile(gone, [hot, battery], 400);
    expect(back.raised).toEqual([battery]);
    expect(back.list.find((a) => a.id === "battery")).toMatchObject({ since: 400, acknowledged: false });
  });
});

describe("the store", () => {
  beforeEach(() => useAlarms.getState().reset());

  it("announces new alarms in the live region text", () => {
    expect(useAlarms.getState().update([battery, hot], 1)).toEqual([battery, hot]);
    expect(useAlarms.getState().announced).toBe("New alarm: Battery low (12 %); Hot: cpu (71.0 °C)");
    expect(useAlarms.getState().update([battery, hot], 2)).toEqual([]);
  });

  it("keeps the minutes setting in localStorage; a bad value falls back to 10", () => {
    useAlarms.getState().setNoReadsMinutes(3);
    expect(localStorage.getItem("alarmNoReadsMinutes")).toBe("3");
    expect(useAlarms.getState().noReadsMinutes).toBe(3);
    expect(storedMinutes(-1)).toBe(10);
    expect(storedMinutes("5")).toBe(10);
    expect(storedMinutes(0)).toBe(0);
  });
});

describe("announcement", () => {
  it("changes its text when the same alarm is raised again, so a screen reader says it again", () => {
    const raised = [{ id: "offline", text: "Unit offline" }] as Parameters<typeof announcement>[0];
    const first = announcement(raised, "");
    expect(first).toBe("New alarm: Unit offline");
    const again = announcement(raised, first);
    expect(again).not.toBe(first);
    expect(again.trim()).toBe("New alarm: Unit offline");
    expect(announcement(raised, again)).toBe(first);
  });
});
