// Unit tests of D14's bodies: JSON and text written as D14 shows them and read back by a server, refusals named.
import { describe, expect, it } from "vitest";
import { UPLOAD } from "./upload.ts";
import {
  decodeHeaderValue,
  encodeHeaderValue,
  parseUploadPost,
  parseUploadText,
  type UploadPassing,
  uploadFormat,
  uploadRequest,
} from "./upload-body.ts";

const T = Date.UTC(2026, 4, 17, 9, 0, 0, 824);
const PASSINGS: UploadPassing[] = [
  { n: 1, tag: "000123", time: T, ant: 1, rssi: -58.5, reads: 3 },
  { n: 2, tag: "MARKER", time: T + 1176, ant: 0, rssi: null, reads: 0 },
];

const headerOf = (headers: Record<string, string>) => (name: string) =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

describe("the bodies", () => {
  it("http_pckt_format 1 (and anything but 0) is JSON, 0 is text", () => {
    expect(uploadFormat(1)).toBe("json");
    expect(uploadFormat(0)).toBe("text");
    expect(uploadFormat("0")).toBe("json");
  });

  it("JSON: device, session and the passings, as D14 shows it", () => {
    const r = uploadRequest("json", "DECODER-01", "timing_0007.csv", PASSINGS);
    expect(r.contentType).toBe("application/json");
    expect(r.headers).toEqual({});
    expect(JSON.parse(r.body)).toEqual({
      device: "DECODER-01",
      session: "timing_0007.csv",
      passings: [
        { n: 1, tag: "000123", time: T, ant: 1, rssi: -58.5, reads: 3 },
        { n: 2, tag: "MARKER", time: T + 1176, ant: 0, rssi: null, reads: 0 },
      ],
    });
  });

  it("text: one line a passing ending in LF, the device and session in headers", () => {
    const r = uploadRequest("text", "DECODER-01", "timing_0007.csv", PASSINGS);
    expect(r.contentType).toBe("text/plain; charset=utf-8");
    expect(r.headers).toEqual({ "X-TRC-Device": "DECODER-01", "X-TRC-Session": "timing_0007.csv" });
    expect(r.body).toBe(
      "1;000123;2026-05-17T09:00:00.824Z;1;-58.5;3\n2;MARKER;2026-05-17T09:00:02.000Z;0;;0\n",
    );
  });

  it("a ; CR or LF in a tag is sent as _", () => {
    const r = uploadRequest("text", "D", "s", [{ ...PASSINGS[0], tag: "a;b\r\nc" } as UploadPassing]);
    expect(r.body.split(";")[1]).toBe("a_b__c");
  });

  it("header values: printable ASCII as is, the rest (and %) percent-encoded, read back", () => {
    for (const name of ["DECODER-01", "Zielbogen Süd", "50% \u{1F3C1}", "a\nb", "x\ud800y"]) {
      const sent = encodeHeaderValue(name);
      expect(sent).toMatch(/^[\x20-\x7e]*$/);
      expect(decodeHeaderValue(sent)).toBe(name.replace("\ud800", "\ufffd"));
    }
    expect(encodeHeaderValue("DECODER-01")).toBe("DECODER-01");
    expect(decodeHeaderValue("100%")).toBe("100%");
  });
});

describe("a server reads them", () => {
  it("both formats back to the same passings", () => {
    for (const format of ["json", "text"] as const) {
      const r = uploadRequest(format, "Zielbogen Süd", "timing_0007.csv", PASSINGS);
      const parsed = parseUploadPost(r.contentType, headerOf(r.headers), r.body);
      expect(parsed, format).toEqual({
        ok: true,
        value: { device: "Zielbogen Süd", session: "timing_0007.csv", passings: PASSINGS },
      });
    }
  });

  it.each([
    ["application/json", {}, "{", /not JSON/],
    [
      "application/json",
      {},
      JSON.stringify({ device: "D", session: "s", passings: [{ n: 0 }] }),
      /passings\.0/,
    ],
    ["application/json", {}, JSON.stringify({ device: "D", passings: [] }), /session/],
    ["text/plain", {}, "1;a;2026-05-17T09:00:00.000Z;1;-50;1\n", /X-TRC-Device and X-TRC-Session/],
    ["text/plain", { "x-trc-device": "D", "x-trc-session": "s" }, "1;a;2026-05-17;1;-50;1\n", /line 1: time/],
    [
      "text/plain",
      { "x-trc-device": "D", "x-trc-session": "s" },
      "0;a;2026-05-17T09:00:00.000Z;1;;1",
      /line 1: n/,
    ],
    ["text/plain", { "x-trc-device": "D", "x-trc-session": "s" }, "1;a;b\n", /line 1: expected/],
    ["application/xml", {}, "<x/>", /Content-Type/],
  ])("refuses %s %j %j", (type, headers, body, reason) => {
    const parsed = parseUploadPost(type, headerOf(headers), body);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it("an empty text body is a post of no passings; more than 500 is refused", () => {
    expect(parseUploadText("")).toEqual({ ok: true, passings: [] });
    const line = "1;a;2026-05-17T09:00:00.000Z;1;-50;1\n";
    const over = parseUploadText(line.repeat(UPLOAD.maxPassingsPerPost + 1));
    expect(over).toEqual({ ok: false, reason: "at most 500 passings a post" });
  });
});
