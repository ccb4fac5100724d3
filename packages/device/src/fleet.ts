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

/** Starts the units one after another (a port in use fails the start and stops the ones already up). */
export async function startFleet(o: FleetOptions): Promise<RunningFleet> {
  const count = o.count ?? 3;
  const units: RunningDevice[] = [];
  const close = async () => {
    await Promise.all(units.map((u) => u.close()));
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = o.basePort && (i === 0 || !o.firstPortOnly) ? o.basePort + i : 0;
      const dataDir = join(o.dataRoot, fleetUnitName(i).toLowerCase());
      units.push(await startDevice({ ...o.shared, ...fleetUnitOptions(i), port, dataDir }));
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { units, close };
}
