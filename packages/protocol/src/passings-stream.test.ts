// Unit tests of the read stream's contract helpers: the event reader, resume points and batch rules.
import { describe, expect, it } from "vitest";
import { batchProblems, parseResumeSeq, StreamItemReader } from "./passings-stream.ts";

describe("StreamItemReader", () => {
  it("reads events and comments whatever the chunks cut, with \\n, \\r\\n or \\r line ends", () => {
    // A "\r" last in a chunk waits for the next one (it may be half of "\r\n"), so the text ends with "\r\n".
    const text =
      'event: reads\r\nid: 7\r\ndata: {"reads":[]}\r\n\r\n: keep-alive\n\nevent: gap\rdata: {"from":1,\rdata: "to":2}\r\r\n';
    const whole = new StreamItemReader().push(text);
    expect(whole).toEqual([
      { kind: "event", event: "reads", id: "7", data: '{"reads":[]}' },
      { kind: "comment", text: "keep-alive" },
      { kind: "event", event: "gap", id: undefined, data: '{"from":1,\n"to":2}' },
    ]);
    for (let cut = 1; cut < text.length; cut++) {
      const reader = new StreamItemReader();
      expect([...reader.push(text.slice(0, cut)), ...reader.push(text.slice(cut))], `cut at ${cut}`).toEqual(
        whole,
      );
    }
  });

  it("keeps an event without a blank line after it until one comes", () => {
    const reader = new StreamItemReader();
    expect(reader.push("event: reads\ndata: x\n")).toEqual([]);
    expect(reader.push("\n")).toEqual([{ kind: "event", event: "reads", id: undefined, data: "x" }]);
  });
});

describe("parseResumeSeq", () => {
  it("takes digits up to 2^53 - 1 and gives a reason for anything else", () => {
    expect(parseResumeSeq("0")).toBe(0);
    expect(parseResumeSeq("1043")).toBe(1043);
    expect(parseResumeSeq(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseResumeSeq("9007199254740992")).toEqual({
      error: 'The resume point is too large: "9007199254740992"',
    });
    for (const bad of ["", "-1", "1.5", "1e3", " 1", "0x10", "1\u0000"]) {
      expect(parseResumeSeq(bad), JSON.stringify(bad)).toEqual({
        error: `The resume point must be a whole number ≥ 0, got ${JSON.stringify(bad)}`,
      });
    }
  });
});

describe("batchProblems", () => {
  const read = (seq: number) => ({ seq, tag: "000123", ant: 0, rssi: -60, time: 1 });
  it("wants seqs in steps of 1 and the id naming the last", () => {
    expect(batchProblems({ reads: [read(4), read(5)] }, "5")).toEqual([]);
    expect(batchProblems({ reads: [read(4), read(6)] }, "6")).toEqual(["seq 6 follows 4 in one batch"]);
    expect(batchProblems({ reads: [read(4), read(5)] }, "4")).toEqual(["batch id 4 is not its last seq 5"]);
    expect(batchProblems({ reads: [read(4)] }, undefined)).toEqual(["batch id (none) is not its last seq 4"]);
  });
});
