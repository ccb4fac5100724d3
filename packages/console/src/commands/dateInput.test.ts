// Unit tests of the manual time picker's conversions (yy-MM-dd HH:mm:ss, native input, YYMMDDHHMMSSmmm).
import { describe, expect, it } from "vitest";
import { nativeToPicker, pickerToNative } from "./dateInput.ts";

describe("picker <-> native datetime-local", () => {
  it.each([
    ["26-11-22 09:30:15", "2026-11-22T09:30:15"],
    ["00-01-01 00:00:00", "2000-01-01T00:00:00"],
    ["bad", ""],
    ["26-02-30 10:00:00", ""],
  ])("%j -> %j", (picker, native) => {
    expect(pickerToNative(picker)).toBe(native);
  });

  it.each([
    ["2026-11-22T09:30:15", "26-11-22 09:30:15"],
    ["2026-11-22T09:30", "26-11-22 09:30:00"],
    ["2026-11-22T09:30:15.250", "26-11-22 09:30:15"],
    ["1999-12-31T23:59:59", null],
    ["2100-01-01T00:00:00", null],
    ["", null],
  ])("%j -> %j", (native, picker) => {
    expect(nativeToPicker(native)).toBe(picker);
  });
});
