// FINISHED: wait for the reboot or the buzzer, Refresh; and what the console sees of the unit coming back.
import { Spinner } from "../ui/Spinner.tsx";
import type { FirmwareState } from "./stages.ts";

export const FINISHED_TEXT = "Wait for the unit to reboot or the buzzer to sound, then refresh.";
export const NOT_BACK_TEXT =
  "The unit has not come back within 2 minutes. Check its power and network connection, then refresh.";

function UnitStatus({ state }: { state: FirmwareState }) {
  const expected = state.image?.info.version;
  if (state.reboot === "timeout") return <p className="error-text">{NOT_BACK_TEXT}</p>;
  if (state.reboot !== "back") {
    return (
      <p>
        <Spinner label="Waiting for the unit" />{" "}
        {state.reboot === "waiting-up"
          ? "The unit is restarting; waiting for it to answer again..."
          : "Waiting for the unit to apply the image and restart..."}
      </p>
    );
  }
  if (state.versionError) {
    return (
      <p className="error-text">
        The unit is back, but its firmware version could not be read: {state.versionError}
      </p>
    );
  }
  if (!state.reportedVersion) return <p>The unit is back; reading its firmware version...</p>;
  return (
    <>
      <p>
        The unit is back and reports firmware version{" "}
        <strong data-testid="reported-version">{state.reportedVersion}</strong>.
      </p>
      {state.reportedVersion === expected ? (
        <p className="ok-text">That is the version of the image you loaded.</p>
      ) : (
        <p className="error-text">
          The image you loaded is version {expected}: the unit did not switch to it.
        </p>
      )}
    </>
  );
}

export function FinishedPanel({ state }: { state: FirmwareState }) {
  return (
    <div className="fw-finished">
      <p>{FINISHED_TEXT}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Refresh
      </button>
      <div className="fw-unit" data-testid="unit-status" aria-live="polite">
        <UnitStatus state={state} />
      </div>
    </div>
  );
}
