// What a unit's record keeps over time of each answer: battery charge (fraction rule), each named temperature, passings
// seen and left, channel reads; and whose: each unit's own series, under any spelling of its address.
import { beforeEach, describe, expect, it } from "vitest";
import { resetAllStores } from "../store/lazyStore.ts";
import { recordOf, useUnitRecords } from "../unit/records.ts";
import { historyValues } from "./telemetryCollect.ts";

beforeEach(() => resetAllStores());

describe("historyValues", () => {
  it.each([
    ["battery", { percentage: 0.42 }, "battery", [42]],
    ["battery", { percentage: 80 }, "battery", [80]],
    ["battery", { percentage: "x" }, "battery", []],
    ["hw/temp", { temps: [{ name: "cpu", temp: 48.2 }, { name: "", temp: 1 }, null] }, "temp:cpu", [48.2]],
    ["passings", { seen: 17 }, "passings:seen", [17]],
    ["passings", { seen: 17, left: 4 }, "passings:left", [4]],
    ["uhf/ports", { channels: [{ id: 0, reads: 812 }, { id: 3, reads: 0 }, { reads: 9 }] }, "reads:0", [812]],
    [
      "uhf/ports",
      {
        channels: [
          { id: 0, reads: 812 },
          { id: 3, reads: 0 },
        ],
      },
      "reads:3",
      [0],
    ],
    ["storage", { used: 1, total: 2 }, "storage", []],
  ] as const)("%s %o records %s %o", (dataset, data, key, values) => {
    const v = historyValues(dataset, data as Record<string, unknown>)[key];
    expect(Number.isFinite(v) ? [v] : []).toEqual(values);
    // The unit's record keeps the same.
    useUnitRecords.getState().fold("http://unit", [{ kind: "reading", dataset, data, at: 1000 }]);
    expect((recordOf("http://unit")?.series[key] ?? []).map((p) => p.v)).toEqual(values);
  });

  it("no answer, no values; a dataset without a series has none", () => {
    expect(historyValues("battery", undefined)).toEqual({});
    expect(historyValues("storage", { used: 1, total: 2 })).toEqual({});
  });
});

describe("a unit's series", () => {
  it("a unit reads its own points only, under any spelling; another unit's points do not touch it", () => {
    const A = "http://10.0.0.1";
    const B = "http://10.0.0.2";
    const { fold } = useUnitRecords.getState();
    fold("HTTP://10.0.0.1:80/", [
      { kind: "reading", dataset: "battery", data: { percentage: 40 }, at: 1000 },
    ]);
    fold(A, [{ kind: "reading", dataset: "battery", data: { percentage: 39 }, at: 10_000 }]);
    const battery = (unit: string) => (recordOf(unit)?.series.battery ?? []).map((p) => p.v);
    expect(battery(A)).toEqual([40, 39]);
    expect(battery("10.0.0.1")).toEqual([40, 39]);
    expect(battery(B)).toEqual([]);
    fold(B, [{ kind: "reading", dataset: "battery", data: { percentage: 80 }, at: 20_000 }]);
    expect(battery(B)).toEqual([80]);
    expect(battery(A)).toEqual([40, 39]);
  });
});
