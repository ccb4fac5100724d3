// A wrong-shaped answer keeps its valid fields and names the bad ones; a non-object answer has no data.
import { BatteryTelemetry, UhfPortsTelemetry } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { parseLenient } from "./lenient.ts";

describe("parseLenient", () => {
  it("passes a good answer through untouched", () => {
    const good = {
      state: "CHARGING",
      percentage: 50,
      capacity: 2000,
      current: 300,
      time_full: 90,
      time_empty: 0,
    };
    expect(parseLenient(BatteryTelemetry, good)).toEqual({ data: good, issues: [] });
  });

  it("drops a wrong field, keeps the rest and names the field", () => {
    const bad = {
      state: "CHARGING",
      percentage: "lots",
      capacity: 2000,
      current: 300,
      time_full: 90,
      time_empty: 0,
    };
    const { data, issues } = parseLenient(BatteryTelemetry, bad);
    expect(data).toEqual({ state: "CHARGING", capacity: 2000, current: 300, time_full: 90, time_empty: 0 });
    expect(issues).toEqual([{ field: "percentage", message: "expected number, got string" }]);
  });

  it("names a field inside an array element", () => {
    const bad = { channels: [{ id: 0, ant: true, reads: 1, loss: null, pwr: 30 }] };
    const { data, issues } = parseLenient(UhfPortsTelemetry, bad);
    expect(data?.channels?.[0]).toEqual({ id: 0, ant: true, reads: 1, pwr: 30 });
    expect(issues[0]?.field).toBe("channels.0.loss");
  });

  it("gives no data for an answer that is not an object", () => {
    const { data, issues } = parseLenient(BatteryTelemetry, "<html>oops");
    expect(data).toBeUndefined();
    expect(issues[0]).toEqual({ field: "(root)", message: "expected object, got string" });
  });
});
