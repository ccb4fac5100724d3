// What the unit answers a timing program's requests (D12), as a timing port's handler over injected device actions.
//
// - CLOCK: `CLOCK dd-MM-yyyy HH:mm:ss`, the unit's local time to the second.
// - CLOCK with a date: sets the unit's clock to that second → CLOCKOK; while timing → ERROR, the clock unchanged (a
//   clock that jumps mid-race breaks every time after it; Set device time stays the precise way).
// - STARTREAD / STOPREAD: start / stop timing → READOK, also when already in that mode (a program that sends it
//   again after a reconnect must not split the race into two files).
// - REWIND from to: no answer line; the window's stored passings follow, R = 1, to this program only, while live
//   passings go on. An action that fails (throws or rejects) is answered ERROR.
import { clockLine, TIMING_PORT, type TimingMode } from "@trc/protocol";
import type { PortAnswer, RequestHandler } from "./types.ts";

export interface RequestActions<T> {
  /** The unit's clock (epoch ms). */
  now: () => number;
  utcOffsetS: () => number;
  mode: () => TimingMode;
  setClock: (epochMs: number) => void | Promise<void>;
  startTiming: () => void | Promise<void>;
  stopTiming: () => void | Promise<void>;
  /** The stored passings (or, on the raw port, the kept reads) with from ≤ time ≤ to, oldest first. */
  rewind: (from: number, to: number) => readonly T[] | Promise<readonly T[]>;
}

/** `then` for a value or a promise: stays synchronous for a value. */
function after<V, R>(value: V | Promise<V>, next: (v: V) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

export function timingRequests<T>(actions: RequestActions<T>): RequestHandler<T> {
  return (request): PortAnswer<T> | Promise<PortAnswer<T>> => {
    switch (request.kind) {
      case "clock-get":
        return { lines: [clockLine(actions.now(), actions.utcOffsetS())] };
      case "clock-set":
        if (actions.mode() === "timing") return { lines: [TIMING_PORT.error] };
        return after(actions.setClock(request.time), () => ({ lines: [TIMING_PORT.clockOk] }));
      case "start-read":
        return after(actions.startTiming(), () => ({ lines: [TIMING_PORT.readOk] }));
      case "stop-read":
        return after(actions.stopTiming(), () => ({ lines: [TIMING_PORT.readOk] }));
      case "rewind":
        return after(actions.rewind(request.from, request.to), (items) => ({ lines: [], replay: items }));
    }
  };
}
