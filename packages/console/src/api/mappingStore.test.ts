// The remote store reader: count, paced getInfo, 401 skipped, bad answers and unreachable entries named.
import { COMMAND_FETCH_PACING_MS, ConfigItem } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { DeviceError } from "./errors.ts";
import { type MappingFetcher, readMapping } from "./mappingStore.ts";

const item = (n: number) => ({
  name_display: `S${n}`,
  name_internal: `s${n}`,
  category: "profile",
  description: "",
  type: "number",
  perm: 10,
  value_default: n,
});

function fake(answers: Record<string, { status: number; body: unknown } | "down">) {
  const calls: string[] = [];
  const fetcher: MappingFetcher = async (path) => {
    calls.push(path);
    const a = answers[path];
    if (a === undefined || a === "down") throw new DeviceError("network", "The device cannot be reached");
    return { ...a, ok: a.status >= 200 && a.status < 300 };
  };
  const sleep = async (ms: number) => {
    calls.push(`sleep ${ms}`);
  };
  return { calls, fetcher, sleep };
}

const base = { label: "Setting", quantityPath: "/q", infoPath: (i: number) => `/i${i}`, schema: ConfigItem };

describe("readMapping", () => {
  it("asks the count once, then each index paced, and names every kind of bad entry", async () => {
    const d = fake({
      "/q": { status: 200, body: { len: 5 } },
      "/i0": { status: 200, body: item(0) },
      "/i1": { status: 401, body: { error: "no" } },
      "/i2": { status: 500, body: { error: "flash busy" } },
      "/i3": "down",
      "/i4": { status: 200, body: { ...item(4), type: "colour" } },
    });
    const r = await readMapping({ ...base, ...d });
    expect(r.items.map((x) => x.name_internal)).toEqual(["s0"]);
    expect(r.skipped).toBe(1);
    expect(r.countProblem).toBeNull();
    expect(r.problems).toEqual([
      "Setting #2: HTTP 500: flash busy",
      "Setting #3: The device cannot be reached",
      'Setting #4: type must be one of "boolean", "number", "string"',
    ]);
    const pace = `sleep ${COMMAND_FETCH_PACING_MS}`;
    expect(d.calls).toEqual(["/q", "/i0", pace, "/i1", pace, "/i2", pace, "/i3", pace, "/i4"]);
  });

  it("asks nothing more when the count cannot be read", async () => {
    const d = fake({ "/q": { status: 200, body: { count: 3 } } });
    const r = await readMapping({ ...base, ...d });
    expect(r.countProblem).toBe("Setting count: answer without len");
    expect(d.calls).toEqual(["/q"]);
  });

  it("names an answer missing the required field before any other check", async () => {
    const d = fake({ "/q": { status: 200, body: { len: 1 } }, "/i0": { status: 200, body: { perm: "x" } } });
    const r = await readMapping({ ...base, ...d, required: "name_internal" });
    expect(r.problems).toEqual(["Setting #0: answer without name_internal"]);
  });
});
