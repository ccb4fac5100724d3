// npm run event: the embedded broker, EVENT_UNITS emulated units (default 20) publishing to it, the console on the
// first unit (PORT, default 8080), and the broker's addresses and the units' timing ports printed.
import { join } from "node:path";
import { eventClientId, startEvent } from "./event.ts";
import { timingPortsText } from "./fleet.ts";
import { DEFAULT_DATA_DIR, optionsFromEnv } from "./options.ts";

async function main(): Promise<void> {
  const env = process.env;
  const units = Number(env.EVENT_UNITS?.trim() || 20);
  if (!Number.isInteger(units) || units < 1 || units > 500) throw new Error("EVENT_UNITS must be 1..500");
  const num = (name: string) => Number(env[name]?.trim() || 0);
  const shared = optionsFromEnv({
    ...env,
    DEVICE_DATA_DIR: env.DEVICE_DATA_DIR || join(DEFAULT_DATA_DIR, "event"),
  });
  const { port, dataDir, ...rest } = shared;
  const brokerOptions = {
    host: shared.host,
    port: num("EVENT_BROKER_PORT"),
    wsPort: num("EVENT_BROKER_WS_PORT"),
  };
  const event = await startEvent({ units, basePort: port, dataRoot: dataDir, shared: rest, brokerOptions });
  const first = event.units[0];
  process.stdout.write(`Broker (MQTT over TCP, for units): ${event.broker.url}\n`);
  process.stdout.write(`Broker (WebSocket, for the console): ${event.broker.wsUrl}\n`);
  const last = eventClientId(event.units.length - 1);
  const ids = event.units.length === 1 ? "DECODER-01" : `DECODER-01 … ${last}`;
  process.stdout.write(`${event.units.length} units publishing as ${ids} (topics trc/{id}/…)\n`);
  process.stdout.write(`Timing ports (raw, filtered): ${timingPortsText(event.units)}\n`);
  process.stdout.write(`The console: ${first?.url}/fleet; Add broker ${event.broker.wsUrl} there.\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Real time (process management, not a unit's simulated time): a shutdown that hangs still ends.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    event.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`event: could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
