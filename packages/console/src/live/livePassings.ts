// The Live page's passings: the reads it received through the unit's own passing filter (@trc/protocol, D12), with the
// unit's reads_2b_sent and tag_timeout from its configuration, kept in a ReadLog like the reads.
import { queryOptions } from "@tanstack/react-query";
import { API, type FilterOptions, isReads2bSent, PassingFilter, type TagRead } from "@trc/protocol";
import * as z from "zod/mini";
import { request } from "../api/client.ts";
import { deviceKey } from "../shared/unit/deviceSettings.ts";
import { ReadLog } from "./readLog.ts";

/** Passings kept for the list and the CSV (a passing is one of a visit's reads: fewer than the reads). */
export const KEPT_PASSINGS = 20_000;

/** The unit's filter options from its configuration values; null when it does not report both (it cannot tell). */
export function filterOptionsOf(values: Record<string, unknown> | undefined): FilterOptions | null {
  const mode = values?.reads_2b_sent;
  const timeout = values?.tag_timeout;
  if (!isReads2bSent(mode) || typeof timeout !== "number" || !Number.isInteger(timeout) || timeout < 0)
    return null;
  return { reads2bSent: mode, tagTimeoutS: timeout };
}

/**
 * The unit's configuration values as GET /api/config/get answers them (the call the Configuration page loads its values
 * with), any shape: filterOptionsOf checks the two it needs, and the protocol's settings table stays out of this page.
 */
const ConfigValues = z.record(z.string(), z.unknown());

/** The unit's filter options from its configuration (null: it cannot tell). */
export function filterOptionsQuery(base: string) {
  return queryOptions({
    queryKey: deviceKey(base, "config", "values"),
    queryFn: ({ signal }) => request(API.configGet, ConfigValues, { base, signal }),
    select: (answer) => filterOptionsOf(answer.data),
    retry: false,
  });
}

export class LivePassings {
  readonly log: ReadLog;
  #filter: PassingFilter | null = null;
  /** The newest read's unit time and when it arrived (browser ms): the unit's clock as its reads tell it. */
  #newest: { time: number; at: number } | null = null;

  constructor(capacity = KEPT_PASSINGS) {
    this.log = new ReadLog(capacity);
  }

  /** True once the unit's options are known. */
  get filtering(): boolean {
    return this.#filter !== null;
  }

  /**
   * The unit's options: the first time, the reads already kept go through the filter (the passings since the page
   * opened); a change applies from the next read, as on the unit.
   */
  configure(options: FilterOptions, kept: Iterable<TagRead>, now: number): void {
    if (this.#filter) {
      const o = this.#filter.options;
      if (o.reads2bSent !== options.reads2bSent || o.tagTimeoutS !== options.tagTimeoutS)
        this.#filter.configure(options);
      return;
    }
    this.#filter = new PassingFilter(options);
    this.push([...kept], now);
  }

  /** New reads (in seq order) that arrived at `now` (browser ms); answers how many passings they made. */
  push(reads: readonly TagRead[], now: number): number {
    const last = reads[reads.length - 1];
    if (last) this.#newest = { time: last.time, at: now };
    if (!this.#filter) return 0;
    const made = this.#filter.push(reads).map((p) => p.read);
    this.log.push(made, now);
    return made.length;
  }

  /**
   * Ends the visits unseen for tag_timeout (their last and best reads), by the unit's clock as its newest read tells
   * it: a read's time plus what passed since it arrived, a little behind the unit (never ending a visit early).
   */
  flush(now: number): number {
    if (!this.#filter?.openVisits || !this.#newest) return 0;
    const made = this.#filter.flush(this.#newest.time + (now - this.#newest.at)).map((p) => p.read);
    this.log.push(made, now);
    return made.length;
  }

  /** Forgets every passing and the filter (the page left). */
  clear(): void {
    this.log.clear();
    this.#filter = null;
    this.#newest = null;
  }
}
