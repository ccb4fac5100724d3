// Device settings (SPEC §3), kept in localStorage under generalSettings and refreshed from the device.
import { BUILD_DEFAULTS, type DeviceMode } from "@trc/protocol";
import { create } from "zustand";
import { local, readJson, writeJson } from "./storage.ts";

export const GENERAL_SETTINGS_KEY = "generalSettings";
export const DEVICE_NAME_PLACEHOLDER = "NoNameYet...";

export interface GeneralSettings {
  /** Address of the device backend; empty = the origin that served the console. */
  rootAPI: string;
  deviceName: string;
  viteMode: string;
  deviceMode: DeviceMode;
}

const defaults: GeneralSettings = {
  rootAPI: "",
  deviceName: "",
  viteMode: BUILD_DEFAULTS.viteMode,
  deviceMode: BUILD_DEFAULTS.deviceMode,
};

function load(): GeneralSettings {
  const stored = readJson<Partial<GeneralSettings>>(local, GENERAL_SETTINGS_KEY) ?? {};
  const s = { ...defaults };
  if (typeof stored.rootAPI === "string") s.rootAPI = stored.rootAPI;
  if (typeof stored.deviceName === "string") s.deviceName = stored.deviceName;
  if (stored.deviceMode === "uhf" || stored.deviceMode === "hf") s.deviceMode = stored.deviceMode;
  return s;
}

interface SettingsStore extends GeneralSettings {
  update(patch: Partial<GeneralSettings>): void;
  /** Re-reads localStorage (after another tab or the settings page changed it). */
  reload(): void;
}

export const useDeviceSettings = create<SettingsStore>((set, get) => ({
  ...load(),
  update(patch) {
    set(patch);
    const { rootAPI, deviceName, viteMode, deviceMode } = get();
    writeJson(local, GENERAL_SETTINGS_KEY, { rootAPI, deviceName, viteMode, deviceMode });
  },
  reload() {
    set(load());
  },
}));

/** Where requests go: the configured rootAPI, or the origin that served the page. */
export function apiBase(rootAPI = useDeviceSettings.getState().rootAPI): string {
  const origin = typeof location === "undefined" ? "http://127.0.0.1:8080" : location.origin;
  return (rootAPI.trim() || origin).replace(/\/+$/, "");
}

/** The base address of the unit the console talks to, as a hook: part of every device query's key. */
export function useApiBase(): string {
  return apiBase(useDeviceSettings((s) => s.rootAPI));
}

/** A TanStack Query key for device data: the unit's address first, so another unit never shows this one's data. */
export function deviceKey(base: string, ...parts: readonly unknown[]): readonly unknown[] {
  return ["device", base, ...parts];
}

/** Checks an endpoint typed by the user; returns the reason it is refused, or null. Empty means "this origin". */
export function checkEndpoint(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  try {
    const u = new URL(t);
    if (u.protocol !== "http:" && u.protocol !== "https:") return "Use an http:// or https:// address";
    if (u.search || u.hash) return "No query or fragment, just the device address";
    return null;
  } catch {
    return "Not a valid URL (for example http://192.168.4.1)";
  }
}
