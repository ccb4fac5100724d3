// The brokers' live store: messages collected in plain maps as they arrive, the page told at most twice a second.
import { useEffect } from "react";
import { BROKER_RETRY_MS, type BrokerConnection, type BrokerState, connectBroker } from "../api/mqtt.ts";
import { lazyStore } from "../shared/store/lazyStore.ts";
import { brokerPassword, type FleetBroker } from "./brokers.ts";
import type { BrokerUnit } from "./brokerUnits.ts";
import type { FleetRow } from "./model.ts";

/** Messages into rows: loaded with the MQTT client when a broker is first listened to (its own chunk, docs/BUNDLE.md). */
type UnitsModule = typeof import("./brokerUnits.ts");
let unitsModule: UnitsModule | undefined;
const loadUnits = (): Promise<UnitsModule> => import("./brokerUnits.ts").then((m) => (unitsModule = m));

/**
 * Messages are collected and the page redrawn at most this often: 500 units publishing their counts every second are
 * 2 renders a second (each a whole table's rows, sort and summary), not one per message.
 */
export const FLUSH_MS = 500;

export interface BrokerView {
  url: string;
  state: BrokerState;
  /** What the page says of the connection. */
  message: string;
  units: readonly BrokerUnit[];
}

interface Feed {
  url: string;
  state: BrokerState;
  detail: string;
  units: Map<string, BrokerUnit>;
  connection?: BrokerConnection;
  closed: boolean;
}

const feeds = new Map<string, Feed>();
/** What the page shows of the feeds: their state when last flushed. */
const useViews = lazyStore<{ views: readonly BrokerView[] }>()(() => ({ views: [] }));
let dirty = false;
let timer: ReturnType<typeof setTimeout> | undefined;

const retryS = BROKER_RETRY_MS / 1000;
/** The page's words for a connection's state. */
export function brokerMessage(url: string, state: BrokerState, units: number, detail = ""): string {
  switch (state) {
    case "connecting":
      return `Connecting to the broker at ${url}...`;
    case "connected":
      return `Connected to ${url}: ${units} ${units === 1 ? "unit" : "units"} heard`;
    case "refused":
      return `The broker at ${url} refused the login (bad user name or password)`;
    case "unreachable":
      return detail
        ? `The MQTT client could not be loaded: ${detail}`
        : `No MQTT broker answers at ${url} (trying again every ${retryS} s)`;
    case "lost":
      return `Lost the broker at ${url}: trying again every ${retryS} s (rows go Offline after 60 s of silence)`;
  }
}

function flush(): void {
  timer = undefined;
  if (!dirty) return;
  dirty = false;
  useViews.setState({
    views: [...feeds.values()].map((f) => ({
      url: f.url,
      state: f.state,
      message: brokerMessage(f.url, f.state, f.units.size, f.detail),
      units: [...f.units.values()],
    })),
  });
}

function changed(): void {
  dirty = true;
  if (timer === undefined) timer = setTimeout(flush, FLUSH_MS);
}

/** Starts listening to a broker (its mqtt.js chunk is downloaded on the first one); answers how to stop. */
export function openFeed(broker: FleetBroker): () => void {
  const feed: Feed = { url: broker.url, state: "connecting", detail: "", units: new Map(), closed: false };
  feeds.set(broker.url, feed);
  changed();
  const setState = (state: BrokerState) => {
    if (feed.closed) return;
    feed.state = state;
    changed();
  };
  loadUnits()
    .then((units) =>
      connectBroker(
        { url: broker.url, username: broker.username, password: brokerPassword(broker.url) },
        (message) => {
          if (feed.closed) return;
          const id = /^trc\/([^/]+)\//.exec(message.topic)?.[1];
          if (!id) return;
          const next = units.applyMessage(feed.units.get(id), feed.url, message);
          if (next && next !== feed.units.get(id)) {
            feed.units.set(id, next);
            changed();
          }
        },
        setState,
      ),
    )
    .then(
      (connection) => {
        if (feed.closed) connection.close();
        else feed.connection = connection;
      },
      (err: unknown) => {
        feed.detail = err instanceof Error ? err.message : String(err);
        setState("unreachable");
      },
    );
  return () => {
    feed.closed = true;
    feed.connection?.close();
    if (feeds.get(broker.url) === feed) feeds.delete(broker.url);
    changed();
  };
}

/** A broker unit's row (computed again only when the unit or the clock tick changed); its units exist only once loaded. */
export function brokerRowOf(u: BrokerUnit, now: number, noReadsMinutes: number, raceHours: number): FleetRow {
  if (!unitsModule) throw new Error("A broker unit before its module loaded");
  return unitsModule.cachedBrokerRow(u, now, noReadsMinutes, raceHours);
}

/** What every broker listened to has heard, redrawn at most every FLUSH_MS. */
export function useBrokerViews(): readonly BrokerView[] {
  return useViews((s) => s.views);
}

/**
 * Listens to a broker while the component that asks shows (leaving the page closes the connection, as it stops the
 * polls); another broker added or removed leaves this one's connection alone.
 */
export function useBrokerFeed(broker: FleetBroker): void {
  const { url, username } = broker;
  useEffect(() => openFeed({ url, username }), [url, username]);
}
