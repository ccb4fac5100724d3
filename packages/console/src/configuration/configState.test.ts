// Unit tests of the page state machine: load states, input colours, busy flag, limits, refresh keeping edits.
import { BUILT_IN_CONFIG } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { withCurrentValues } from "../shared/settings/settingRules.ts";
import {
  type ConfigAction,
  type ConfigState,
  configReducer,
  fieldClass,
  initialConfigState,
  unsavedEdits,
} from "./configState.ts";
import { saveResult } from "./saveResult.ts";

const loaded = (
  values: Record<string, unknown> = { raw_port: 10000, gps_correction: false, uhf_power: "HIGH" },
): ConfigAction => ({ type: "loaded", items: withCurrentValues(BUILT_IN_CONFIG, values).items, issues: [] });

const run = (...actions: ConfigAction[]): ConfigState => actions.reduce(configReducer, initialConfigState);
const field = (s: ConfigState, name: string) => s.fields[name];

describe("load states (SPEC §4)", () => {
  it.each([
    [[], "UN_QUERIED"],
    [[{ type: "query" }], "QUERYING"],
    [[{ type: "query" }, loaded()], "REFRESHED"],
    [[{ type: "query" }, { type: "failed", error: "HTTP 500" }], "ERROR"],
    [[{ type: "query" }, loaded(), { type: "query" }], "QUERYING"],
  ] as [ConfigAction[], string][])("%j ends %s", (actions, load) => {
    expect(run(...actions).load).toBe(load);
  });

  it("a failed load keeps the error text and the settings already shown", () => {
    const s = run(loaded(), { type: "query" }, { type: "failed", error: "The device cannot be reached" });
    expect(s.error).toBe("The device cannot be reached");
    expect(s.items).toHaveLength(BUILT_IN_CONFIG.length);
  });
});

describe("input colours and busy flag (SPEC §4)", () => {
  const ok = saveResult(200, { key: "raw_port", value: 10002 });
  const bad = saveResult(400, { error: "no" });
  it.each([
    ["edit", [{ type: "edit", name: "raw_port", draft: "10002" }], "changed", false, "field-changed"],
    [
      "edit back",
      [
        { type: "edit", name: "raw_port", draft: "10002" },
        { type: "edit", name: "raw_port", draft: "10000" },
      ],
      "clean",
      false,
      "",
    ],
    [
      "submit",
      [
        { type: "edit", name: "raw_port", draft: "10002" },
        { type: "submit", name: "raw_port" },
      ],
      "changed",
      true,
      "field-changed",
    ],
    [
      "saved",
      [
        { type: "edit", name: "raw_port", draft: "10002" },
        { type: "submit", name: "raw_port" },
        { type: "saved", name: "raw_port", value: 10002, result: ok },
      ],
      "saved",
      false,
      "field-saved",
    ],
    [
      "failed",
      [
        { type: "edit", name: "raw_port", draft: "10002" },
        { type: "submit", name: "raw_port" },
        { type: "saved", name: "raw_port", value: 10002, result: bad },
      ],
      "failed",
      false,
      "field-failed",
    ],
    [
      "edit after saved",
      [
        { type: "edit", name: "raw_port", draft: "10002" },
        { type: "saved", name: "raw_port", value: 10002, result: ok },
        { type: "edit", name: "raw_port", draft: "10003" },
      ],
      "changed",
      false,
      "field-changed",
    ],
    [
      "edit after failed",
      [
        { type: "edit", name: "raw_port", draft: "10002" },
        { type: "saved", name: "raw_port", value: 10002, result: bad },
        { type: "edit", name: "raw_port", draft: "10004" },
      ],
      "changed",
      false,
      "field-changed",
    ],
  ] as [string, ConfigAction[], string, boolean, string][])(
    "%s → %s (busy %s)",
    (_, actions, status, busy, cls) => {
      const f = field(run(loaded(), ...actions), "raw_port");
      expect(f?.status).toBe(status);
      expect(f?.busy).toBe(busy);
      expect(fieldClass(f?.status ?? "clean")).toBe(cls);
    },
  );

  it("a successful save sets the current value; a failed one keeps it and the edit", () => {
    const saved = run(
      loaded(),
      { type: "edit", name: "raw_port", draft: "10002" },
      { type: "saved", name: "raw_port", value: 10002, result: ok },
    );
    expect(saved.items.find((i) => i.name_internal === "raw_port")?.value_current).toBe(10002);
    expect(field(saved, "raw_port")?.result?.text).toBe("200 - Success");
    expect(unsavedEdits(saved)).toEqual([]);
    const failed = run(
      loaded(),
      { type: "edit", name: "raw_port", draft: "10002" },
      { type: "saved", name: "raw_port", value: 10002, result: bad },
    );
    expect(failed.items.find((i) => i.name_internal === "raw_port")?.value_current).toBe(10000);
    expect(field(failed, "raw_port")?.draft).toBe("10002");
    expect(unsavedEdits(failed)).toEqual(["raw_port"]);
  });

  it("editing keeps the last result text but clears its colour", () => {
    const s = run(
      loaded(),
      { type: "edit", name: "raw_port", draft: "1" },
      { type: "saved", name: "raw_port", value: 1, result: ok },
      { type: "edit", name: "raw_port", draft: "2" },
    );
    expect(field(s, "raw_port")?.result?.text).toBe("200 - Success");
    expect(field(s, "raw_port")?.status).toBe("changed");
  });

  it("edits are ignored while the setting is being submitted", () => {
    const s = run(
      loaded(),
      { type: "edit", name: "raw_port", draft: "10002" },
      { type: "submit", name: "raw_port" },
      { type: "edit", name: "raw_port", draft: "9" },
    );
    expect(field(s, "raw_port")?.draft).toBe("10002");
  });
});

