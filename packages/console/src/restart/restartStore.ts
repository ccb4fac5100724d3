// The restart banner's shared state: settings changed since the unit last restarted (SPEC §2).
import { create } from "zustand";
import { onRebootSeen } from "../api/rebootWatch.ts";
import { local, readJson, writeJson } from "../settings/storage.ts";

const KEY = "restartPending";

interface RestartState {
  /** Internal names of settings set successfully since the last restart; non-empty shows the banner. */
  changed: string[];
  /** True while a restart was requested and the console waits for the unit to go away and come back. */
  restarting: boolean;
  configChanged(name: string): void;
  setRestarting(restarting: boolean): void;
  /** The unit really rebooted: the banner clears. */
  rebooted(): void;
}

export const useRestart = create<RestartState>((set, get) => ({
  changed: readJson<string[]>(local, KEY)?.filter((x) => typeof x === "string") ?? [],
  restarting: false,
  configChanged(name) {
    const changed = get().changed.includes(name) ? get().changed : [...get().changed, name];
    writeJson(local, KEY, changed);
    set({ changed });
  },
  setRestarting: (restarting) => set({ restarting }),
  rebooted() {
    writeJson(local, KEY, undefined);
    set({ changed: [], restarting: false });
  },
}));

// Any watch that sees the unit go away and come back (restart banner, firmware update) clears the banner.
onRebootSeen(() => useRestart.getState().rebooted());
