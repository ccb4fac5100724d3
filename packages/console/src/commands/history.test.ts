// Unit tests of the command history: badges per outcome, the newest 50, damaged storage and masking.
import { COMMAND_OUTCOMES, outcomeFromStatus } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import {
  appendEntry,
  bodyText,
  HISTORY_LIMIT,
  type HistoryEntry,
  historyBadge,
  readHistory,
  showsBody,
  storedForm,
  updateEntry,
} from "./history.ts";

const entry = (id: string, patch: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  name: "Reboot",
  cmd: "REBOOT",
  args: [],
  shownPacket: '{"cmd":"REBOOT","args":[]}',
  areAllArgsValid: true,
  authType: "NONE",
  authLevel: 10,
  timeSent: 1000,
  timeReceived: 1200,
  responseHeader: "HTTP 200",
  responseBody: "{}",
  state: "RECEIVED",
  outcome: "SUCCESS",
  ...patch,
});

describe("outcome from status (SPEC §4)", () => {
  it.each([
    [200, "SUCCESS", "200 Success", "green"],
    [401, "NOT AUTHED", "401 Unauthorized", "red"],
    [404, "NOT FOUND", "404 Cmd Not Found", "red"],
    [400, "BAD ARG", "400 Bad Arg", "red"],
    [500, "UNKNOWN", "Unknown?", "red"],
    [403, "UNKNOWN", "Unknown?", "red"],
    [201, "UNKNOWN", "Unknown?", "red"],
  ] as const)("%i -> %s, badge %j", (status, outcome, text, tone) => {
    expect(outcomeFromStatus(status)).toBe(outcome);
    const badge = historyBadge({ state: "RECEIVED", outcome: outcomeFromStatus(status) });
    expect(badge).toEqual({ text, tone, spinner: false });
  });

  it("NOTSENT reads 'Not sent yet'; SENT and PENDING spin", () => {
    expect(historyBadge({ state: "NOTSENT", outcome: "PENDING" }).text).toBe("Not sent yet");
    expect(historyBadge({ state: "SENT", outcome: "PENDING" }).spinner).toBe(true);
  });

  it("shows the body for every outcome but success (and not while pending)", () => {
    const shown = COMMAND_OUTCOMES.filter((outcome) => showsBody({ outcome }));
    expect(shown).toEqual(["UNKNOWN", "NOT FOUND", "NOT AUTHED", "BAD ARG"]);
  });
});

describe("history list", () => {
  it("puts the newest first and keeps the newest 50", () => {
    let list: HistoryEntry[] = [];
    for (let i = 0; i < 60; i++) list = appendEntry(list, entry(`e${i}`));
    expect(list).toHaveLength(HISTORY_LIMIT);
    expect(list[0]?.id).toBe("e59");
    expect(list.at(-1)?.id).toBe("e10");
  });

  it("updates one entry by id", () => {
    const list = updateEntry([entry("a"), entry("b")], "b", { outcome: "BAD ARG" });
    expect(list.map((e) => e.outcome)).toEqual(["SUCCESS", "BAD ARG"]);
  });

  it("writes bodies as text", () => {
    expect(bodyText({ error: "bad" })).toBe('{\n  "error": "bad"\n}');
    expect(bodyText("plain")).toBe("plain");
    expect(bodyText(null)).toBe("");
  });
});

describe("reading stored history", () => {
  it.each([
    ["not an array", { a: 1 }, 0],
    ["null", null, 0],
    ["junk entries", [1, "x", null, { id: 3 }], 0],
    ["a good entry", [entry("a")], 1],
    ["a wrong state", [entry("a", { state: "LOST" as never })], 0],
  ])("%s", (_, raw, count) => {
    expect(readHistory(raw)).toHaveLength(count);
  });

  it("keeps at most 50", () => {
    expect(readHistory(Array.from({ length: 70 }, (_, i) => entry(`e${i}`)))).toHaveLength(50);
  });

  it("an entry left waiting by a closed page is no longer pending, and says why", () => {
    const [notSent, sent] = readHistory([
      entry("a", { state: "NOTSENT", outcome: "PENDING" }),
      entry("b", { state: "SENT", outcome: "PENDING" }),
    ]);
    expect(notSent?.outcome).toBe("UNKNOWN");
    expect(historyBadge(notSent as HistoryEntry).text).toBe("Not sent yet");
    expect(notSent?.responseBody).toContain("Not sent");
    expect(sent?.outcome).toBe("UNKNOWN");
    expect(historyBadge(sent as HistoryEntry).text).toBe("Unknown?");
  });
});

describe("stored form (D7)", () => {
  it("drops a success's body (GET_PW answers the owner password) and keeps the bodies that are shown", () => {
    const ok = entry("a", { responseBody: '{"password":"owner-pass"}' });
    expect(storedForm(ok).responseBody).toBe("");
    const bad = entry("b", { outcome: "BAD ARG", responseBody: '{"error":"file: no such file"}' });
    expect(storedForm(bad).responseBody).toBe('{"error":"file: no such file"}');
  });
});
