// Several emulated units in one process (npm run fleet, the fleet benchmark): names, ports and states per unit.
import { join } from "node:path";
import type { DeviceOptions } from "./options.ts";
import { type RunningDevice, startDevice } from "./server.ts";

export interface FleetOptions {
  /** How many units; default 3. */
  count?: number;
  /** The first unit's port; the others follow (8080, 8081, ...). 0: every unit picks a free port. */
  basePort?: number;
  /** Only the first unit takes basePort; the others pick free ports (an event of hundreds of units). */
  firstPortOnly?: boolean;
  /** Each unit keeps its state in `<dataRoot>/decoder-NN`. */
  dataRoot: string;
  /** Options every unit shares (host, console folder, profile...). */
  shared?: Partial<DeviceOptions>;
  /**
   * Unit i's timing ports (D12) are this + 2i (raw) and this + 2i + 1 (filtered); 0: free ports. Default 10000 when
   * basePort is set, else 0. A port in use falls back to a free one (the unit says so in its log).
   */
  timingBasePort?: number;
}

export interface RunningFleet {
  units: RunningDevice[];
  close(): Promise<void>;
}

/** `DECODER-01`, `DECODER-02`, ... */
export const fleetUnitName = (index: number) => `DECODER-${String(index + 1).padStart(2, "0")}`;

/**
 * The state each unit starts in, by position, repeating every three: one charging, one with the antenna of port 2
 * missing, one whose clock is 2 s ahead.
 */
export function fleetUnitOptions(index: number): Partial<DeviceOptions> {
  const name = { deviceName: fleetUnitName(index) };
  switch (index % 3) {
    case 0:
      return { ...name, scenario: ["charging"] };
    case 1:
      return { ...name, scenario: ["antenna-missing"] };
    default:
      return { ...name, clockOffsetMs: 2000 };
  }
}

/** `DECODER-01 raw 10000 filtered 10001`: where a unit's timing ports listen. */
function timingPortsOf(unit: RunningDevice): string {
  const { raw, filtered } = unit.timingPorts();
  return `${unit.device.identity.value.deviceName} raw ${raw ?? "none"} filtered ${filtered ?? "none"}`;
}

/**
 * Where the units' timing ports listen, as the fleet and the event print it: every unit up to 20; beyond, the first
 * and the last, and each unit off the first's pattern (raw + 2i, filtered + 2i: free ports, or a port in use).
 */
export function timingPortsText(units: readonly RunningDevice[]): string {
  if (units.length <= 20) return units.map(timingPortsOf).join("; ");
  const base = units[0]?.timingPorts().raw ?? 0;
  const off = units.filter((u, i) => {
    const { raw, filtered } = u.timingPorts();
    return raw !== base + 2 * i || filtered !== base + 2 * i + 1;
  });
  const ends = `${timingPortsOf(units[0] as RunningDevice)} … ${timingPortsOf(units.at(-1) as RunningDevice)}`;
  const listed = off.slice(0, 20).map(timingPortsOf).join("; ");
  const more = off.length > 20 ? ` and ${off.length - 20} more` : "";
  return off.length ? `${ends} (+2 a unit, except ${listed}${more})` : `${ends} (+2 a unit)`;
}

/** Starts the units one after another (a port in use fails the start and stops the ones already up). */
export async function startFleet(o: FleetOptions): Promise<RunningFleet> {
  const count = o.count ?? 3;
  const units: RunningDevice[] = [];
  const close = async () => {
    await Promise.all(units.map((u) => u.close()));
  };
  const timingBase = o.timingBasePort ?? (o.basePort ? 10_000 : 0);
  try {
    for (let i = 0; i < count; i++) {
      const port = o.basePort && (i === 0 || !o.firstPortOnly) ? o.basePort + i : 0;
      const dataDir = join(o.dataRoot, fleetUnitName(i).toLowerCase());
      const timing = timingBase ? { rawPort: timingBase + 2 * i, filteredPort: timingBase + 2 * i + 1 } : {};
      units.push(await startDevice({ ...o.shared, ...fleetUnitOptions(i), ...timing, port, dataDir }));
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { units, close };
}
