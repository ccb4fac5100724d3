// An export's options: what each input takes and the reason under it, and the passings a checked set keeps.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildExport } from "./build.ts";
import {
  checkOptions,
  type ExportOptions,
  MAX_OFFSET_MS,
  type OptionTexts,
  selectPassings,
} from "./options.ts";
import { parseSessionFile, type SessionPassing } from "./sessionFile.ts";

const texts = (over: Partial<OptionTexts> = {}): OptionTexts => ({
  from: "",
  to: "",
  offset: "",
  markers: true,
  ...over,
});
/** Two hours east of UTC: 09:00 at the unit is 07:00 UTC. */
const EAST = 7200;
const at = (iso: string) => Date.parse(iso);

describe("checkOptions", () => {
  it("empty: no window, no offset, markers as the box says", () => {
    expect(checkOptions(texts(), EAST)).toEqual({
      ok: true,
      options: { from: null, to: null, offsetMs: 0, markers: true },
    });
    expect(checkOptions(texts({ markers: false }), EAST)).toMatchObject({
      ok: true,
      options: { markers: false },
    });
  });

  it("the window is the unit's local time, both seconds included (to: its last millisecond)", () => {
    const c = checkOptions(texts({ from: " 17-05-2026 09:00:00 ", to: "17-05-2026  09:10:00" }), EAST);
    expect(c).toEqual({
      ok: true,
      options: {
        from: at("2026-05-17T07:00:00.000Z"),
        to: at("2026-05-17T07:10:00.999Z"),
        offsetMs: 0,
        markers: true,
      },
    });
    // The same second for both: that one second.
    expect(checkOptions(texts({ from: "17-05-2026 09:00:00", to: "17-05-2026 09:00:00" }), EAST).ok).toBe(
      true,
    );
  });

  it.each([
    ["17/05/2026 09:00:00", "not a real date and time: use dd-MM-yyyy HH:mm:ss, the unit's local time"],
    ["31-02-2026 09:00:00", "not a real date and time: use dd-MM-yyyy HH:mm:ss, the unit's local time"],
    ["17-05-2026 24:00:00", "not a real date and time: use dd-MM-yyyy HH:mm:ss, the unit's local time"],
    ["17-05-2026", "not a real date and time: use dd-MM-yyyy HH:mm:ss, the unit's local time"],
    ["17-05-2026 09:00:00 x", "not a real date and time: use dd-MM-yyyy HH:mm:ss, the unit's local time"],
    ["17-05-1999 09:00:00", "not a real date and time: use dd-MM-yyyy HH:mm:ss, the unit's local time"],
  ])("Ignore before %j: %s", (from, reason) => {
    expect(checkOptions(texts({ from }), EAST)).toEqual({
      ok: false,
      errors: { from: `Ignore before: ${reason}` },
    });
    expect(checkOptions(texts({ to: from }), EAST)).toEqual({
      ok: false,
      errors: { to: `Ignore after: ${reason}` },
    });
  });

  it("Ignore after before Ignore before is refused under Ignore after", () => {
    expect(checkOptions(texts({ from: "17-05-2026 09:00:01", to: "17-05-2026 09:00:00" }), EAST)).toEqual({
      ok: false,
      errors: { to: "Ignore after: before Ignore before" },
    });
  });

  it("the offset: whole milliseconds, a day at most either way, a minus sign of either kind", () => {
    const ms = (offset: string) => {
      const c = checkOptions(texts({ offset }), EAST);
      return c.ok ? c.options.offsetMs : c.errors.offset;
    };
    expect([
      ms("1500"),
      ms("+1500"),
      ms("-250"),
      ms("\u2212250"),
      ms(" 0 "),
      ms(String(MAX_OFFSET_MS)),
    ]).toEqual([1500, 1500, -250, -250, 0, MAX_OFFSET_MS]);
    const reason = "Offset: a whole number of milliseconds from -86400000 to 86400000";
    expect([ms("1.5"), ms("1e3"), ms("abc"), ms("86400001"), ms("-86400001"), ms("1 000")]).toEqual(
      Array(6).fill(reason),
    );
  });

  it("every wrong input has its reason at once", () => {
    expect(checkOptions(texts({ from: "x", to: "y", offset: "z" }), EAST)).toEqual({
      ok: false,
      errors: {
        from: "Ignore before: not a real date and time: use dd-MM-yyyy HH:mm:ss, the unit's local time",
        to: "Ignore after: not a real date and time: use dd-MM-yyyy HH:mm:ss, the unit's local time",
        offset: "Offset: a whole number of milliseconds from -86400000 to 86400000",
      },
    });
  });
});

