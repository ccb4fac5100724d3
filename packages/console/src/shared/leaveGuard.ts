// The one leave guard's state: which page holds it, and the navigation waiting on the operator's answer.
import { lazyStore } from "./store/lazyStore.ts";

export interface LeaveQuestion {
  title: string;
  /** What is lost by leaving, shown under the title. */
  detail: string;
}

interface LeaveGuardState {
  /** The question of the page that holds the guard, or null: navigation goes through. */
  held: LeaveQuestion | null;
  /** A navigation stopped by the guard: run it to leave. */
  pending: (() => void) | null;
  hold(question: LeaveQuestion): void;
  release(): void;
  /** Called by the history: stops `go` while the guard is held, else runs it. */
  attempt(go: () => void): void;
  /** The operator's answer to the open question. */
  answer(leave: boolean): void;
}

export const useLeaveGuard = lazyStore<LeaveGuardState>()((set, get) => ({
  held: null,
  pending: null,
  hold: (question) => set({ held: question }),
  release() {
    // Nothing to protect any more: a navigation waiting on the question goes through.
    const { pending } = get();
    set({ held: null, pending: null });
    pending?.();
  },
  attempt(go) {
    if (get().held) set({ pending: go });
    else go();
  },
  answer(leave) {
    const { pending } = get();
    set({ pending: null, ...(leave ? { held: null } : {}) });
    if (leave) pending?.();
  },
}));
