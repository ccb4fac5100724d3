// A typed client of a unit's test hooks (/api/__test/, DEVICE_TEST_HOOKS=1) for browser tests and benchmarks.
import { canonicalAddress } from "./address.ts";
import type { FaultSpec } from "./middleware/faults.ts";
import type { LogEntry, RequestStats } from "./middleware/request-log.ts";
import { TEST_PREFIX } from "./routes/test-hooks.ts";

/** A fault to inject: the next `count` (default 1) answers on `path` are `status` (with `body`). */
export type FaultRequest = Omit<FaultSpec, "count"> & { count?: number };

export interface TestHooks {
  fault(spec: FaultRequest): Promise<void>;
  /**
   * The last 200 API requests the unit received, passwords masked; with `after` (a cursor from `logSeq()`), only those
   * received after it.
   */
  log(after?: number): Promise<LogEntry[]>;
  /** The request log's cursor: the seq of the last request the unit logged (0 before the first). */
  logSeq(): Promise<number>;
  stats(): Promise<RequestStats>;
  resetStats(): Promise<void>;
  /** Empties the request log. */
  clearLog(): Promise<void>;
  /** Drops every fault still pending. */
  clearFaults(): Promise<void>;
  /**
   * Back to a freshly seeded unit without a restart: configuration, files, passwords, identity and firmware as seeded,
   * no upload or scheduled reboot, no fault, scenario or stream, an empty request log and new statistics.
   */
  reset(): Promise<void>;
  /** Where the unit's timing ports (D12) listen now; a test unit's are free ports, not its configuration's. */
  timingPorts(): Promise<{ raw: number | null; filtered: number | null }>;
}

/** Fetches `url`; a non-2xx answer throws with its status and the start of its body. */
async function call(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new Error(`${init?.method ?? "GET"} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  }
  return res;
}

/** The test hooks of the unit at `url` (e.g. http://127.0.0.1:41234). */
export function testHooksClient(url: string): TestHooks {
  const api = `${canonicalAddress(url)}${TEST_PREFIX}`;
  const json = { "content-type": "application/json" };
  return {
    async fault(spec) {
      await call(`${api}/fault`, { method: "POST", headers: json, body: JSON.stringify(spec) });
    },
    async log(after) {
      const query = after === undefined ? "" : `?after=${after}`;
      return (await (await call(`${api}/log${query}`)).json()) as LogEntry[];
    },
    async logSeq() {
      return ((await (await call(`${api}/log/seq`)).json()) as { seq: number }).seq;
    },
    async stats() {
      return (await (await call(`${api}/stats`)).json()) as RequestStats;
    },
    async resetStats() {
      await call(`${api}/stats/reset`, { method: "POST" });
    },
    async clearLog() {
      await call(`${api}/log`, { method: "DELETE" });
    },
    async clearFaults() {
      await call(`${api}/fault`, { method: "DELETE" });
    },
    async reset() {
      await call(`${api}/reset`, { method: "POST" });
    },
    async timingPorts() {
      return (await (await call(`${api}/timing-ports`)).json()) as {
        raw: number | null;
        filtered: number | null;
      };
    },
  };
}
