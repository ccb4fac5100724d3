// What the history keeps: battery charge (fraction rule), each named temperature, passings seen and left, channel reads;
// and whose: one unit's points, read by that unit only.
import { beforeEach, describe, expect, it } from "vitest";
import { collectHistory } from "./telemetryCollect.ts";
import { history, useTelemetryHistory } from "./telemetryHistory.ts";

beforeEach(() => useTelemetryHistory.getState().reset());

describe("collectHistory", () => {
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
    collectHistory(dataset, data as Record<string, unknown>, 1000);
    expect(history(key).map((p) => p.v)).toEqual(values);
  });

  it("a unit reads its own points only, under any spelling; another unit's point starts the history afresh", () => {
    const A = "http://10.0.0.1";
    const B = "http://10.0.0.2";
    collectHistory("battery", { percentage: 40 }, 1000, "HTTP://10.0.0.1:80/");
    collectHistory("battery", { percentage: 39 }, 2000, A);
    expect(history("battery", A).map((p) => p.v)).toEqual([40, 39]);
    expect(history("battery", "10.0.0.1").map((p) => p.v)).toEqual([40, 39]);
    expect(history("battery", B)).toEqual([]);
    collectHistory("battery", { percentage: 80 }, 3000, B);
    expect(history("battery", B).map((p) => p.v)).toEqual([80]);
    expect(history("battery", A)).toEqual([]);
  });
});
