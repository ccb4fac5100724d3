// The Timing page's words: times in the unit's local time, "3 s ago", a replay's progress and a command's answer.
import type { ReplayProgress } from "@trc/protocol";
import type { RaceAnswer } from "../shared/race/raceCommand.ts";
import { passingsText } from "../shared/race/timing.ts";

const count = new Intl.NumberFormat("en-US");
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/**
 * An instant (epoch ms) in the unit's local time (`utcOffsetS` east of UTC), as the timing port writes it:
 * "17-05-2026 09:00:00", or with `ms` "17-05-2026 09:00:00.824"; "—" for none.
 */
export function unitTime(epochMs: number | null, utcOffsetS: number, ms = false): string {
  if (epochMs === null || !Number.isFinite(epochMs)) return "—";
  const d = new Date(epochMs + utcOffsetS * 1000);
  const day = `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${day} ${time}${ms ? `.${pad(d.getUTCMilliseconds(), 3)}` : ""}`;
}

/** "3 s ago", "4 min ago", "2 h ago" (never in the future: a clock a little ahead reads "0 s ago"). */
export function agoText(thenMs: number, nowMs: number): string {
  const s = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (s < 120) return `${s} s ago`;
  if (s < 7200) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/** A program's last item: "last passing sent 3 s ago" (a read on the raw port), or that nothing was sent yet. */
export function lastSentText(port: "raw" | "filtered", lastSentAt: number | null, nowMs: number): string {
  const item = port === "raw" ? "read" : "passing";
  return lastSentAt === null ? `no ${item} sent yet` : `last ${item} sent ${agoText(lastSentAt, nowMs)}`;
}

/** "Sent again 1,234 of 5,000". */
export function replayProgressText(p: ReplayProgress): string {
  return `Sent again ${count.format(p.sent)} of ${count.format(p.total)}`;
}

/** What a finished replay says, from the unit's answer (its passings and the programs it went to). */
export function replayDoneText(answer: RaceAnswer): string {
  const passings = typeof answer.passings === "number" ? answer.passings : 0;
  if (answer.programs === 0)
    return "Replay finished: no program was on the filtered port, nothing was sent again";
  return `Replay finished: ${passingsText(passings)} sent again`;
}

/** The unit's own words for a command's outcome (`result`), else `fallback`. */
export function resultText(answer: RaceAnswer, fallback: string): string {
  return typeof answer.result === "string" && answer.result ? answer.result : fallback;
}
