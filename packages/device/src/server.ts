// startDevice(options): opens the data folder, boots the unit and listens; close() shuts it down cleanly.
import { getRequestListener } from "@hono/node-server";
import { canonicalAddress } from "./address.ts";
import { buildApp, createInstruments, type Instruments } from "./app.ts";
import { Device } from "./device.ts";
import { Listener } from "./net/listener.ts";
import { PowerCycle } from "./net/power-cycle.ts";
import { type DeviceOptions, type ResolvedOptions, resolveOptions } from "./options.ts";

export type { DeviceOptions } from "./options.ts";

export interface RunningDevice {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly options: ResolvedOptions;
  readonly device: Device;
  readonly instruments: Instruments;
  /** Where the timing ports (D12) listen now (null: not listening, e.g. during a reboot). */
  timingPorts(): { raw: number | null; filtered: number | null };
  /** Whether the API is listening (false during a reboot). */
  isUp(): boolean;
  /** Reboots now; resolves once the unit listens again. */
  reboot(): Promise<void>;
  /** Stops listening, cancels timers and waits for pending writes. */
  close(): Promise<void>;
}

/** The unit's address in the canonical form (`unitAddress`): what it prints and publishes as its console's. */
function urlOf(host: string, port: number): string {
  return canonicalAddress(`http://${host.includes(":") ? `[${host}]` : host}:${port}`);
}

export async function startDevice(options: DeviceOptions): Promise<RunningDevice> {
  const resolved = resolveOptions(options);
  const device = await Device.open(resolved);
  const instruments = createInstruments(device.hostClock, resolved.seed);
  const app = buildApp(device, instruments);
  const listener = new Listener(getRequestListener(app.fetch), resolved.host, resolved.port);
  const power = new PowerCycle(device, listener, resolved.rebootMs, resolved.log);
  device.power = power;
  // Its own line (the ready line's format stays as harnesses parse it): DEVICE_SEED=<seed> replays this run's draws.
  resolved.log(`seed ${resolved.seed}`);
  await device.boot();
  try {
    await listener.up();
  } catch (err) {
    // The HTTP port is taken: the unit goes down again (its timing ports and timers with it) rather than half up.
    await device.halt();
    throw err;
  }
  device.httpPort = listener.port;
  const url = urlOf(resolved.host, listener.port);
  // The unit's console address for its MQTT identity; unknown when it listens on every interface.
  device.mqtt.setAddress(/^(0\.0\.0\.0|::)$/.test(resolved.host) ? null : url);
  let closing: Promise<void> | null = null;
  return {
    url,
    port: listener.port,
    options: resolved,
    device,
    instruments,
    timingPorts: () => device.timing.ports(),
    isUp: () => listener.isUp,
    reboot: () => power.rebootNow("reboot()"),
    close() {
      closing ??= (async () => {
        await power.close();
        await listener.down();
        await device.halt();
      })();
      return closing;
    },
  };
}
