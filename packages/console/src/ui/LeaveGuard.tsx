// Asks before leaving a page that holds work (in-app navigation, Back/Forward, closing or reloading the tab).
import { useEffect } from "react";
import { useLeaveGuard } from "../shared/leaveGuard.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

export interface LeaveGuardProps {
  /** While true, leaving asks first. */
  active: boolean;
  title: string;
  /** What is lost by leaving. */
  detail: string;
  /** Runs when the operator chooses to leave, before the navigation. */
  onLeave?: () => void;
}

export function LeaveGuard({ active, title, detail, onLeave }: LeaveGuardProps) {
  const asking = useLeaveGuard((s) => active && s.pending !== null);

  useEffect(() => {
    if (!active) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => {
      window.removeEventListener("beforeunload", ask);
      // Nothing to protect any more: a navigation waiting on the question goes through.
      useLeaveGuard.getState().release();
    };
  }, [active]);

  useEffect(() => {
    if (active) useLeaveGuard.getState().hold({ title, detail });
  }, [active, title, detail]);

  return (
    <ConfirmDialog
      open={asking}
      title={title}
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={() => {
        onLeave?.();
        useLeaveGuard.getState().answer(true);
      }}
      onCancel={() => useLeaveGuard.getState().answer(false)}
    >
      <p>{detail}</p>
    </ConfirmDialog>
  );
}
