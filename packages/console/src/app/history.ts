// Browser history for the router, with the leave guard in front: pushes, replaces and Back/Forward wait for its answer.
import { useSyncExternalStore } from "react";
import { useLeaveGuard } from "../shared/leaveGuard.ts";

export interface NavigateOptions {
  replace?: boolean;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

export interface GuardedHistory {
  /** wouter's location hook (`<Router hook>`): the shown path and the guarded navigate. */
  hook: () => [string, Navigate];
  navigate: Navigate;
  /** Stops following the browser's Back/Forward (a test's cleanup). */
  dispose(): void;
}

/** Where in the session's history an entry is, kept in its state: Back/Forward give the distance moved. */
const KEY = "trcIndex";
const indexOf = (state: unknown): number | undefined => {
  const at = (state as Record<string, unknown> | null)?.[KEY];
  return typeof at === "number" ? at : undefined;
};
const withIndex = (index: number) => ({ ...(window.history.state ?? {}), [KEY]: index });

/** Made once by main.tsx (nothing at import time): follows popstate from then on. */
export function createGuardedHistory(): GuardedHistory {
  const { history, location } = window;
  let index = indexOf(history.state) ?? 0;
  if (indexOf(history.state) === undefined) history.replaceState(withIndex(index), "");
  /** The path the app shows: moved only once a navigation went through (the address bar may be ahead of it). */
  let shown = location.pathname;
  const listeners = new Set<() => void>();
  const show = () => {
    shown = location.pathname;
    for (const listener of listeners) listener();
  };

  const navigate: Navigate = (to, options) => {
    const target = new URL(to, location.href);
    // A link to the place we are at replaces the entry (as a browser's own link does not stack duplicates).
    const same = target.href === location.href;
    const go = () => {
      if (options?.replace || same) history.replaceState(withIndex(index), "", target);
      else history.pushState(withIndex(++index), "", target);
      show();
    };
    // Staying on the same page (e.g. its own nav link) never asks.
    if (target.pathname === location.pathname) go();
    else useLeaveGuard.getState().attempt(go);
  };

  // Back/Forward cannot be cancelled: while the guard is held, the move is undone at once and asked about.
  let undoing = false;
  let redoing = false;
  const onPopState = (event: PopStateEvent) => {
    const reached = indexOf(event.state);
    if (undoing) {
      undoing = false;
      return;
    }
    const delta = reached === undefined ? 0 : reached - index;
    if (!redoing && delta !== 0 && useLeaveGuard.getState().held) {
      undoing = true;
      history.go(-delta);
      useLeaveGuard.getState().attempt(() => {
        redoing = true;
        history.go(delta);
      });
      return;
    }
    redoing = false;
    if (reached !== undefined) index = reached;
    show();
  };
  window.addEventListener("popstate", onPopState);

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const getPath = () => shown;
  const useGuardedLocation = (): [string, Navigate] => [useSyncExternalStore(subscribe, getPath), navigate];
  return {
    hook: useGuardedLocation,
    navigate,
    dispose: () => window.removeEventListener("popstate", onPopState),
  };
}
