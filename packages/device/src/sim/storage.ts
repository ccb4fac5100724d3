// Storage used: the real size of the files in the data folder, over a fixed flash size.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { StorageTelemetry } from "@trc/protocol";

export const STORAGE_TOTAL_BYTES = 16 * 1024 * 1024;

async function folderSize(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) total += await folderSize(path);
    else if (e.isFile()) total += (await stat(path).catch(() => null))?.size ?? 0;
  }
  return total;
}

export async function storage(dataDir: string): Promise<StorageTelemetry> {
  return { used: await folderSize(dataDir), total: STORAGE_TOTAL_BYTES };
}
