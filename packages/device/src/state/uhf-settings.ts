// The UHF settings commands change (D13), kept across reboots in uhf.json: the transmitter (UHF_TX) and each antenna
// port's on/off and power (UHF_PORT); a port without its own power follows the configuration's uhf_power.
import { parseUhfPortPower } from "@trc/protocol";
import { JsonDocument, readJsonFile } from "./atomic-file.ts";

export interface PortSetting {
  enabled: boolean;
  /** dB (10.0 to 31.5 in steps of 0.5); null: the configuration's uhf_power. */
  pwr: number | null;
}

export interface UhfSettings {
  transmitter: boolean;
  ports: PortSetting[];
}

/** A new unit's: the transmitter on, every port on at uhf_power. */
export function newUhfSettings(ports: number): UhfSettings {
  return { transmitter: true, ports: Array.from({ length: ports }, () => ({ enabled: true, pwr: null })) };
}

/** What the file holds, each value checked; anything else (or missing) is a new unit's. */
function fromFile(stored: unknown, ports: number): UhfSettings {
  const value = newUhfSettings(ports);
  if (!stored || typeof stored !== "object") return value;
  const s = stored as { transmitter?: unknown; ports?: unknown };
  if (typeof s.transmitter === "boolean") value.transmitter = s.transmitter;
  const list = Array.isArray(s.ports) ? s.ports : [];
  value.ports = value.ports.map((fresh, i) => {
    const p = list[i] as { enabled?: unknown; pwr?: unknown } | undefined;
    const pwr = typeof p?.pwr === "number" ? parseUhfPortPower(String(p.pwr)) : null;
    return {
      enabled: typeof p?.enabled === "boolean" ? p.enabled : fresh.enabled,
      pwr: pwr === undefined ? null : pwr,
    };
  });
  return value;
}

export class UhfSettingsStore {
  private constructor(private readonly doc: JsonDocument<UhfSettings>) {}

  /** Opens uhf.json for a unit with `ports` UHF ports; a new unit's settings when it is missing (written at once). */
  static async open(path: string, ports: number): Promise<UhfSettingsStore> {
    const stored = await readJsonFile(path);
    const store = new UhfSettingsStore(new JsonDocument(path, fromFile(stored, ports)));
    if (stored === undefined) await store.doc.save();
    return store;
  }

  get value(): Readonly<UhfSettings> {
    return this.doc.value;
  }

  /** Stores new settings; resolves once they are on disk. */
  set(value: UhfSettings): Promise<void> {
    return this.doc.set(value);
  }
}
