// The Device Time card's 'Set device time' button: asks first, sets the unit's clock to the browser's, re-syncs.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DeviceError, errorText } from "../api/errors.ts";
import { useAuth } from "../shared/access/authStore.ts";
import { useFlags } from "../shared/access/flags.ts";
import { type ClockView, resyncClock } from "../shared/clock/clockQuery.ts";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { SET_TIME_QUESTION, setDeviceTime, setTimeBlock } from "./setTime.ts";

/** The outcome line: what the set is doing, or how it ended. */
function statusText(m: { isPending: boolean; checking: boolean; checked?: boolean; error: unknown }): string {
  if (m.isPending) return m.checking ? "Clock set; checking it again..." : "Setting the unit's clock...";
  if (m.error instanceof DeviceError && m.error.kind === "http")
    return `The unit refused (${m.error.message})`;
  if (m.error) return `Set device time failed: ${errorText(m.error)}`;
  if (m.checked === undefined) return "";
  return m.checked
    ? "Clock set to this browser's time."
    : "Clock set, but the check after it failed: Requery to see the new offset.";
}

export function SetDeviceTime({ base, clock }: { base: string; clock: ClockView }) {
  const client = useQueryClient();
  const level = useAuth((s) => s.level);
  const flags = useFlags((s) => s.flags.commands);
  const { estimate } = clock;
  const querying = clock.accuracy === "QUERYING";
  const [asking, setAsking] = useState(false);
  const [checking, setChecking] = useState(false);
  const block = setTimeBlock({
    level,
    useAuth: flags.useAuth,
    allowRegardless: flags.allowExecutionRegardless,
    synced: estimate !== null,
  });

  const set = useMutation({
    mutationFn: async (oneWayMs: number) => {
      setChecking(false);
      await setDeviceTime({ base, oneWayMs });
      setChecking(true);
      // A sync already under way (Requery) mixes samples from before the set: the check starts after it.
      return { checked: (await resyncClock(client, base)) !== null };
    },
  });
  const status = statusText({
    isPending: set.isPending,
    checking,
    checked: set.data?.checked,
    error: set.error,
  });
  const busy = set.isPending;

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
      <ConfirmDialog
        open={asking}
        title="Set device time"
        confirmLabel="Set time"
        cancelLabel="Cancel"
        onConfirm={() => {
          setAsking(false);
          if (estimate) set.mutate(estimate.delayMs);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>{SET_TIME_QUESTION}</p>
      </ConfirmDialog>
    </div>
  );
}
