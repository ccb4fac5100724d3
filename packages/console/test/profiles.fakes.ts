// Fakes for the profile apply tests: emulated units answering config get and set, recording requests in flight.
import { API, type ConfigValue } from "@trc/protocol";
import type { RequestOptions } from "../src/api/client.ts";
import { DeviceError } from "../src/api/errors.ts";
import { write } from "../src/api/write.ts";
import type { ApplyIO } from "../src/shared/settings/profiles/applyPlan.ts";

export type Answer = { status: number; body: unknown };

/** An emulated unit: its values, what it answers, and the most requests it ever had in flight. */
export interface FakeUnit {
  values: Record<string, ConfigValue>;
  inFlight: number;
  maxInFlight: number;
  sets: string[];
  /** Instead of storing a set: an answer other than 200, or "no answer". */
  refuse?: (setting: string) => Answer | "no answer" | undefined;
  down?: boolean;
  /** Turns of the event loop a set of this setting takes (by default 1 to 3, varying). */
  ticks?: (setting: string) => number | undefined;
  /** Runs when the unit's values are read (another operator's change lands just before). */
  onRead?: () => void;
}

/** Units by address behind an `ApplyIO` whose sets go through the console's one write (api/write.ts). */
export function fleetOf(values: Record<string, Record<string, ConfigValue>>) {
  const units: Record<string, FakeUnit> = {};
  for (const [addr, v] of Object.entries(values))
    units[addr] = { values: { ...v }, inFlight: 0, maxInFlight: 0, sets: [] };
  let busy = 0;
  let maxBusy = 0;
  let seq = 0;
  async function request<T>(addr: string, answer: (u: FakeUnit) => T, ticks?: number): Promise<T> {
    const u = units[addr] as FakeUnit;
    if (u.inFlight++ === 0) maxBusy = Math.max(maxBusy, ++busy);
    u.maxInFlight = Math.max(u.maxInFlight, u.inFlight);
    try {
      // Answers take 1 to 3 turns of the event loop, so requests overlap as on a network.
      for (let i = 0; i < (ticks ?? 1 + (seq++ % 3)); i++) await new Promise((r) => setImmediate(r));
      return answer(u);
    } finally {
      if (--u.inFlight === 0) busy--;
    }
  }
  const io: ApplyIO = {
    readValues: (addr) =>
      request(addr, (u) => {
        if (u.down) throw new DeviceError("network", "The device cannot be reached");
        u.onRead?.();
        return { ...u.values };
      }),
    setValue: (addr, key, value) =>
      write(
        API.configSet,
        { base: addr, json: { key, value, time: "" }, only: 200 },
        (_p, _o: RequestOptions) =>
          request(
            addr,
            (u): Answer => {
              const refusal = u.refuse?.(key);
              if (refusal === "no answer")
                throw new DeviceError("timeout", "The device did not answer within 10 s");
              if (refusal) return refusal;
              u.sets.push(`${key}=${value}`);
              u.values[key] = value;
              return { status: 200, body: { key, value } };
            },
            units[addr]?.ticks?.(key),
          ),
      ),
  };
  return { units, io, maxUnitsBusy: () => maxBusy };
}

export const unitsOf = (fleet: ReturnType<typeof fleetOf>) =>
  Object.entries(fleet.units).map(([unit, u]) => ({ unit, values: { ...u.values } }));
