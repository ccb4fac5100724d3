// Connection state of the device as seen by the API client: online or offline, and when it last answered.
import { create } from "zustand";

interface ConnectionState {
  online: boolean | null;
  lastAnswerAt: number | null;
  lastError: string | null;
  answered(at: number): void;
  failed(reason: string): void;
}

export const useConnection = create<ConnectionState>((set) => ({
  online: null,
  lastAnswerAt: null,
  lastError: null,
  answered: (at) => set({ online: true, lastAnswerAt: at, lastError: null }),
  failed: (reason) => set({ online: false, lastError: reason }),
}));
