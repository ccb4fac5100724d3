// The unit's passing filter (D12: reads_2b_sent, tag_timeout) in words, for the Configuration and Live pages.
import { isReads2bSent, type Reads2bSent } from "@trc/protocol";

/** Which read of a tag's visit becomes its passing (or passings), by reads_2b_sent. */
const CHOSEN: Record<Exclude<Reads2bSent, "ALL">, string> = {
  FS: "A tag's passing is its first read",
  LS: "A tag's passing is its last read",
  BS: "A tag's passing is its read with the best signal",
  FS_LS: "A tag's passings are its first and last read",
  BS_LS: "A tag's passings are its read with the best signal and its last read",
};

/** A tag_timeout as said: "5 s", "2 min", "1 min 30 s". */
function duration(seconds: number): string {
  const min = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (min === 0) return `${s} s`;
  return s === 0 ? `${min} min` : `${min} min ${s} s`;
}

/**
 * "A tag's passing is its first read; it counts again after 5 s unseen", from the unit's reads_2b_sent and
 * tag_timeout (seconds); null when either is missing or not a value the unit's filter takes (the unit cannot tell).
 * ALL, and a tag_timeout of 0 (every read its own visit), make every read a passing.
 */
export function filterWords(reads2bSent: unknown, tagTimeoutS: unknown): string | null {
  if (!isReads2bSent(reads2bSent)) return null;
  if (typeof tagTimeoutS !== "number" || !Number.isInteger(tagTimeoutS) || tagTimeoutS < 0) return null;
  if (reads2bSent === "ALL") return "Every read is a passing";
  if (tagTimeoutS === 0) return "Every read is a passing (tag timeout 0 s)";
  return `${CHOSEN[reads2bSent]}; it counts again after ${duration(tagTimeoutS)} unseen`;
}
