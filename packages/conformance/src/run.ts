// Runs the checks in their safe order (reads, refusals, destructive, throttle last, then checks over every answer).
import { checkUnitAddress } from "@trc/protocol";
import type { Check, Context, KitOptions } from "./check.ts";
import { ANTENNA_CHECKS } from "./checks/antennas.ts";
import { DESTRUCTIVE_CHECKS } from "./checks/destructive.ts";
import { FIRMWARE_CHECKS } from "./checks/firmware.ts";
import { DESTRUCTIVE_RANGE_CHECKS, GUESSING_CHECKS, RANGE_CHECKS } from "./checks/locks.ts";
import { ORIGIN_CHECKS } from "./checks/origin.ts";
import { READ_CHECKS } from "./checks/reads.ts";
import { REFUSAL_CHECKS } from "./checks/refusals.ts";
import { STREAM_CHECKS } from "./checks/stream.ts";
import { TIMING_CHECKS } from "./checks/timing.ts";
import { BEFORE_THROTTLE, OVER_ALL_ANSWERS, THROTTLE } from "./checks/transport.ts";
import { UHF_PORT_DESTRUCTIVE, UHF_PORT_REFUSALS } from "./checks/uhf-port.ts";
import { UPLOAD_CHECKS } from "./checks/upload.ts";
import { UPLOAD_DESTRUCTIVE_CHECKS } from "./checks/upload-posted.ts";
import { NoAnswer, UnitClient } from "./client.ts";
import { type CheckResult, joinProblems, makeReport, type Report } from "./report.ts";

export interface RunHooks {
  /** Each result as soon as its check is done. */
  onResult?: (result: CheckResult, index: number, total: number) => void;
  /** The progress line: which check runs, or what it waits for. */
  onProgress?: (text: string, index: number, total: number) => void;
  /** Something worth a line of its own, e.g. a long wait. */
  onNotice?: (text: string) => void;
}

/**
 * The order matters: reads first (later checks use what they learn), then refusals (two wrong passwords), then the
 * destructive checks, then the password throttle (it may block passwords from this address for a minute), and last
 * the checks over every answer received.
 */
export function planChecks(destructive: boolean): Check[] {
  return [
    ...READ_CHECKS,
    ...ANTENNA_CHECKS,
    ...STREAM_CHECKS,
    ...TIMING_CHECKS,
    ...UPLOAD_CHECKS,
    ...REFUSAL_CHECKS,
    ...UHF_PORT_REFUSALS,
    ...RANGE_CHECKS,
    ...ORIGIN_CHECKS,
    ...(destructive
      ? [
          ...DESTRUCTIVE_CHECKS,
          ...UHF_PORT_DESTRUCTIVE,
          ...UPLOAD_DESTRUCTIVE_CHECKS,
          ...DESTRUCTIVE_RANGE_CHECKS,
          ...FIRMWARE_CHECKS,
        ]
      : []),
    ...BEFORE_THROTTLE,
    ...GUESSING_CHECKS,
    THROTTLE,
    ...OVER_ALL_ANSWERS,
  ];
}

/** The unit's address in its canonical form (@trc/protocol's, as the console's); throws why one is refused. */
export function normaliseUrl(url: string): string {
  const check = checkUnitAddress(url);
  if (!check.ok) throw new Error(`${check.reason}: ${url}`);
  return check.address;
}

export async function runConformance(options: KitOptions, hooks: RunHooks = {}): Promise<Report> {
  const url = normaliseUrl(options.url);
  const checks = planChecks(options.destructive ?? false);
  const startedAt = new Date();
  let index = 0;
  const progress = (text: string) => hooks.onProgress?.(text, index, checks.length);
  const notice = (text: string) => hooks.onNotice?.(text);
  const passwordBlockWaitMs = options.passwordBlockWaitMs ?? 65_000;
  const ctx: Context = {
    client: new UnitClient(url, options.timeoutMs ?? 10_000, passwordBlockWaitMs, notice),
    options: {
      url,
      destructive: options.destructive ?? false,
      firmware: options.firmware,
      password: options.password,
      timeoutMs: options.timeoutMs ?? 10_000,
      pacingMs: options.pacingMs ?? 50,
      streamWaitMs: options.streamWaitMs ?? 16_000,
      rebootTimeoutMs: options.rebootTimeoutMs ?? 120_000,
      passwordBlockWaitMs,
      timingPort: options.timingPort,
      timingWaitMs: options.timingWaitMs ?? 6000,
    },
    facts: {},
    progress,
    notice,
  };
  const results: CheckResult[] = [];
  let unreachable: string | null = null;
  for (const check of checks) {
    progress(check.name);
    if (unreachable) {
      const skipped: CheckResult = {
        name: check.name,
        kind: check.kind,
        status: "skip",
        reason: unreachable,
        ms: 0,
      };
      results.push(skipped);
      index++;
      hooks.onResult?.(skipped, index, checks.length);
      continue;
    }
    const begun = Date.now();
    let result: CheckResult;
    try {
      const outcome = await check.run(ctx);
      const ms = Date.now() - begun;
      if (!Array.isArray(outcome))
        result = { name: check.name, kind: check.kind, status: "skip", reason: outcome.skip, ms };
      else if (!outcome.length) result = { name: check.name, kind: check.kind, status: "ok", ms };
      else {
        const status = check.kind === "contract" ? "fail" : "warn";
        result = { name: check.name, kind: check.kind, status, reason: joinProblems(outcome), ms };
      }
    } catch (err) {
      const reason = err instanceof NoAnswer ? err.message : `the check crashed: ${String(err)}`;
      // Nothing answers at all: the other checks would only wait for their timeouts.
      if (err instanceof NoAnswer && results.length === 0) unreachable = `not run: ${err.message}`;
      const status = check.kind === "contract" ? "fail" : "warn";
      result = { name: check.name, kind: check.kind, status, reason, ms: Date.now() - begun };
    }
    results.push(result);
    index++;
    hooks.onResult?.(result, index, checks.length);
  }
  return makeReport(url, options.destructive ?? false, startedAt, results);
}
