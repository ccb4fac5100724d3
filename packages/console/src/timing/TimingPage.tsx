// The Timing page (issue 31, D12): test or timing mode, Start and Stop timing, the gun, programs, sessions, replays.
import type { TimingTelemetry } from "@trc/protocol";
import { useState } from "react";
import { errorText } from "../api/errors.ts";
import { zoneText } from "../shared/clock/accuracy.ts";
import type { RaceAnswer } from "../shared/race/raceCommand.ts";
import { timingBadgeText, useTimingIntent } from "../shared/race/timing.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { ProgramsTable } from "./ProgramsTable.tsx";
import { ReplayPanel } from "./ReplayPanel.tsx";
import { Outcome, Panel } from "./TimingParts.tsx";
import { resultText, unitTime } from "./timingText.ts";
import { useRaceCommand, useTimingPage, useUnitOffset } from "./useRace.ts";
import "./timing.css";

/** Asked before Stop timing (issue 31). */
export const STOP_QUESTION = "Stop timing? Passings will no longer be stored or sent.";

export default function TimingPage() {
  const query = useTimingPage();
  const t = query.data;
  return (
    <section className="timing">
      <h1>Timing</h1>
      {query.isPending && <p>Loading...</p>}
      {query.isError && (
        <p className="error-text" role="alert">
          Could not read the unit's timing: {errorText(query.error)}
        </p>
      )}
      {t === null && <p>This unit has no race control: no test or timing mode, no timing port.</p>}
      {t && <RaceControl t={t} dataAt={query.dataUpdatedAt} />}
    </section>
  );
}

/** The marker's time to the millisecond by the unit's clock, in its local time. */
function markerText(a: RaceAnswer, offset: number): string {
  const at = typeof a.time === "string" ? Date.parse(a.time) : Number.NaN;
  const where = a.n !== undefined && a.file ? `: passing ${a.n} of ${a.file}` : "";
  return `Marker at ${unitTime(at, offset, true)} (${zoneText(offset)})${where}`;
}

function RaceControl({ t, dataAt }: { t: TimingTelemetry; dataAt: number }) {
  const base = useApiBase();
  const offset = useUnitOffset();
  const mode = useRaceCommand();
  const marker = useRaceCommand();
  const [asking, setAsking] = useState(false);
  const timing = t.mode === "timing";
  const stop = () => {
    setAsking(false);
    // The alarm "Timing stopped" is for a stop this console did not ask for.
    useTimingIntent.getState().askedToStop(base);
    mode.mutate({ cmd: "TIMING_STOP" });
  };
  return (
    <>
      <div className="panel">
        <h2>{timingBadgeText(t)}</h2>
        <p>
          {timing
            ? "Every passing is stored and sent to the timing programs."
            : "The unit reads and shows reads, but stores and sends no passing."}
        </p>
        <div className="timing-buttons">
          <button
            type="button"
            className="btn btn-primary"
            disabled={timing || mode.isPending}
            onClick={() => mode.mutate({ cmd: "TIMING_START" })}
          >
            Start timing
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={!timing || mode.isPending}
            onClick={() => setAsking(true)}
          >
            Stop timing
          </button>
        </div>
        <Outcome
          m={mode}
          what={mode.variables?.cmd === "TIMING_STOP" ? "Stop timing" : "Start timing"}
          ok={(a) => resultText(a, `Timing into ${String(a.file ?? "")}`)}
        />
      </div>
      <Panel title="Marker / gun">
        <button
          type="button"
          className="btn btn-primary timing-gun"
          disabled={!timing || marker.isPending}
          onClick={() => marker.mutate({ cmd: "MARKER" })}
        >
          Marker / gun
        </button>
        {!timing && <p>Start timing first.</p>}
        <Outcome m={marker} what="Marker" ok={(a) => markerText(a, offset)} />
      </Panel>
      <ProgramsTable programs={t.programs} offset={offset} />
      <ReplayPanel t={t} dataAt={dataAt} offset={offset} />
      <ConfirmDialog
        open={asking}
        title={STOP_QUESTION}
        confirmLabel="Yes"
        cancelLabel="No"
        danger
        onConfirm={stop}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
