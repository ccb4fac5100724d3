// Property tests: whatever an older console, another tool or a bad disk left in browser storage, the stores start sane and the settings page lists it as text.
import { render, within } from "@testing-library/react";
import { unitAddress } from "@trc/protocol";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOSTILE_STRINGS, hostileJson, mutated } from "./arbitraries.ts";

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const LOCAL_KEYS = [
  "generalSettings",
  "featureFlagOverrides",
  "restartPending",
  "restartPendingSince",
  "commandHistory",
];

/** A stored item: JSON of anything, text that is not JSON at all, or what the console writes with parts broken. */
const storedLike = (good: unknown) =>
  fc.oneof(
    { arbitrary: mutated(good).map((v) => JSON.stringify(v) ?? "null"), weight: 3 },
    { arbitrary: hostileJson.map((v) => JSON.stringify(v) ?? "null"), weight: 1 },
    { arbitrary: fc.constantFrom("{", "undefined", "NaN", "[object Object]", ...HOSTILE_STRINGS), weight: 1 },
  );
/** The shapes the console itself stores, per key. */
const GOOD: Record<string, unknown> = {
  generalSettings: {
    rootAPI: "http://10.0.0.2",
    deviceName: "D-1",
    viteMode: "production",
    deviceMode: "hf",
  },
  featureFlagOverrides: { commands: { useAuth: false, filterByLevel: true }, config: { useAuth: true } },
  restartPending: { "http://10.0.0.2": ["raw_port"] },
  restartPendingSince: { "http://10.0.0.2": 1_795_000_000_000 },
  commandHistory: [
    { id: "1", name: "Reboot", cmd: "REBOOT", args: [], state: "RECEIVED", outcome: "SUCCESS" },
  ],
};
const authStored = storedLike({ type: "PASSWORD", level: 20, password: "owner-pass" });

describe("stores started from arbitrary browser storage", () => {
  it("start with sane values and the Local Storage section lists every key as text", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(Object.fromEntries(LOCAL_KEYS.map((k) => [k, storedLike(GOOD[k])])), { requiredKeys: [] }),
        authStored,
        async (local, auth) => {
          localStorage.clear();
          sessionStorage.clear();
          for (const [k, v] of Object.entries(local)) localStorage.setItem(k, v as string);
          sessionStorage.setItem("trcAuth", auth);
          vi.resetModules();
          const { useDeviceSettings } = await import("../../src/shared/unit/deviceSettings.ts");
          const { useFlags } = await import("../../src/shared/access/flags.ts");
          const { useAuth } = await import("../../src/shared/access/authStore.ts");
          const { useRestart } = await import("../../src/shared/unit/restartStore.ts");
          const { useCommands } = await import("../../src/commands/commandsStore.ts");
          const { LocalStorageSection } = await import("../../src/settings/LocalStorageSection.tsx");

          const settings = useDeviceSettings.getState();
          expect(typeof settings.rootAPI).toBe("string");
          expect(typeof settings.deviceName).toBe("string");
          // Unknown (null) until the unit answers its identity: an hf unit is never taken for uhf.
          expect([null, "uhf", "hf"]).toContain(settings.deviceMode);
          const { flags } = useFlags.getState();
          for (const section of [flags.commands, flags.config])
            for (const v of Object.values(section)) expect(typeof v).toBe("boolean");
          const a = useAuth.getState();
          expect(["NONE", "PASSWORD", "KEY"]).toContain(a.type);
          expect(Number.isInteger(a.level) && a.level >= 0 && a.level <= 255).toBe(true);
          // By unit: each a canonical address with a non-empty list of names, and a finite time or none.
          const { changed, since } = useRestart.getState();
          for (const [unit, names] of Object.entries(changed)) {
            expect(unit).toBe(unitAddress(unit));
            expect(names.length > 0 && names.every((c) => typeof c === "string")).toBe(true);
          }
          for (const at of Object.values(since)) expect(Number.isFinite(at)).toBe(true);
          expect(Array.isArray(useCommands.getState().history)).toBe(true);

          const { container, unmount } = render(<LocalStorageSection />);
          // Every key the browser holds is a row with its value verbatim, as text (markup in a value stays text).
          const rows = within(container)
            .queryAllByRole("row")
            .slice(1)
            .map((r) =>
              within(r)
                .getAllByRole("cell")
                .map((c) => c.textContent),
            );
          const held = Object.keys(local).filter((key) => localStorage.getItem(key) !== null);
          for (const key of held) expect(rows).toContainEqual([key, localStorage.getItem(key)]);
          unmount();
        },
      ),
      { numRuns: 150, seed: 8 },
    );
  }, 60_000);
});
