// A running unit back to a new unit's stored state without a restart (the reset test hook): power-off, the seeded part
// of its data folder removed and seeded again by Device.open (the one seeding), its new stores taken over, power-on.
import { rm } from "node:fs/promises";
import { Device } from "../device.ts";
import type { DataPaths } from "./data-dir.ts";

/**
 * What Device.open seeds on a new folder: identity, configuration, passwords, partition table, OTA slots, files.
 * reads.json stays (a seq is never handed out twice: streams and the broker resume by it), and so does mqtt.json.
 */
export const seededPaths = (p: DataPaths): string[] => [
  p.identity,
  p.config,
  p.passwords,
  p.firmware,
  p.slots,
  p.files,
];

/** The parts of a unit Device.open makes from its data folder that a reset takes from a new one. */
export function seededState(fresh: Device) {
  const { config, passwords, identity, firmware, ota, startedAt } = fresh;
  return { config, passwords, identity, firmware, ota, startedAt };
}

/**
 * Puts `device` back to what a new unit on its options has stored: a reboot scheduled is cancelled, an upload in progress is dropped (halt), the MQTT link forgets its server and its
 * backlog, the transmitter is on again and every port on at uhf_power (uhf.json, D13), and the unit boots as a new one does (a boot line in the new status.log). The
 * reader, its read log and the device clock stay the same objects (routes hold them); the caller clears the scenario.
 */
export async function factoryReset(device: Device): Promise<void> {
  device.power.cancelReboot();
  await device.halt();
  await Promise.all(seededPaths(device.paths).map((path) => rm(path, { recursive: true, force: true })));
  const fresh = await Device.open(device.options, device.hostClock);
  // Routes read the stores through `device` when they answer; Device keeps them readonly for everyone else.
  Object.assign(device, seededState(fresh));
  await device.mqtt.outbox.forget();
  await device.uhf.reset();
  await device.boot();
}
