// npm run fleet: starts FLEET_UNITS emulated units (default 3) on consecutive ports and prints their addresses and
// timing ports.
import { join } from "node:path";
import { escapeControlChars } from "@trc/protocol";
import { startFleet, timingPortsText } from "./fleet.ts";
import { DEFAULT_DATA_DIR, optionsFromEnv } from "./options.ts";

async function main(): Promise<void> {
  const env = process.env;
  const count = Number(env.FLEET_UNITS?.trim() || 3);
  if (!Number.isInteger(count) || count < 1 || count > 100) throw new Error("FLEET_UNITS must be 1..100");
  // The DEVICE_* variables apply to every unit; DEVICE_DATA_DIR is the folder of their folders.
  const shared = optionsFromEnv({
    ...env,
    DEVICE_DATA_DIR: env.DEVICE_DATA_DIR || join(DEFAULT_DATA_DIR, "fleet"),
  });
  const { port, dataDir, ...rest } = shared;
  const fleet = await startFleet({ count, basePort: port, dataRoot: dataDir, shared: rest });
  for (const unit of fleet.units) {
    const name = escapeControlChars(unit.device.identity.value.deviceName);
    process.stdout.write(`TRC device listening on ${unit.url} (${name})\n`);
  }
  process.stdout.write(`Timing ports: ${timingPortsText(fleet.units)}\n`);
  process.stdout.write(`The console: ${fleet.units[0]?.url}/fleet; add the other addresses there.\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Real time (process management, not a unit's simulated time): a shutdown that hangs still ends.
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    fleet.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`fleet: could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
