// An event through a broker (npm run event, tests, benchmarks): the embedded broker (or another) and N emulated
// units in this process, each publishing to it as D11 says under its own client id.
import { type BrokerOptions, type RunningBroker, startBroker } from "./broker/embedded-broker.ts";
import { fleetUnitName, type RunningFleet, startFleet } from "./fleet.ts";
import type { DeviceOptions } from "./options.ts";
import type { RunningDevice } from "./server.ts";

export const EVENT_MAX_UNITS = 500;

export interface EventOptions {
  /** How many units; default 20, at most 500. */
  units?: number;
  /** Each unit keeps its state in `<dataRoot>/decoder-NN`. */
  dataRoot: string;
  /** The first unit's port (it serves the console); the others pick free ports. 0: every unit picks one. */
  basePort?: number;
  /** Options every unit shares (host, console folder, publish interval...). */
  shared?: Partial<DeviceOptions>;
  /** A broker already running (Mosquitto in a test); by default the embedded one is started with `brokerOptions`. */
  broker?: RunningBroker;
  brokerOptions?: BrokerOptions;
}

export interface RunningEvent {
  broker: RunningBroker;
  units: RunningDevice[];
  close(): Promise<void>;
}

/** A unit's MQTT client id in an event: `DECODER-01`, ... (its name: 1..23 letters, digits, - or _). */
export const eventClientId = fleetUnitName;

/** Points a running unit at a broker under a client id (MQTT_SET's effect, and the config's mqtt_client_id). */
export async function joinBroker(unit: RunningDevice, clientId: string, server: string): Promise<void> {
  await unit.device.config.set("mqtt_client_id", clientId);
  await unit.device.mqtt.setServer(server);
}

export async function startEvent(o: EventOptions): Promise<RunningEvent> {
  const count = o.units ?? 20;
  if (!Number.isInteger(count) || count < 1 || count > EVENT_MAX_UNITS) {
    throw new Error(`An event has 1 to ${EVENT_MAX_UNITS} units, got ${count}`);
  }
  const ownBroker = !o.broker;
  const broker = o.broker ?? (await startBroker(o.brokerOptions));
  let fleet: RunningFleet | null = null;
  const close = async () => {
    await fleet?.close();
    if (ownBroker) await broker.close();
  };
  try {
    // Hundreds of units: reads go out once a second each, not four times (the broker's load stays flat).
    const mqttReadsTickMs = count > 50 ? 1000 : undefined;
    fleet = await startFleet({
      count,
      basePort: o.basePort,
      firstPortOnly: true,
      dataRoot: o.dataRoot,
      shared: { mqttReadsTickMs, ...o.shared, eventBroker: broker.wsUrl },
    });
    await Promise.all(fleet.units.map((unit, i) => joinBroker(unit, eventClientId(i), broker.server)));
  } catch (err) {
    await close();
    throw err;
  }
  return { broker, units: fleet.units, close };
}
