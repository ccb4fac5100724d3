// The timing files a replay or REWIND reads the stored passings from, and the instant of Replay manual's argument.
import type { FileSystem } from "../state/file-system.ts";
import { isTimingFile } from "../state/file-system.ts";
import type { TimingFileText } from "../timing/replay.ts";

/** Every timing file on the unit, with its text. */
export async function timingFileTexts(files: Pick<FileSystem, "list" | "read">): Promise<TimingFileText[]> {
  const out: TimingFileText[] = [];
  for (const { name } of await files.list()) {
    if (!isTimingFile(name)) continue;
    const bytes = await files.read(name);
    if (bytes) out.push({ name, csv: bytes.toString("utf8") });
  }
  return out;
}

const FULL = /^(\d{2})(\d{2})(\d{2})(\d{2}):(\d{2}):(\d{2})$/;
const DAY = /^(\d{2}):(\d{2}):(\d{2})$/;

/** The instant of a replay argument (already checked): YYMMDDHH:MM:SS, or HH:MM:SS on the device's current UTC day. */
export function replayFrom(arg: string, deviceNow: number): number {
  const v = arg.trim();
  const full = FULL.exec(v);
  if (full) {
    const [yy, mo, dd, h, m, s] = full.slice(1).map(Number) as number[];
    return Date.UTC(2000 + (yy ?? 0), (mo ?? 1) - 1, dd ?? 1, h ?? 0, m ?? 0, s ?? 0);
  }
  const [h, m, s] = (DAY.exec(v)?.slice(1) ?? []).map(Number) as number[];
  const day = new Date(deviceNow);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h ?? 0, m ?? 0, s ?? 0);
}
