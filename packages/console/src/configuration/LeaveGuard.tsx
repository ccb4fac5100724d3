// Asks before leaving the page with edited, unsubmitted inputs: in-app navigation (router blocker) and closing or reloading the tab.
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";

export const LEAVE_TITLE = "Leave without submitting?";

/** `unsaved`: display names of the settings whose inputs hold edits that were not submitted. */
export function LeaveGuard({ unsaved }: { unsaved: readonly string[] }) {
  const dirty = unsaved.length > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  // Read at unload time, not when an effect last ran: an edit just typed is protected at once.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  useEffect(() => {
    const ask = (e: BeforeUnloadEvent) => {
      if (!dirtyNow.current) return;
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, []);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={LEAVE_TITLE}
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>These settings are edited but not submitted: {unsaved.join(", ")}.</p>
    </ConfirmDialog>
  );
}
