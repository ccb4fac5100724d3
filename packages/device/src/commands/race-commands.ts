// What the race control commands (D12) and the Replay commands (D4, sent again by D12) do on the unit.
import { parseTimingDateTime } from "@trc/protocol";
import type { Clock } from "../clock/clock.ts";
import type { RaceControl } from "../race/race-control.ts";
import type { ConfigStore } from "../state/config-store.ts";
import { checkFileName } from "../state/file-system.ts";
import { replayAll, replayManual, replaySelected, rewindWindow } from "../timing/replay.ts";
import { type CommandOutcome, refuse } from "./outcome.ts";
import { replayFrom } from "./replay.ts";

/** What the race control and Replay commands use of the unit: race control, its clock and utc_offset. */
export interface RaceCommandUnit {
  readonly timing: Pick<RaceControl, "start" | "stop" | "marker" | "replay">;
  readonly clock: Pick<Clock, "now">;
  readonly config: Pick<ConfigStore, "get">;
}

const done = (result: string, extra: Record<string, unknown>): CommandOutcome => ({
  ok: true,
  result,
  extra,
});
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
const programs = (n: number) => `to ${plural(n, "program")} on the filtered port`;

/** Epoch ms of REPLAY_WINDOW's `dd-MM-yyyy HH:mm:ss` in the unit's local time (as REWIND reads it), or null. */
function localTime(arg: string, utcOffsetS: number): number | null {
  const [date = "", time = "", ...rest] = arg.split(/\s+/);
  return rest.length ? null : parseTimingDateTime(date, time, utcOffsetS);
}
const LOCAL_TIME = "not a real date and time; use dd-MM-yyyy HH:mm:ss, the unit's local time";

/** The outcome of a race control or Replay command (its arguments trimmed), or null when `cmd` is neither. */
export async function runRaceCommand(
  device: RaceCommandUnit,
  cmd: string,
  args: readonly string[],
): Promise<CommandOutcome | null> {
  const [first = "", second = ""] = args;
  const timing = device.timing;
  switch (cmd) {
    case "TIMING_START": {
      const { file, started } = await timing.start();
      return done(started ? `Timing started: passings go to ${file}` : `Already timing into ${file}`, {
        file,
        started,
      });
    }
    case "TIMING_STOP": {
      const stopped = await timing.stop();
      if (!stopped) return done("Not timing: the unit is in test mode", { stopped: false });
      return done(`Timing stopped: ${plural(stopped.passings, "passing")} in ${stopped.file}`, {
        stopped: true,
        ...stopped,
      });
    }
    case "MARKER": {
      const marker = timing.marker();
      if (!marker) return refuse("MARKER: the unit is in test mode; start timing first (TIMING_START)");
      const time = new Date(marker.time).toISOString();
      return done(`Marker at ${time}: passing ${marker.n} of ${marker.file}`, {
        file: marker.file,
        n: marker.n,
        time,
      });
    }
    case "REPLAY_ALL": {
      const sent = await timing.replay(replayAll);
      return (
        sent &&
        done(
          `Replaying ${plural(sent.passings, "passing")} from ${plural(sent.files, "timing file")} ${programs(sent.programs)}`,
          sent,
        )
      );
    }
    case "REPLAY_SELECTED": {
      const name = checkFileName(first);
      if (!name.ok) return refuse(`file: ${name.reason}`);
      const sent = await timing.replay((files) => {
        const file = files.find((f) => f.name === name.name);
        return file ? replaySelected(file) : null;
      });
      if (!sent) return refuse(`file: there is no timing file named ${name.name}`);
      return done(
        `Replaying ${plural(sent.passings, "passing")} from ${name.name} ${programs(sent.programs)}`,
        { file: name.name, passings: sent.passings, programs: sent.programs },
      );
    }
    case "REPLAY_MANUAL": {
      const from = replayFrom(first, device.clock.now());
      const sent = await timing.replay((files) => replayManual(files, from));
      const since = new Date(from).toISOString();
      return (
        sent &&
        done(`Replaying ${plural(sent.passings, "passing")} since ${since} ${programs(sent.programs)}`, {
          from: since,
          passings: sent.passings,
          programs: sent.programs,
        })
      );
    }
    case "REPLAY_WINDOW": {
      // Both seconds included, as REWIND: from ≤ time < to + 1 s.
      const offset = device.config.get("utc_offset", 0);
      const from = localTime(first, offset);
      const to = localTime(second, offset);
      if (from === null) return refuse(`from: ${LOCAL_TIME}`);
      if (to === null) return refuse(`to: ${LOCAL_TIME}`);
      if (from > to) return refuse("from is after to");
      const sent = await timing.replay((files) => rewindWindow(files, from, to + 999));
      return (
        sent &&
        done(
          `Replaying ${plural(sent.passings, "passing")} from ${first} to ${second} ${programs(sent.programs)}`,
          {
            from: new Date(from).toISOString(),
            to: new Date(to + 999).toISOString(),
            passings: sent.passings,
            programs: sent.programs,
          },
        )
      );
    }
    default:
      return null;
  }
}
