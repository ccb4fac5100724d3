// The Live page's texts: unit time to the ms, RSSI, antenna +1, CSV fields and export, file name.
import { describe, expect, it } from "vitest";
import { antennaName, countText, csvField, csvFileName, readsCsv, rssiText, unitTime } from "./liveFormat.ts";

describe("Live texts", () => {
  it("shows the unit's time in UTC to the millisecond", () => {
    expect(unitTime(Date.UTC(2026, 10, 23, 5, 4, 3, 7))).toBe("05:04:03.007");
    expect(unitTime(Number.NaN)).toBe("—");
  });

  it("shows RSSI in dBm with one decimal and antennas from 1", () => {
    expect(rssiText(-58.5)).toBe("-58.5 dBm");
    expect(rssiText(-60)).toBe("-60.0 dBm");
    expect(antennaName(0)).toBe("Antenna 1");
  });

  it("writes counts with thousands separators", () => {
    expect(countText(0)).toBe("0");
    expect(countText(59_902)).toBe("59,902");
    expect(countText(1_234_567)).toBe("1,234,567");
  });

  it("quotes CSV fields that need it and defuses formulas", () => {
    expect(csvField("000123")).toBe("000123");
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("-2,3")).toBe(`"'-2,3"`);
  });

  it("exports seq, tag, antenna +1, RSSI and the ISO time, oldest first, CRLF lines", () => {
    const time = Date.UTC(2026, 10, 23, 5, 4, 3, 7);
    const csv = readsCsv([
      { seq: 7, tag: "000123", ant: 0, rssi: -58.5, time },
      { seq: 8, tag: "A,B", ant: 2, rssi: -61.25, time: time + 1 },
    ]);
    expect(csv).toBe(
      "seq,tag,antenna,rssi,time\r\n7,000123,1,-58.5,2026-11-23T05:04:03.007Z\r\n" +
        '8,"A,B",3,-61.25,2026-11-23T05:04:03.008Z\r\n',
    );
  });

  it("names the file after the unit and the local time", () => {
    expect(csvFileName("DECODER 01/x", new Date(2026, 10, 23, 5, 4, 3))).toBe(
      "reads-DECODER_01_x-20261123-050403.csv",
    );
    expect(csvFileName("", new Date(2026, 0, 2, 3, 4, 5))).toBe("reads-unit-20260102-030405.csv");
  });
});
