// Device settings (SPEC §3), kept in localStorage under generalSettings: the chosen unit's address and identity.
import { BUILD_DEFAULTS, checkUnitAddress, type DeviceMode, unitAddress } from "@trc/protocol";
import { persist } from "zustand/middleware";
import { currentUnit, originUnit, useConnection } from "../../api/connection.ts";
import { lazyStore } from "../store/lazyStore.ts";
import { local, plainStorage } from "../store/storage.ts";
import { LOCAL_KEYS } from "../store/storageKeys.ts";

export const GENERAL_SETTINGS_KEY = LOCAL_KEYS.generalSettings;
export const DEVICE_NAME_PLACEHOLDER = "NoNameYet...";

export interface GeneralSettings {
  /** Address of the device backend, canonical (`unitAddress`); empty = the origin that served the console. */
  rootAPI: string;
  /** The chosen unit's name and mode from its last identity answer; empty / null until it answers (SPEC §3). */
  deviceName: string;
  viteMode: string;
  deviceMode: DeviceMode | null;
}

const defaults: GeneralSettings = {
  rootAPI: "",
  deviceName: "",
  viteMode: BUILD_DEFAULTS.viteMode,
  deviceMode: null,
};

/**
 * What a stored value means, whatever wrote it: a valid field is kept, anything else is the default. An address in an
 * old spelling (`HTTP://Decoder.local/`, `192.168.4.1:80`) reads as its canonical form; one that is no address as
 * empty (this origin).
 */
export function readSettings(stored: unknown): GeneralSettings {
  const v = (stored && typeof stored === "object" ? stored : {}) as Partial<
    Record<keyof GeneralSettings, unknown>
  >;
  const s = { ...defaults };
  if (typeof v.rootAPI === "string") s.rootAPI = v.rootAPI.trim() ? (unitAddress(v.rootAPI) ?? "") : "";
  if (typeof v.deviceName === "string") s.deviceName = v.deviceName;
  if (v.deviceMode === "uhf" || v.deviceMode === "hf") s.deviceMode = v.deviceMode;
  return s;
}

interface SettingsStore extends GeneralSettings {
  update(patch: Partial<GeneralSettings>): void;
  /** Re-reads localStorage (after another tab or the settings page changed it). */
  reload(): void;
}

export const useDeviceSettings = lazyStore<SettingsStore>()(
  persist(
    (set) => ({
      ...defaults,
      update: (patch) => set(patch),
      reload: () => void useDeviceSettings.persist.rehydrate(),
    }),
    {
      name: GENERAL_SETTINGS_KEY,
      storage: plainStorage<GeneralSettings>(() => local, defaults),
      partialize: ({ rootAPI, deviceName, viteMode, deviceMode }) => ({
        rootAPI,
        deviceName,
        viteMode,
        deviceMode,
      }),
      merge: (stored, current) => ({ ...current, ...readSettings(stored) }),
    },
  ),
);

/** Where requests go: the chosen unit; with `rootAPI`, the unit that setting names (empty = the page's origin). */
export function apiBase(rootAPI?: string): string {
  if (rootAPI === undefined) return currentUnit();
  return rootAPI.trim() ? (unitAddress(rootAPI) ?? rootAPI.trim()) : originUnit();
}

/** The canonical address of the unit the console talks to, as a hook: part of every device query's key. */
export function useApiBase(): string {
  return useConnection((s) => s.unit) ?? originUnit();
}

/** A TanStack Query key for device data: the unit's address first, so another unit never shows this one's data. */
export function deviceKey(base: string, ...parts: readonly unknown[]): readonly unknown[] {
  return ["device", unitAddress(base) ?? base, ...parts];
}

/** Checks an endpoint typed by the user; returns the reason it is refused, or null. Empty means "this origin". */
export function checkEndpoint(text: string): string | null {
  if (!text.trim()) return null;
  const check = checkUnitAddress(text);
  return check.ok ? null : check.reason;
}
