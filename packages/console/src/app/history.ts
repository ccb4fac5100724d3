// Browser history for the router, with the leave guard in front: pushes, replaces and Back/Forward wait for its answer.
import { type HistoryRouterProps, type To, UNSAFE_createBrowserHistory } from "react-router";

type History = HistoryRouterProps["history"];

import { useLeaveGuard } from "../shared/leaveGuard.ts";

const pathOf = (to: To): string =>
  typeof to === "string"
    ? new URL(to, window.location.href).pathname
    : (to.pathname ?? window.location.pathname);

/** Staying on the same page (e.g. its own nav link) never asks. */
function guarded(to: To, go: () => void): void {
  if (pathOf(to) === window.location.pathname) go();
  else useLeaveGuard.getState().attempt(go);
}

export function createGuardedHistory(): History {
  const inner = UNSAFE_createBrowserHistory({ v5Compat: true });
  return {
    ...inner,
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    push: (to: To, state?: unknown) => guarded(to, () => inner.push(to, state)),
    replace: (to: To, state?: unknown) => guarded(to, () => inner.replace(to, state)),
    listen(listener: Parameters<History["listen"]>[0]) {
      // Back/Forward cannot be cancelled: while the guard is held, the move is undone at once and asked about.
      let undoing = false;
      let redoing = false;
      return inner.listen((update) => {
        if (undoing) {
          undoing = false;
          return;
        }
        if (redoing) {
          redoing = false;
          listener(update);
          return;
        }
        const { delta } = update;
        if (update.action !== "POP" || !delta || !useLeaveGuard.getState().held) {
          listener(update);
          return;
        }
        undoing = true;
        inner.go(-delta);
        useLeaveGuard.getState().attempt(() => {
          redoing = true;
          inner.go(delta);
        });
      });
    },
  };
}
