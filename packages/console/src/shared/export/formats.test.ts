// Each export format against a fixture written by hand from the program's own documentation (fixtures/README.md,
// docs/EXPORT.md), read back the way the program reads it; the file names and the fields' escaping.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildExport } from "./build.ts";
import {
  csvCell,
  exportFileName,
  FORMATS,
  type FormatId,
  formatOf,
  offsetText,
  WallClock,
} from "./formats.ts";
import type { ExportOptions } from "./options.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const SESSION = fixture("timing_0007.csv");
const ALL: ExportOptions = { from: null, to: null, offsetMs: 0, markers: true };
/** The fixture unit: DECODER-01, two hours east of UTC. */
const build = (format: FormatId, over: Partial<Parameters<typeof buildExport>[1]> = {}) =>
  buildExport(SESSION, {
    file: "timing_0007.csv",
    format,
    options: ALL,
    device: "DECODER-01",
    utcOffsetS: 7200,
    ...over,
  });
const lines = (text: string) => text.split("\r\n").slice(0, -1);

describe("each format is its fixture, byte for byte", () => {
  it.each([
    ["raceresult", "timing_0007.raceresult.txt"],
    ["chronotrack", "timing_0007.chronotrack.csv"],
    ["crossmgr", "timing_0007.crossmgr.txt"],
    ["generic", "timing_0007.passings.csv"],
  ] as const)("%s is %s", (format, name) => {
    const built = build(format);
    expect(built.text).toBe(fixture(name));
    expect(built.name).toBe(name);
    // The row that is not a passing (no valid time) is left out and counted; the others keep their numbers.
    expect([built.written, built.total, built.skipped]).toEqual([4, 4, 1]);
  });

  it("every line ends in CRLF, the last one too, and nothing else ends a line", () => {
    for (const f of FORMATS) {
      const { text } = build(f.id);
      expect(text.endsWith("\r\n")).toBe(true);
      expect(text.replaceAll("\r\n", "").includes("\n")).toBe(false);
      expect(text.replaceAll("\r\n", "").includes("\r")).toBe(false);
    }
  });
});

