// Asks before leaving or reloading the page while the firmware loads (in-app navigation and beforeunload).
import { useEffect } from "react";
import { useBlocker } from "react-router";

export const LEAVE_QUESTION =
  "The firmware is still loading. Leaving now stops the load and the unit keeps its current firmware. Leave anyway?";

export function LeaveGuard({ active, onLeave }: { active: boolean; onLeave: () => void }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!active) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [active]);

  useEffect(() => {
    // The load ended while the question was open: nothing to protect any more.
    if (!active && blocker.state === "blocked") blocker.proceed();
  }, [active, blocker]);

  if (blocker.state !== "blocked") return null;
  return (
    <div className="panel fw-leave" role="alertdialog" aria-labelledby="fw-leave-q">
      <p id="fw-leave-q">{LEAVE_QUESTION}</p>
      <button type="button" className="btn btn-primary" onClick={() => blocker.reset()}>
        Stay
      </button>{" "}
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => {
          onLeave();
          blocker.proceed();
        }}
      >
        Leave
      </button>
    </div>
  );
}
