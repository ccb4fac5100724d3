// Unit tests of the command list: checks, order by level then name, level filter and the available count.
import {
  API,
  BUILT_IN_COMMANDS,
  CMD_LIST_NON_UNIQUE,
  CMD_LIST_PERM_OUT_OF_RANGE,
  COMMAND_FETCH_PACING_MS,
  type CommandDefinition,
} from "@trc/protocol";
import { describe, expect, it } from "vitest";
import {
  availableCount,
  type Fetcher,
  localCommandList,
  remoteCommandList,
  visibleCommands,
} from "./commandList.ts";

type Answer = { status: number; body: unknown };

/** A fake device: the answers per path, and every call with the pauses taken before it. */
function device(answers: Record<string, Answer>) {
  const calls: string[] = [];
  const fetcher: Fetcher = async (path) => {
    calls.push(path);
    const a = answers[path] ?? { status: 404, body: { error: "not found" } };
    return { status: a.status, ok: a.status >= 200 && a.status < 300, body: a.body };
  };
  const sleep = async (ms: number) => {
    calls.push(`sleep ${ms}`);
  };
  return { calls, fetcher, sleep };
}

function catalogue(list: readonly unknown[]): Record<string, Answer> {
  const out: Record<string, Answer> = { [API.commandQuantity]: { status: 200, body: { len: list.length } } };
  list.forEach((body, i) => {
    out[API.commandInfo(i)] = { status: 200, body };
  });
  return out;
}

const names = (list: CommandDefinition[]) => list.map((c) => c.cmd);

describe("local list", () => {
  it("is the built-in list sorted by level, then name", () => {
    const { commands, error } = localCommandList();
    expect(error).toBeNull();
    expect(commands).toHaveLength(BUILT_IN_COMMANDS.length);
    expect(commands.slice(0, 3).map((c) => c.name)).toEqual([
      "Clear History",
      "Enable/Disable UHF Transmitter",
      "Identify antennas",
    ]);
    expect(names(commands).slice(-6)).toEqual([
      "GET_PW",
      "SET_PW",
      "MQTT_SET",
      "WHITELABEL",
      "FORCE_REBOOT_TASKS",
      "OLD_BAD_CMD",
    ]);
  });

  it.each([
    ["duplicate codes", [BUILT_IN_COMMANDS[0], BUILT_IN_COMMANDS[0]], CMD_LIST_NON_UNIQUE],
    ["a level above 255", [{ ...BUILT_IN_COMMANDS[0], perm: 256 }], CMD_LIST_PERM_OUT_OF_RANGE],
    ["a negative level", [{ ...BUILT_IN_COMMANDS[0], perm: -1 }], CMD_LIST_PERM_OUT_OF_RANGE],
  ])("%s raise the spec's text", (_, list, text) => {
    expect(localCommandList(list as CommandDefinition[]).error).toBe(text);
  });
});

describe("remote store", () => {
  it("reads the count, then every index with 50 ms between requests, and sorts", async () => {
    const d = device(catalogue(BUILT_IN_COMMANDS));
    const progress: string[] = [];
    const r = await remoteCommandList({ ...d, onProgress: (q, a) => progress.push(`${q}/${a}`) });
    expect(r.error).toBeNull();
    expect(names(r.commands)).toEqual(names(localCommandList().commands));
    const pace = `sleep ${COMMAND_FETCH_PACING_MS}`;
    expect(d.calls.slice(0, 5)).toEqual([
      API.commandQuantity,
      API.commandInfo(0),
      pace,
      API.commandInfo(1),
      pace,
    ]);
    expect(d.calls.filter((c) => c === pace)).toHaveLength(BUILT_IN_COMMANDS.length - 1);
    expect(progress[0]).toBe(`0/${BUILT_IN_COMMANDS.length}`);
    expect(progress.at(-1)).toBe(`${BUILT_IN_COMMANDS.length}/${BUILT_IN_COMMANDS.length}`);
  });

  it("skips a 401 (not authorised for that command) without calling it bad", async () => {
    const answers = catalogue(BUILT_IN_COMMANDS.slice(0, 3));
    answers[API.commandInfo(1)] = { status: 401, body: { error: "Unauthorized" } };
    const r = await remoteCommandList(device(answers));
    expect(r.commands).toHaveLength(2);
    expect(r.skipped).toBe(1);
    expect(r.problems).toEqual([]);
  });

  it.each([
    ["without name", { desc: "x", cmd: "X", perm: 5, args: [] }, "Command #1: answer without name"],
    [
      "with a null name",
      { name: null, desc: "x", cmd: "X", perm: 5, args: [] },
      "Command #1: answer without name",
    ],
    [
      "with a text level",
      { name: "X", desc: "x", cmd: "X", perm: "5", args: [] },
      "Command #1: perm expected number, got string",
    ],
    ["as a server error", undefined, "Command #1: HTTP 500"],
  ])("treats an answer %s as bad and names it", async (_, body, problem) => {
    const answers = catalogue([BUILT_IN_COMMANDS[0], body, BUILT_IN_COMMANDS[1]]);
    if (body === undefined) answers[API.commandInfo(1)] = { status: 500, body: "boom" };
    const r = await remoteCommandList(device(answers));
    expect(r.commands).toHaveLength(2);
    expect(r.problems[0]).toContain(problem);
  });

  it.each([
    ["without len", { status: 200, body: {} }, "Command count: answer without len"],
    ["a 500", { status: 500, body: "x" }, "Command count: HTTP 500"],
    ["a negative len", { status: 200, body: { len: -1 } }, "Command count: len must be at least 0"],
  ])("a count %s gives an empty list and says why", async (_, answer, problem) => {
    const d = device({ [API.commandQuantity]: answer });
    const r = await remoteCommandList(d);
    expect(r.commands).toEqual([]);
    expect(r.problems).toEqual([problem]);
    expect(d.calls).toEqual([API.commandQuantity]);
  });

  it("checks the remote list like the local one", async () => {
    const r = await remoteCommandList(device(catalogue([BUILT_IN_COMMANDS[0], BUILT_IN_COMMANDS[0]])));
    expect(r.error).toBe(CMD_LIST_NON_UNIQUE);
  });

  it("stops when aborted", async () => {
    const ctl = new AbortController();
    const d = device(catalogue(BUILT_IN_COMMANDS));
    const r = await remoteCommandList({
      ...d,
      signal: ctl.signal,
      onProgress: (q) => q === 2 && ctl.abort(),
    });
    expect(r.commands).toHaveLength(2);
  });
});

describe("levels in the list", () => {
  const all = localCommandList().commands;
  it.each([
    [10, true, false, all.length],
    [10, true, true, 10],
    [20, true, true, 12],
    [150, true, true, 15],
    [10, false, true, all.length],
  ])("level %i, auth %s, filter %s: %i rows", (level, useAuth, filterByLevel, rows) => {
    expect(visibleCommands(all, { level, useAuth, filterByLevel })).toHaveLength(rows);
  });

  it.each([
    [10, true, 10],
    [20, true, 12],
    [100, true, 15],
    [255, true, 16],
    [10, false, 16],
  ])("level %i, auth %s: %i available", (level, useAuth, n) => {
    expect(availableCount(all, { level, useAuth })).toBe(n);
  });
});
