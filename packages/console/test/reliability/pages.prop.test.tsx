// Property tests: the main views of the files, configuration and commands pages rendered with arbitrary device answers — no exception, device strings as text.
import { render } from "@testing-library/react";
import { BUILT_IN_CONFIG, CONFIG_TYPES, ConfigGetResponse, ConfigItem, FileList } from "@trc/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLenient } from "../../src/api/lenient.ts";
import { useCommands } from "../../src/commands/commandsStore.ts";
import { HistoryPanel } from "../../src/commands/HistoryPanel.tsx";
import { readHistory, showsBody } from "../../src/commands/history.ts";
import { ConfigTree } from "../../src/configuration/ConfigTree.tsx";
import { FileTable } from "../../src/files/FileTable.tsx";
import { DEFAULT_SORT, fileRows, sortFiles } from "../../src/files/fileTable.ts";
import { inputKind, withCurrentValues, withKnownLimits } from "../../src/shared/settings/settingRules.ts";
import { HOSTILE_STRINGS, hostileJson, mutated } from "./arbitraries.ts";

const RUNS = 100;
const noop = () => {};
const deviceString = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...HOSTILE_STRINGS));
/**
 * Each device string the view shows is there verbatim as text: a string made into markup (`<img onerror>`), cut or
 * dropped is missing from the text.
 */
const showsAsText = (root: Element, strings: readonly unknown[]) => {
  const text = root.textContent ?? "";
  for (const s of strings) if (typeof s === "string" && s.trim()) expect(text).toContain(s);
};

describe("files page: the table with arbitrary getAll answers", () => {
  it("shows every named file by its name as text, never throws", () => {
    const answer = fc.oneof(
      mutated({ files: [{ name: "timing_0001.csv", size: 1234 }] }),
      fc.record({
        files: fc.array(fc.record({ name: deviceString, size: fc.oneof(fc.double(), hostileJson) })),
      }),
      hostileJson,
    );
    fc.assert(
      fc.property(answer, (raw) => {
        const parsed = parseLenient(FileList, raw);
        const { rows } = fileRows(parsed.data?.files);
        const sorted = sortFiles(rows, DEFAULT_SORT);
        const { container, unmount } = render(
          <FileTable
            rows={sorted}
            sort={DEFAULT_SORT}
            onSort={noop}
            deleting={null}
            failure={null}
            onDelete={noop}
          />,
        );
        const names = [...container.querySelectorAll("td.files-name")].map((td) => td.textContent);
        // Cell by cell as text: a name made into markup would read differently (or as nothing).
        expect(names).toEqual(sorted.map((r) => r.name));
        unmount();
      }),
      { numRuns: RUNS, seed: 8 },
    );
  });
});

describe("configuration page: the tree with arbitrary answers", () => {
  it("local store: arbitrary config/get values — every setting shown, every wrong value named", () => {
    const values = fc.oneof(
      fc.dictionary(fc.constantFrom(...BUILT_IN_CONFIG.map((i) => i.name_internal)), hostileJson),
      hostileJson,
    );
    fc.assert(
      fc.property(values, (raw) => {
        const parsed = parseLenient(ConfigGetResponse, raw);
        const merged = withCurrentValues(BUILT_IN_CONFIG, parsed.data ?? {});
        const { container, unmount } = render(
          <ConfigTree items={merged.items} fields={{}} onEdit={noop} onSubmit={noop} />,
        );
        const text = container.textContent ?? "";
        for (const item of BUILT_IN_CONFIG) expect(text).toContain(item.name_display);
        // A value of the wrong type is reported by name (the page lists these issues above the tree).
        if (raw && typeof raw === "object" && !Array.isArray(raw))
          for (const [key, v] of Object.entries(raw)) {
            const item = BUILT_IN_CONFIG.find((i) => i.name_internal === key);
            if (item && v !== undefined && typeof v !== item.type && parsed.data?.[key] !== undefined)
              expect(merged.issues.join("\n")).toContain(key);
          }
        // A string value the unit sent (a password aside: hidden) is on the page verbatim, as text.
        showsAsText(
          container,
          merged.items
            .filter((i) => i.type === "string" && inputKind(i) !== "password")
            .map((i) => i.value_current),
        );
        unmount();
      }),
      { numRuns: RUNS, seed: 8 },
    );
  });

  it("remote store: arbitrary setting definitions (odd categories, hostile names) — each one gets its input", () => {
    const category = fc.oneof(
      fc.constantFrom(
        "",
        "_",
        "__",
        "wifi_",
        "_wifi",
        "wifi__sta",
        "a_b_c_d_e_f_g_h",
        "constructor",
        "__proto__",
      ),
      fc.stringMatching(/^[a-z_]{0,12}$/),
    );
    const item = fc
      .record({
        name_display: deviceString,
        name_internal: fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/),
        category,
        description: deviceString,
        type: fc.constantFrom(...CONFIG_TYPES),
        perm: fc.integer({ min: 0, max: 255 }),
        value_default: fc.oneof(fc.boolean(), fc.double({ noNaN: true }), deviceString),
      })
      .filter((i) => ConfigItem.safeParse(i).success);
    const items = fc.uniqueArray(item, { selector: (i) => i.name_internal, maxLength: 12 });
    fc.assert(
      fc.property(items, (list) => {
        const entries = list.map((i) => withKnownLimits(ConfigItem.parse(i)));
        const { container, unmount } = render(
          <ConfigTree items={entries} fields={{}} onEdit={noop} onSubmit={noop} />,
        );
        const shown = container.querySelectorAll("input, select, textarea").length;
        expect(shown).toBeGreaterThanOrEqual(entries.length);
        showsAsText(
          container,
          entries.flatMap((e) => [e.name_display, e.description]),
        );
        unmount();
      }),
      { numRuns: RUNS, seed: 8 },
    );
  });
});

describe("commands page: the history with arbitrary stored entries and answers", () => {
  it("keeps the well-formed entries and shows their answers as text", () => {
    const entry = fc.record({
      id: fc.uuid(),
      name: deviceString,
      cmd: deviceString,
      args: fc.oneof(fc.array(fc.record({ name: deviceString, value: deviceString })), hostileJson),
      state: fc.constantFrom("NOTSENT", "SENT", "RECEIVED", "BOGUS"),
      outcome: fc.constantFrom("PENDING", "SUCCESS", "UNKNOWN", "NOT FOUND", "NOT AUTHED", "BAD ARG", "??"),
      timeSent: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 4e12 }), hostileJson),
      timeReceived: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 4e12 })),
      responseHeader: deviceString,
      responseBody: fc.oneof(deviceString, hostileJson),
    });
    fc.assert(
      fc.property(fc.oneof(fc.array(fc.oneof(entry, hostileJson), { maxLength: 8 }), hostileJson), (raw) => {
        const history = readHistory(raw);
        useCommands.setState({ history });
        const { container, unmount } = render(<HistoryPanel />);
        const shown = container.querySelectorAll("[data-testid=history-entry]");
        expect(shown.length).toBe(history.length);
        if (!history.length) expect(container).toHaveTextContent("No history");
        for (const [i, e] of history.entries()) {
          expect(shown[i]?.textContent).toContain(e.name);
          showsAsText(shown[i] as Element, [
            e.cmd,
            ...e.args.map((a) => a.value),
            showsBody(e) ? e.responseBody : "",
          ]);
        }
        unmount();
      }),
      { numRuns: RUNS, seed: 8 },
    );
  });
});
