// Layout of the device's data folder (README "Data folder") and creating it on a new unit.
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { removeStaleTemps } from "./atomic-file.ts";

export interface DataPaths {
  readonly root: string;
  /** Device name, whitelabel, MQTT server. */
  readonly identity: string;
  /** Configuration values by internal name. */
  readonly config: string;
  /** Passwords and their levels. */
  readonly passwords: string;
  /** Partition table: which OTA slot boots and what each holds. */
  readonly firmware: string;
  /** OTA slot images (ota_<n>.bin) and an upload in progress (ota_<n>.part). */
  readonly slots: string;
  /** The unit's file system: timing files and logs. */
  readonly files: string;
}

export function dataPaths(root: string): DataPaths {
  return {
    root,
    identity: join(root, "device.json"),
    config: join(root, "config.json"),
    passwords: join(root, "passwords.json"),
    firmware: join(root, "firmware.json"),
    slots: join(root, "firmware"),
    files: join(root, "files"),
  };
}

/** Creates the folders when missing and removes what a crash left behind: temp files, a partial upload. */
export async function prepareDataDir(paths: DataPaths): Promise<void> {
  await mkdir(paths.root, { recursive: true });
  await mkdir(paths.slots, { recursive: true });
  await mkdir(paths.files, { recursive: true });
  await Promise.all([
    removeStaleTemps(paths.root),
    removeStaleTemps(paths.slots),
    removeStaleTemps(paths.files),
  ]);
  const parts = (await readdir(paths.slots)).filter((n) => n.endsWith(".part"));
  await Promise.all(parts.map((n) => rm(join(paths.slots, n), { force: true })));
}
