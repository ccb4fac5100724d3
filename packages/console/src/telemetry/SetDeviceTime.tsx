// The Device Time card's 'Set device time' button: asks first, sets the unit's clock to the browser's, re-syncs.
import { useState } from "react";
import { DeviceError, errorText } from "../api/errors.ts";
import { useAuth } from "../shared/authStore.ts";
import { useFlags } from "../shared/flags.ts";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { useClock } from "./clockStore.ts";
import { SET_TIME_QUESTION, setDeviceTime, setTimeBlock } from "./setTime.ts";

export function SetDeviceTime() {
  const level = useAuth((s) => s.level);
  const flags = useFlags((s) => s.flags.commands);
  const estimate = useClock((s) => s.estimate);
  const querying = useClock((s) => s.accuracy === "QUERYING");
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const block = setTimeBlock({
    level,
    useAuth: flags.useAuth,
    allowRegardless: flags.allowExecutionRegardless,
    synced: estimate !== null,
  });

  async function set() {
    if (!estimate) return;
    setBusy(true);
    setStatus("Setting the unit's clock...");
    try {
      const { answer } = await setDeviceTime({ oneWayMs: estimate.delayMs });
      if (!answer.ok) {
        setStatus(`The unit refused (${DeviceError.http(answer.status, answer.body).message})`);
        return;
      }
      setStatus("Clock set; checking it again...");
      // A sync already under way (Requery) mixes samples from before the set: the check starts after it.
      await useClock.getState().resync();
      setStatus(
        useClock.getState().accuracy === "NO_GOOD_RESULTS"
          ? "Clock set, but the check after it failed: Requery to see the new offset."
          : "Clock set to this browser's time.",
      );
    } catch (err) {
      setStatus(`Set device time failed: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="set-time">
      <button
        type="button"
        className="btn btn-small"
        disabled={!!block || busy || querying}
        aria-describedby={block ? "set-time-reason" : undefined}
        onClick={() => setAsking(true)}
      >
        Set device time
      </button>{" "}
      {block && (
        <span id="set-time-reason" className="muted">
          {block}
        </span>
      )}
      {status && (
        <span className="muted" role="status" data-testid="set-time-status">
          {status}
        </span>
      )}
      {/* Mounted only while asking: its heading is no part of the card's. */}
      {asking && (
        <ConfirmDialog
          open
          title="Set device time"
          confirmLabel="Set time"
          cancelLabel="Cancel"
          onConfirm={() => {
            setAsking(false);
            void set();
          }}
          onCancel={() => setAsking(false)}
        >
          <p>{SET_TIME_QUESTION}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
