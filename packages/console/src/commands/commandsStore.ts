// Commands page state: the selection, each command's draft arguments, and the history (newest 50 in localStorage).
import { create } from "zustand";
import { local, readJson, writeJson } from "../shared/storage.ts";
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

function save(history: HistoryEntry[]): void {
  writeJson(local, HISTORY_KEY, history.map(storedForm));
}

export const useCommands = create<CommandsState>((set, get) => ({
  selected: null,
  drafts: {},
  history: readHistory(readJson<unknown>(local, HISTORY_KEY)),
  select: (selected) => set({ selected }),
  setDraft: (cmd, draft) => set({ drafts: { ...get().drafts, [cmd]: draft } }),
  addEntry(entry) {
    const history = appendEntry(get().history, entry);
    set({ history });
    save(history);
  },
  patchEntry(id, patch) {
    const history = updateEntry(get().history, id, patch);
    set({ history });
    save(history);
  },
  clearHistory() {
    set({ history: [] });
    save([]);
  },
}));
