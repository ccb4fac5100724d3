// Commands page state: the selection, each command's draft arguments, and the history (newest 50 in localStorage).
import { persist } from "zustand/middleware";
import { lazyStore } from "../shared/store/lazyStore.ts";
import { local, plainStorage } from "../shared/store/storage.ts";
import {
  appendEntry,
  HISTORY_KEY,
  type HistoryEntry,
  readHistory,
  storedForm,
  updateEntry,
} from "./history.ts";

interface CommandsState {
  /** The selected command's code, or null. */
  selected: string | null;
  /** Draft arguments per command code, kept across selection changes. */
  drafts: Record<string, string[]>;
  history: HistoryEntry[];
  select(cmd: string | null): void;
  setDraft(cmd: string, draft: string[]): void;
  addEntry(entry: HistoryEntry): void;
  patchEntry(id: string, patch: Partial<HistoryEntry>): void;
  clearHistory(): void;
}

export const useCommands = lazyStore<CommandsState>()(
  persist(
    (set, get) => ({
      selected: null,
      drafts: {},
      history: [],
      select: (selected) => set({ selected }),
      setDraft: (cmd, draft) => set({ drafts: { ...get().drafts, [cmd]: draft } }),
      addEntry: (entry) => set({ history: appendEntry(get().history, entry) }),
      patchEntry: (id, patch) => set({ history: updateEntry(get().history, id, patch) }),
      clearHistory: () => set({ history: [] }),
    }),
    {
      // Only the history is kept, in its stored form (no password, no success body: history.ts).
      name: HISTORY_KEY,
      storage: plainStorage<HistoryEntry[]>(() => local, []),
      partialize: (s) => s.history.map(storedForm),
      merge: (stored, current) => ({ ...current, history: readHistory(stored) }),
    },
  ),
);
