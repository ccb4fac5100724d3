// The unit's two timing ports (D12) for one power-on: raw (every read, from the read log) and filtered (every passing,
// from the sessions), their lines and requests, and where they listen.
//
// Where: on the HTTP listener's host, at the port the options name (DEVICE_RAW_PORT / DEVICE_FILTERED_PORT; 0 for a
// test unit on PORT=0), else the configuration's raw_port / filtered_port as read at boot (a change applies at the
// next boot). A port 0 takes a free port once and keeps it across reboots. A port in use is not fatal: the unit tries
// the port it had before, then any free one, and says which in its log; a port that cannot listen at all is left out
// (the telemetry lists no program on it).
import { filteredLines, rawLines, type TagRead, type TimingMode, type TimingPortKind } from "@trc/protocol";
import type { DeviceClock } from "../clock/device-clock.ts";
import { TimingPort } from "../net/timing-port.ts";
import type { ResolvedOptions } from "../options.ts";
import type { TagReader } from "../sim/tag-reader.ts";
import { type ConfigStore, defaultConfig } from "../state/config-store.ts";
import { rewindWindow, type TimingFileText } from "../timing/replay.ts";
import { type RequestActions, timingRequests } from "../timing/requests.ts";
import type { Passing, TimingSessions } from "../timing/session.ts";
import type { PortFeed } from "../timing/types.ts";

export type PortKind = TimingPortKind;

/** What the ports use of the unit: its clock (CLOCK sets it), configuration, read log, and where and how to listen. */
export interface PortsUnit {
  readonly clock: DeviceClock;
  readonly config: Pick<ConfigStore, "get">;
  readonly reader: Pick<TagReader, "advance" | "log">;
  readonly options: Pick<ResolvedOptions, "host" | "rawPort" | "filteredPort" | "timingHeartbeatMs" | "log">;
}

/** What the ports ask of race control: its mode, STARTREAD / STOPREAD, the timing files (REWIND), the tick. */
export interface PortsControl {
  readonly mode: TimingMode;
  start(): Promise<unknown>;
  stop(): Promise<unknown>;
  timingFiles(): Promise<TimingFileText[]>;
  /** Runs the tick that takes the reader's new reads (a program connected to the raw port). */
  ensureTick(): void;
}

export interface PortsRun {
  raw: TimingPort<TagRead>;
  filtered: TimingPort<Passing>;
  /** Where each listens now; null before listening or when it could not. */
  at: Record<PortKind, number | null>;
  /** Listens (see the module note); answers the port, or null. */
  listen(kind: PortKind, last: number): Promise<number | null>;
  close(): Promise<void>;
}

const CONFIG_KEY: Record<PortKind, string> = { raw: "raw_port", filtered: "filtered_port" };

export function timingPorts(unit: PortsUnit, control: PortsControl, sessions: TimingSessions): PortsRun {
  const utcOffsetS = () => unit.config.get("utc_offset", 0);
  const log = unit.reader.log;
  const actions = {
    now: () => unit.clock.now(),
    utcOffsetS,
    mode: () => control.mode,
    setClock: (epochMs: number) => unit.clock.set(epochMs),
    startTiming: async () => {
      await control.start();
    },
    stopTiming: async () => {
      await control.stop();
    },
  } satisfies Omit<RequestActions<unknown>, "rewind">;
  const common = { clock: unit.clock, utcOffsetS, heartbeatMs: unit.options.timingHeartbeatMs };
  // Every read, live from when the program connects; the tick runs while one is there.
  const rawFeed: PortFeed<TagRead> = {
    start: () => {
      control.ensureTick();
      unit.reader.advance();
      return log.lastSeq;
    },
    after: (after, max) => {
      const items = log.after(after, max);
      return { items, last: items.at(-1)?.seq ?? after };
    },
  };
  const raw = new TimingPort<TagRead>({
    ...common,
    kind: "raw",
    feed: rawFeed,
    lines: (r, replayed) => rawLines(r, replayed, utcOffsetS()),
    handle: timingRequests<TagRead>({
      ...actions,
      // The raw port's REWIND sends the reads the unit still keeps in that window.
      rewind: (from, to) =>
        log.after(log.firstKept - 1, log.capacity).filter((r) => r.time >= from && r.time <= to),
    }),
  });
  const filtered = new TimingPort<Passing>({
    ...common,
    kind: "filtered",
    feed: sessions.feed,
    lines: (p, replayed) => filteredLines(p, replayed, utcOffsetS()),
    handle: timingRequests<Passing>({
      ...actions,
      rewind: async (from, to) => rewindWindow(await control.timingFiles(), from, to),
    }),
  });
  const ports = { raw, filtered };
  const at: Record<PortKind, number | null> = { raw: null, filtered: null };

  const wanted = (kind: PortKind): number => {
    const option = kind === "raw" ? unit.options.rawPort : unit.options.filteredPort;
    if (option !== null) return option;
    const key = CONFIG_KEY[kind];
    return unit.config.get(key, Number(defaultConfig()[key]));
  };

  return {
    raw,
    filtered,
    at,
    async listen(kind, last) {
      const want = wanted(kind);
      const tries = [...new Set(want === 0 ? [last, 0] : [want, last, 0])];
      let failure: unknown = null;
      for (const port of tries) {
        try {
          const got = await ports[kind].listen(port, unit.options.host);
          if (want !== 0 && got !== want) {
            unit.options.log(`the ${kind} timing port ${want} is in use: listening on ${got} instead`);
          }
          at[kind] = got;
          return got;
        } catch (error) {
          failure = error;
        }
      }
      unit.options.log(`the ${kind} timing port could not listen: ${String(failure)}`);
      return null;
    },
    async close() {
      at.raw = null;
      at.filtered = null;
      await Promise.all([raw.close(), filtered.close()]);
    },
  };
}