describe("read back as each program reads it", () => {
  it("RACE RESULT: 20 fields (protocol 1.6+); PassingNo, TranspCode, local date and time, Hits, MaxRSSI, BoxName, FileNumber, MaxRSSIAntenna", () => {
    const records = lines(build("raceresult").text).map((l) => l.split(";"));
    for (const r of records) expect(r).toHaveLength(20);
    const [first] = records;
    const at = (name: string) =>
      first?.[
        [
          "PassingNo",
          "Bib/TranspCode",
          "Date",
          "Time",
          "EventID",
          "Hits",
          "MaxRSSI",
          "InternalData",
          "IsActive",
          "Channel",
          "LoopID",
          "LoopOnly",
          "WakeupCounter",
          "Battery",
          "Temperature",
          "InternalActiveData",
          "BoxName",
          "FileNumber",
          "MaxRSSIAntenna",
          "BoxId",
        ].indexOf(name)
      ];
    expect(at("PassingNo")).toBe("1");
    expect(at("Bib/TranspCode")).toBe("E28011606000020000000123");
    expect(at("Date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(at("Time")).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(`${at("Date")}T${at("Time")}+02:00`).toBe("2026-05-17T09:00:03.824+02:00");
    expect([at("Hits"), at("MaxRSSI"), at("IsActive")]).toEqual(["3", "-58", "0"]);
    expect([at("BoxName"), at("FileNumber"), at("MaxRSSIAntenna"), at("BoxId")]).toEqual([
      "DECODER-01",
      "7",
      "1",
      "",
    ]);
  });

  it("ChronoTrack: 12 fields, TO first; the epoch seconds are the passing's instant to the hundredth, cut not rounded", () => {
    const records = lines(build("chronotrack").text).map((l) => l.split(","));
    for (const r of records) {
      expect(r).toHaveLength(12);
      expect(r[0]).toBe("TO");
      expect(r[10]).toBe("P");
    }
    const epochs = records.map((r) => Number(r[5]) * 1000);
    const times = ["07:00:03.824", "07:00:05.000", "07:00:07.105", "07:12:44.999"].map((t) =>
      Date.parse(`2026-05-17T${t}Z`),
    );
    epochs.forEach((e, i) => {
      const t = times[i] as number;
      expect(t - e).toBeGreaterThanOrEqual(-0.01);
      expect(t - e).toBeLessThan(10);
    });
  });

  /**
   * CrossMgr's Impinj import, line by line (ImpinjImport.parseTagTime in esitarski/CrossMgr): the first two comma
   * fields; a header whose tag starts with "Tag" skipped; the separators '/-:' as spaces, then year, month, day, hour,
   * minute and seconds with their fraction. Its ChipImport then strips the tag's leading zeros and upper-cases it.
   */
  function crossMgrRead(line: string): { tag: string; wall: string } | null {
    const [tag = "", time = ""] = line.split(",");
    if (tag.startsWith("Tag")) return null;
    const f = time.replace(/[/:-]/g, " ").trim().split(/\s+/);
    const [y, mo, d, h, mi] = f.slice(0, -1).map((v) => Number.parseInt(v, 10));
    const s = Number(f.at(-1));
    const wall = `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")} ${String(h).padStart(2, "0")}:${String(mi).padStart(2, "0")}:${s.toFixed(3).padStart(6, "0")}`;
    return { tag: tag.replace(/ /g, "").replace(/^0+/, "").toUpperCase(), wall };
  }

  it("CrossMgr: its parser skips the header and reads each tag with its local time to the millisecond", () => {
    const read = lines(build("crossmgr").text).map(crossMgrRead);
    expect(read).toEqual([
      null,
      { tag: "E28011606000020000000123", wall: "2026-05-17 09:00:03.824" },
      { tag: "MARKER", wall: "2026-05-17 09:00:05.000" },
      { tag: "E28011606000020000000456", wall: "2026-05-17 09:00:07.105" },
      { tag: "E28011606000020000000123", wall: "2026-05-17 09:12:44.999" },
    ]);
  });

  it("generic: the header, then each row's UTC and local time are the same instant", () => {
    const [header, ...rows] = lines(build("generic").text);
    expect(header).toBe("n,tag,time_utc,time_local,antenna,rssi_dbm,reads,R,device,session");
    for (const row of rows) {
      const c = row.split(",");
      expect(Date.parse(c[2] as string)).toBe(Date.parse(c[3] as string));
    }
  });
});

describe("the unit's zone, its name and odd tags", () => {
  it("local times follow utc_offset, west of UTC too; the generic CSV says the offset in each local time", () => {
    const west = build("generic", { utcOffsetS: -5 * 3600 - 1800 });
    expect(lines(west.text)[1]).toContain(",2026-05-17T07:00:03.824Z,2026-05-17T01:30:03.824-05:30,");
    expect(lines(build("raceresult", { utcOffsetS: 0 }).text)[0]).toContain(";2026-05-17;07:00:03.824;");
    expect(lines(build("crossmgr", { utcOffsetS: 14 * 3600 }).text)[1]).toBe(
      "E28011606000020000000123,2026-05-17 21:00:03.824",
    );
  });

  it("a unit's name with a comma or a quote is one CSV cell; with a semicolon one RACE RESULT field", () => {
    expect(
      lines(build("generic", { device: 'Finish "A", line 2' }).text)[1]?.endsWith(
        ',1,"Finish ""A"", line 2",timing_0007.csv',
      ),
    ).toBe(true);
    expect(lines(build("raceresult", { device: "Finish;A" }).text)[0]).toContain(";Finish_A;7;1;");
    expect(csvCell("plain")).toBe("plain");
  });

  it("offsets in RFC 3339's form", () => {
    expect([0, 7200, -3600, 19800, -34200, 3601].map(offsetText)).toEqual([
      "+00:00",
      "+02:00",
      "-01:00",
      "+05:30",
      "-09:30",
      "+01:00:01",
    ]);
  });

  it("file names: the session's name, the format, its extension", () => {
    expect(FORMATS.map((f) => exportFileName("timing_0012.csv", f))).toEqual([
      "timing_0012.raceresult.txt",
      "timing_0012.chronotrack.csv",
      "timing_0012.crossmgr.txt",
      "timing_0012.passings.csv",
    ]);
    expect(exportFileName("TIMING_3.CSV", formatOf("generic"))).toBe("TIMING_3.passings.csv");
    expect(lines(build("raceresult", { file: "timing_x.csv" }).text)[0]).toContain(";DECODER-01;;1;");
  });
});

describe("a long session", () => {
  it("every passing once, in order, whatever the number of lines (the text is kept in pieces of 1,024 lines)", () => {
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `T${i},${i},${new Date(Date.UTC(2026, 4, 17, 7) + i * 1000).toISOString()},1,-60,2`,
    );
    const csv = `tag,bib,time_utc,channel,rssi_dbm,reads\n${rows.join("\n")}\n`;
    for (const f of FORMATS) {
      const out = lines(
        buildExport(csv, { file: "timing_0001.csv", format: f.id, options: ALL, device: "D", utcOffsetS: 0 })
          .text,
      );
      const body = f.id === "crossmgr" || f.id === "generic" ? out.slice(1) : out;
      expect(body).toHaveLength(3000);
      expect(body.map((l) => /T(\d+)[;,]/.exec(l)?.[1])).toEqual(rows.map((_, i) => String(i)));
    }
  });
});

describe("WallClock", () => {
  it("is the ISO text of the instant moved by the offset, for any instant of 1970-2099 and any offset the unit takes", () => {
    const clock = new Map<number, WallClock>();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2099, 11, 31, 23, 59, 59, 999) - 50_400_000 }),
        fc.integer({ min: -43_200, max: 50_400 }),
        (time, offset) => {
          // One clock per offset, used over and over: its day's date must follow the instants it is given.
          const c = clock.get(offset) ?? new WallClock(offset);
          clock.set(offset, c);
          c.set(time);
          expect(`${c.date}T${c.time}`).toBe(new Date(time + offset * 1000).toISOString().slice(0, 23));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("across midnight and back, with the same clock", () => {
    const c = new WallClock(7200);
    const at = (iso: string) => {
      c.set(Date.parse(iso));
      return `${c.date} ${c.time}`;
    };
    expect([
      at("2026-05-17T21:59:59.999Z"),
      at("2026-05-17T22:00:00.000Z"),
      at("2026-05-17T21:59:59.998Z"),
      at("1970-01-01T00:00:00.000Z"),
    ]).toEqual([
      "2026-05-17 23:59:59.999",
      "2026-05-18 00:00:00.000",
      "2026-05-17 23:59:59.998",
      "1970-01-01 02:00:00.000",
    ]);
  });
});
