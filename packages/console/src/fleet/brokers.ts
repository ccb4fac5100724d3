// The fleet's brokers: each broker's address and user name kept under `fleetBrokers`, its password in memory and
// sessionStorage only (D7, like the unit password).
import * as z from "zod/mini";
import { persist } from "zustand/middleware";
import { requestStrict } from "../api/client.ts";
import { lazyStore } from "../shared/store/lazyStore.ts";
import { local, plainStorage, session } from "../shared/store/storage.ts";
import { LOCAL_KEYS, SESSION_KEYS } from "../shared/store/storageKeys.ts";
import { deviceKey } from "../shared/unit/deviceSettings.ts";

export interface FleetBroker {
  /** `ws://…` or `wss://…`, in one canonical form (see `checkBrokerUrl`). */
  url: string;
  username: string;
}

/**
 * Why a typed broker address cannot be used, or its canonical form: a `ws://` or `wss://` URL (a browser speaks MQTT
 * over WebSocket only), host lower case, the default port dropped, no trailing slash alone, no credentials (they go in
 * their own fields), no query or fragment.
 */
export function checkBrokerUrl(text: string): { ok: true; url: string } | { ok: false; reason: string } {
  const typed = text.trim();
  if (!typed) return { ok: false, reason: "Enter the broker's address, e.g. ws://192.168.4.10:9001" };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { ok: false, reason: `${typed} is not a URL (e.g. ws://192.168.4.10:9001)` };
  }
  if (url.protocol !== "ws:" && url.protocol !== "wss:") {
    return { ok: false, reason: "A browser reaches a broker over WebSocket only: ws:// or wss://" };
  }
  if (url.username || url.password) {
    return { ok: false, reason: "Put the user name and password in their own fields, not in the address" };
  }
  if (url.search || url.hash) return { ok: false, reason: "A broker address has no query or fragment" };
  if (!url.hostname) return { ok: false, reason: `${typed} names no host` };
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/+$/, "");
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}

/** A stored list, whatever wrote it: valid entries in canonical form, once each. */
export function readBrokers(stored: unknown): FleetBroker[] {
  if (!Array.isArray(stored)) return [];
  const out: FleetBroker[] = [];
  for (const item of stored as Partial<FleetBroker>[]) {
    const check = typeof item?.url === "string" ? checkBrokerUrl(item.url) : null;
    if (!check?.ok || out.some((b) => b.url === check.url)) continue;
    out.push({ url: check.url, username: typeof item.username === "string" ? item.username : "" });
  }
  return out;
}

/**
 * Passwords by broker address: in memory, and in sessionStorage (this tab) so a reload keeps them, never in
 * localStorage (D7); the key goes with the last one.
 */
export const useBrokerPasswords = lazyStore<{ passwords: Record<string, string> }>()(
  persist(() => ({ passwords: {} }), {
    name: SESSION_KEYS.brokerPasswords,
    storage: plainStorage<Record<string, string> | undefined>(() => session),
    partialize: (s) => (Object.keys(s.passwords).length ? s.passwords : undefined),
    merge: (stored, current) => ({ ...current, passwords: { ...(stored as Record<string, string>) } }),
  }),
);
export const brokerPassword = (url: string): string => useBrokerPasswords.getState().passwords[url] ?? "";
/** Keeps a broker's password, or forgets it (empty). */
function setPassword(url: string, password: string): void {
  const passwords = { ...useBrokerPasswords.getState().passwords };
  delete passwords[url];
  useBrokerPasswords.setState({ passwords: password ? { ...passwords, [url]: password } : passwords });
}

interface FleetBrokers {
  brokers: FleetBroker[];
  /** Adds a broker; answers why it was refused, or null. */
  add(text: string, username?: string, password?: string): string | null;
  remove(url: string): void;
}

export const useFleetBrokers = lazyStore<FleetBrokers>()(
  persist(
    (set, get) => ({
      brokers: [],
      add(text, username = "", password = "") {
        const check = checkBrokerUrl(text);
        if (!check.ok) return check.reason;
        if (get().brokers.some((b) => b.url === check.url)) return `${check.url} is already in the list`;
        setPassword(check.url, password);
        set({ brokers: [...get().brokers, { url: check.url, username: username.trim() }] });
        return null;
      },
      remove(url) {
        setPassword(url, "");
        set({ brokers: get().brokers.filter((b) => b.url !== url) });
      },
    }),
    {
      name: LOCAL_KEYS.fleetBrokers,
      storage: plainStorage<FleetBroker[]>(() => local),
      partialize: (s) => s.brokers,
      merge: (stored, current) => ({ ...current, brokers: readBrokers(stored) }),
    },
  ),
);

/** Under `npm run event` the unit that served the console names the event's broker (docs/MQTT.md); elsewhere a 404. */
const EVENT_BROKER_PATH = "/api/event/broker";
const EventBroker = z.object({ ws: z.string() });

/** The event broker's WebSocket address, offered on the page when not listed yet; asked once a visit. */
export function eventBrokerQuery(base: string) {
  return {
    queryKey: deviceKey(base, "fleet", "event-broker"),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const { ws } = await requestStrict(EVENT_BROKER_PATH, EventBroker, { base, signal, background: true });
      const check = checkBrokerUrl(ws);
      return check.ok ? check.url : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  };
}
