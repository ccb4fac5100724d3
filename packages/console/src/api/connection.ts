// Connection state of the device as seen by the API client: online or offline, and when it last answered.
import { create } from "zustand";
import { useDeviceSettings } from "../shared/deviceSettings.ts";

interface ConnectionState {
  online: boolean | null;
  lastAnswerAt: number | null;
  lastError: string | null;
  answered(at: number): void;
  failed(reason: string): void;
}

const UNKNOWN = { online: null, lastAnswerAt: null, lastError: null } as const;

export const useConnection = create<ConnectionState>((set) => ({
  ...UNKNOWN,
  answered: (at) => set({ online: true, lastAnswerAt: at, lastError: null }),
  failed: (reason) => set({ online: false, lastError: reason }),
}));

// Another unit chosen (Developer settings, the fleet's Open): what was known is about the previous one.
useDeviceSettings.subscribe((now, before) => {
  if (now.rootAPI !== before.rootAPI) useConnection.setState(UNKNOWN);
});
