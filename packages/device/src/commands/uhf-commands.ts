// What the UHF commands do on the unit (D4's Identify antennas and UHF transmitter, D13's UHF_PORT); arguments are
// already checked against their formats. What they change is kept across reboots (uhf.json).
import { type DeviceMode, parseUhfPortPower } from "@trc/protocol";
import type { TagReader } from "../sim/tag-reader.ts";
import type { UhfControl } from "../sim/uhf-control.ts";
import { IDENTIFY_MS } from "../sim/uhf-ports.ts";
import { type CommandOutcome, refuse } from "./outcome.ts";

/** What the UHF commands use of the unit: its mode, which channels have an antenna, and its ports. */
export interface UhfCommandUnit {
  readonly mode: DeviceMode;
  readonly reader: Pick<TagReader, "hasAntenna">;
  readonly uhf: Pick<UhfControl, "count" | "identify" | "reads" | "setPort" | "setTransmitter">;
}

const done = (result: string, extra?: Record<string, unknown>): CommandOutcome =>
  extra ? { ok: true, result, extra } : { ok: true, result };
const list = (ids: readonly number[]) => ids.map((id) => id + 1).join(", ");

/** Identify antennas: the answer says which ports have an antenna; those that read are pointed at in turn. */
function identify(device: UhfCommandUnit): CommandOutcome {
  if (device.mode !== "uhf") return done("HF loop antenna present");
  const ids = Array.from({ length: device.uhf.count }, (_, id) => id);
  const present = ids.filter((id) => device.reader.hasAntenna(id));
  const absent = ids.filter((id) => !device.reader.hasAntenna(id));
  const order = present.filter((id) => device.uhf.reads(id));
  device.uhf.identify(order);
  const parts = [`Antennas on ports ${list(present) || "none"}`];
  if (absent.length) parts.push(`no antenna on port ${list(absent)}`);
  parts.push(
    order.length
      ? `identifying port ${list(order)} in turn, ${IDENTIFY_MS / 1000} s each`
      : "no port reading to identify",
  );
  return done(parts.join("; "), {
    ports: ids.map((id) => ({ port: id + 1, ant: device.reader.hasAntenna(id) })),
    identifying: order.map((id) => id + 1),
    identifyMs: IDENTIFY_MS,
  });
}

/** UHF_PORT channel enabled power: a port the unit has, ON or OFF, a power or empty (kept). */
async function uhfPort(device: UhfCommandUnit, args: readonly string[]): Promise<CommandOutcome> {
  const [channel = "", enabled = "", power = ""] = args;
  const count = device.uhf.count;
  const id = Number(channel) - 1;
  if (!count) return refuse("channel: this unit has no UHF port");
  if (!Number.isInteger(id) || id < 0 || id >= count)
    return refuse(`channel: this unit has ports 1 to ${count}`);
  const pwr = parseUhfPortPower(power);
  if (pwr === undefined) return refuse("power: dB from 10.0 to 31.5 in steps of 0.5, or empty");
  const port = await device.uhf.setPort(id, enabled === "ON", pwr);
  return done(`Port ${id + 1} ${port.enabled ? "ON" : "OFF"} at ${port.pwr.toFixed(1)} dB`, { ...port });
}

/** The outcome of a UHF command (its arguments trimmed), or null when `cmd` is none of them. */
export async function runUhfCommand(
  device: UhfCommandUnit,
  cmd: string,
  args: readonly string[],
): Promise<CommandOutcome | null> {
  switch (cmd) {
    case "IDENT_ANT":
      return identify(device);
    case "UHF_TX": {
      const on = args[0] === "ON";
      await device.uhf.setTransmitter(on);
      return done(`UHF transmitter ${on ? "ON" : "OFF"}`);
    }
    case "UHF_PORT":
      return uhfPort(device, args);
    default:
      return null;
  }
}