describe("limits are checked while editing (D5)", () => {
  it.each([
    ["raw_port", "70000", "Must be at most 65535"],
    ["raw_port", "", "Must be a number"],
    ["raw_port", "10005", null],
    ["static_ip", "1.2.3", "Must be an IPv4 address like 192.168.1.50"],
    ["utc_offset", "3600", null],
  ])("%s ← %j: %s", (name, draft, reason) => {
    const s = run(loaded({ raw_port: 10000, static_ip: "192.168.1.50", utc_offset: 0 }), {
      type: "edit",
      name,
      draft,
    });
    expect(field(s, name)?.reason).toBe(reason);
  });
});

describe("refresh", () => {
  it("keeps the user's edits and updates the untouched inputs", () => {
    const s = run(
      loaded({ raw_port: 10000, filtered_port: 10001 }),
      { type: "edit", name: "raw_port", draft: "10009" },
      loaded({ raw_port: 10000, filtered_port: 10007 }),
    );
    expect(field(s, "raw_port")?.draft).toBe("10009");
    expect(field(s, "raw_port")?.status).toBe("changed");
    expect(field(s, "filtered_port")?.draft).toBe("10007");
    expect(unsavedEdits(s)).toEqual(["raw_port"]);
  });

  it("an edit the device now already has is clean after refresh", () => {
    const s = run(
      loaded({ raw_port: 10000 }),
      { type: "edit", name: "raw_port", draft: "10009" },
      loaded({ raw_port: 10009 }),
    );
    expect(field(s, "raw_port")?.status).toBe("clean");
    expect(unsavedEdits(s)).toEqual([]);
  });

  it("checkbox drafts are booleans", () => {
    const s = run(loaded(), { type: "edit", name: "gps_correction", draft: true });
    expect(field(s, "gps_correction")).toMatchObject({ draft: true, status: "changed", reason: null });
    expect(unsavedEdits(s)).toEqual(["gps_correction"]);
  });
});

describe("remote store progress", () => {
  it.each([
    [[{ type: "query" }], null],
    [[{ type: "query" }, { type: "progress", queried: 3, available: 23 }], { queried: 3, available: 23 }],
    [[{ type: "query" }, { type: "progress", queried: 3, available: 23 }, loaded()], null],
    [
      [{ type: "query" }, { type: "progress", queried: 3, available: 23 }, { type: "failed", error: "x" }],
      null,
    ],
  ] as [ConfigAction[], unknown][])("%j → %j", (actions, progress) => {
    expect(run(...actions).progress).toEqual(progress);
  });
});