describe("selectPassings", () => {
  const p = (n: number, iso: string, marker = false): SessionPassing => ({
    n,
    tag: marker ? "MARKER" : `T${n}`,
    time: at(iso),
    ant: marker ? null : 1,
    rssi: marker ? null : -60,
    reads: marker ? 0 : 2,
    marker,
  });
  const all = [
    p(1, "2026-05-17T06:59:59.999Z"),
    p(2, "2026-05-17T07:00:00.000Z", true),
    p(3, "2026-05-17T07:00:10.999Z"),
    p(4, "2026-05-17T07:00:11.000Z"),
  ];
  const keep = (o: Partial<ExportOptions>) =>
    selectPassings(all, { from: null, to: null, offsetMs: 0, markers: true, ...o }).map((x) => [x.n, x.time]);

  it("the window keeps from its first to its last millisecond, in file order", () => {
    expect(keep({ from: at("2026-05-17T07:00:00Z"), to: at("2026-05-17T07:00:10.999Z") })).toEqual([
      [2, at("2026-05-17T07:00:00.000Z")],
      [3, at("2026-05-17T07:00:10.999Z")],
    ]);
  });

  it("the offset moves every time first; the window then applies to the times as written", () => {
    expect(
      keep({ offsetMs: 1, from: at("2026-05-17T07:00:00Z"), to: at("2026-05-17T07:00:10.999Z") }),
    ).toEqual([
      [1, at("2026-05-17T07:00:00.000Z")],
      [2, at("2026-05-17T07:00:00.001Z")],
    ]);
    expect(keep({ offsetMs: -1000 }).map(([, t]) => t)).toEqual(all.map((x) => x.time - 1000));
  });

  it("markers out leaves out the gun, nothing else", () => {
    expect(keep({ markers: false }).map(([n]) => n)).toEqual([1, 3, 4]);
  });
});

describe("options in a whole export", () => {
  it("RACE RESULT with a window, a 1.5 s offset and markers out: the fixture's passings in it, moved", () => {
    const csv = readFileSync(new URL("./fixtures/timing_0007.csv", import.meta.url), "utf8");
    const c = checkOptions(
      texts({ from: "17-05-2026 09:00:05", to: "17-05-2026 09:00:08", offset: "1500", markers: false }),
      EAST,
    );
    if (!c.ok) throw new Error("options refused");
    const built = buildExport(csv, {
      file: "timing_0007.csv",
      format: "raceresult",
      options: c.options,
      device: "DECODER-01",
      utcOffsetS: EAST,
    });
    // 09:00:03.824 + 1.5 s = 09:00:05.324 is in; the marker is out; 09:00:07.105 + 1.5 s = 09:00:08.605 is in (the
    // second 09:00:08 is included); 09:12:44.999 is after.
    expect(built.text).toBe(
      [
        "1;E28011606000020000000123;2026-05-17;09:00:05.324;0;3;-58;;0;;;;;;;;DECODER-01;7;1;",
        "3;E28011606000020000000456;2026-05-17;09:00:08.605;0;12;-61;;0;;;;;;;;DECODER-01;7;2;",
        "",
      ].join("\r\n"),
    );
    expect([built.written, built.total]).toEqual([2, 4]);
    expect(parseSessionFile(csv, "timing_0007.csv").passings).toHaveLength(4);
  });
});
