// Fake units behind `fetch` for the profile UI's component tests: their configuration (get and set, with refusals and
// another operator's change), the fleet poll's answers, race control's mode, and the commands they received.
import { API, BUILT_IN_CONFIG, type ConfigValue } from "@trc/protocol";
import { vi } from "vitest";

export type Answer = { status: number; body: unknown };

export interface HttpUnit {
  name: string;
  values: Record<string, ConfigValue>;
  /** Race control: "test", "timing", or null (a unit without it: 404). */
  mode?: "test" | "timing" | null;
  /** Instead of storing a set: an answer other than 200. */
  refuse?: (key: string) => Answer | undefined;
  /** Runs when its values are read (another operator's change lands just before). */
  onGet?: () => void;
  /** Every set received (`key=value`) and every command executed. */
  sets: string[];
  commands: string[];
}

/** Every setting at D5's default. */
export const defaults = (): Record<string, ConfigValue> =>
  Object.fromEntries(BUILT_IN_CONFIG.map((i) => [i.name_internal, i.value_default]));

export function unit(
  name: string,
  values: Record<string, ConfigValue> = {},
  more: Partial<HttpUnit> = {},
): HttpUnit {
  return { name, values: { ...defaults(), ...values }, sets: [], commands: [], ...more };
}

const timing = (mode: "test" | "timing") => ({
  mode,
  session: mode === "timing" ? { file: "timing_0004.csv", startedAt: 1, passings: 12 } : null,
  programs: [],
  replay: null,
});

/** Answers every request to a unit of `units` (by host); any other host does not answer. */
export function stubUnits(units: Record<string, HttpUnit>): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url);
      const unit = units[u.host];
      if (!unit) throw new TypeError("Failed to fetch");
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      switch (u.pathname) {
        case API.configGet:
          unit.onGet?.();
          return json(unit.values);
        case API.configSet: {
          const key = String(body.key);
          const refusal = unit.refuse?.(key);
          if (refusal) return json(refusal.body, refusal.status);
          unit.sets.push(`${key}=${body.value}`);
          unit.values[key] = body.value as ConfigValue;
          return json({ key, value: body.value });
        }
        case API.commandExecute:
          unit.commands.push(String(body.cmd));
          return json({ result: "OK" });
        case "/api/config/deviceName":
          return json({ deviceName: unit.name, mode: "uhf" });
        case "/api/telemetry/timing":
          return unit.mode ? json(timing(unit.mode)) : json({ error: "not found" }, 404);
        case "/api/telemetry/battery":
          return json({ state: "DISCHARGING", percentage: 0.5 });
        case "/api/telemetry/passings":
          return json({ seen: 1, filtered: 1, unique: 1, sent: 1, left: 0, delta: 0 });
        default:
          return json({ error: "not found" }, 404);
      }
    }),
  );
}
