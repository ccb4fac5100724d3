// The sessions (timing files with passings and first/last time) and Replay: one session or a window of the unit's
// local time sent again to the programs on the filtered port, with its progress until done.
import type { TimingTelemetry } from "@trc/protocol";
import { useState } from "react";
import { zoneText } from "../shared/clock/accuracy.ts";
import { Outcome, Panel, Table } from "./TimingParts.tsx";
import { replayDoneText, replayProgressText, resultText, unitTime } from "./timingText.ts";
import { type RaceCall, useRaceCommand } from "./useRace.ts";

interface Props {
  t: TimingTelemetry;
  /** When the dataset was last read (browser epoch ms): a replay is finished once a read after its answer has none. */
  dataAt: number;
  offset: number;
}

export function ReplayPanel({ t, dataAt, offset }: Props) {
  const replay = useRaceCommand();
  const [answeredAt, setAnsweredAt] = useState(0);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const send = (call: RaceCall) => replay.mutate(call, { onSuccess: () => setAnsweredAt(Date.now()) });
  const done = replay.isSuccess && !t.replay && dataAt >= answeredAt;
  // The answer, the progress and the end are shown where the replay was asked: under the sessions or the window.
  const status = (
    <>
      <Outcome m={replay} what="Replay" ok={(a) => resultText(a, "Replay started")} />
      {t.replay && <p role="status">{replayProgressText(t.replay)}</p>}
      {done && <p role="status">{replayDoneText(replay.data)}</p>}
    </>
  );
  const bySession = replay.variables?.cmd === "REPLAY_SELECTED";
  return (
    <>
      <Panel title="Sessions">
        {t.sessions?.length ? (
          <Table
            head={["File", "Passings", "First passing", "Last passing", "Replay"]}
            // Newest first.
            rows={[...t.sessions].reverse().map((s) => [
              s.file,
              t.session?.file === s.file ? `${s.file} (open)` : s.file,
              s.passings,
              unitTime(s.first, offset),
              unitTime(s.last, offset),
              <button
                key="replay"
                type="button"
                className="btn btn-small"
                aria-label={`Replay ${s.file}`}
                disabled={replay.isPending}
                onClick={() => send({ cmd: "REPLAY_SELECTED", args: [s.file] })}
              >
                Replay
              </button>,
            ])}
          />
        ) : (
          <p>{t.sessions ? "No timing file yet." : "This unit does not list its sessions."}</p>
        )}
        <p className="muted">Times are the unit's local time ({zoneText(offset)}).</p>
        {bySession && status}
      </Panel>
      <Panel title="Replay">
        <form
          className="timing-window"
          onSubmit={(e) => {
            e.preventDefault();
            send({ cmd: "REPLAY_WINDOW", args: [from.trim(), to.trim()] });
          }}
        >
          <label>
            From
            <input value={from} onChange={(e) => setFrom(e.target.value)} placeholder="17-05-2026 09:00:00" />
          </label>
          <label>
            To
            <input value={to} onChange={(e) => setTo(e.target.value)} placeholder="17-05-2026 10:00:00" />
          </label>
          <button type="submit" className="btn" disabled={replay.isPending}>
            Replay window
          </button>
        </form>
        <p className="muted">The unit's local time, both seconds included. Sent again with R = 1.</p>
        {!bySession && status}
      </Panel>
    </>
  );
}
