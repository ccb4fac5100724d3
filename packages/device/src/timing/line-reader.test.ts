// Unit tests of the request line splitter: line ends, chunks cut anywhere, the 256-byte limit and what it holds.
import { describe, expect, it } from "vitest";
import { type LineEvent, LineReader } from "./line-reader.ts";

function all(reader: LineReader): string[] {
  const out: string[] = [];
  for (let e: LineEvent | null = reader.next(); e; e = reader.next()) {
    out.push(e.kind === "line" ? e.text : "<too long>");
  }
  return out;
}

const feed = (reader: LineReader, text: string) => reader.push(Buffer.from(text, "utf8"));

describe("LineReader", () => {
  it("ends lines at CR, LF or CRLF and skips empty lines", () => {
    const r = new LineReader(256);
    feed(r, "CLOCK\rSTARTREAD\r\nSTOPREAD\n\r\r\nX");
    expect(all(r)).toEqual(["CLOCK", "STARTREAD", "STOPREAD"]);
    feed(r, "Y\r");
    expect(all(r)).toEqual(["XY"]);
  });

  it("joins a line cut across chunks anywhere, bytes of one character included", () => {
    const r = new LineReader(256);
    const bytes = Buffer.from("CLÖCK\r", "utf8");
    for (const b of bytes) r.push(Buffer.from([b]));
    expect(all(r)).toEqual(["CLÖCK"]);
  });

  it("takes a line of exactly the limit; one byte more is too long, reported once", () => {
    const r = new LineReader(8);
    feed(r, "12345678\r123456789\r");
    expect(all(r)).toEqual(["12345678", "<too long>"]);
  });

  it("reports a long line as soon as it passes the limit, then discards it to its end", () => {
    const r = new LineReader(8);
    feed(r, "1234567890");
    expect(all(r)).toEqual(["<too long>"]);
    feed(r, "more and more");
    expect(all(r)).toEqual([]);
    feed(r, "still\rCLOCK\r");
    expect(all(r)).toEqual(["CLOCK"]);
  });

  it("a 1 MB line in 64 KB chunks: one report, never more than the limit held", () => {
    const r = new LineReader(256);
    const chunk = Buffer.alloc(65_536, 0x41);
    const events: string[] = [];
    let most = 0;
    for (let i = 0; i < 16; i++) {
      r.push(chunk);
      events.push(...all(r));
      most = Math.max(most, r.held);
    }
    feed(r, "\rSTOPREAD\r");
    events.push(...all(r));
    expect(events).toEqual(["<too long>", "STOPREAD"]);
    expect(most).toBeLessThanOrEqual(256);
    expect(r.held).toBe(0);
  });

  it("lets the caller stop between lines: the rest stays queued", () => {
    const r = new LineReader(256);
    feed(r, "A\rB\rC");
    expect(r.next()).toEqual({ kind: "line", text: "A" });
    expect(r.pending).toBe(true);
    expect(r.held).toBe(3);
    expect(r.next()).toEqual({ kind: "line", text: "B" });
    expect(r.next()).toBeNull();
    expect([r.pending, r.held]).toEqual([false, 1]);
  });
});
