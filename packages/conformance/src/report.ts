// The kit's report: one result per check, the printed lines, the summary line and the JSON file.

/** Contract: SPEC.md and DECISIONS.md D3-D6, a failure fails the run. Recommendation: hardening, a warning only. */
export type CheckKind = "contract" | "recommendation";
export type CheckStatus = "ok" | "fail" | "warn" | "skip";

export interface CheckResult {
  readonly name: string;
  readonly kind: CheckKind;
  readonly status: CheckStatus;
  /** Why it failed, warned or was skipped: the call and the field or status. */
  readonly reason?: string;
  readonly ms: number;
}

export interface Report {
  readonly unit: string;
  readonly destructive: boolean;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly passed: number;
  readonly failed: number;
  readonly warnings: number;
  readonly skipped: number;
  readonly checks: readonly CheckResult[];
}

const LABEL: Record<CheckStatus, string> = { ok: "ok  ", fail: "FAIL", warn: "warn", skip: "skip" };

/** `ok   NAME`, `FAIL NAME: reason`, `warn NAME: reason`, `skip NAME: reason`. */
export function formatResult(r: CheckResult): string {
  return r.status === "ok" ? `${LABEL.ok} ${r.name}` : `${LABEL[r.status]} ${r.name}: ${r.reason ?? ""}`;
}

export function makeReport(
  unit: string,
  destructive: boolean,
  startedAt: Date,
  checks: readonly CheckResult[],
): Report {
  const count = (s: CheckStatus) => checks.filter((c) => c.status === s).length;
  return {
    unit,
    destructive,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    passed: count("ok"),
    failed: count("fail"),
    warnings: count("warn"),
    skipped: count("skip"),
    checks,
  };
}

/** The closing lines: the warning count (when any), then `N passed, M failed` (`, K skipped` when any). */
export function summaryLines(report: Report): string[] {
  const lines: string[] = [];
  if (report.warnings > 0) {
    lines.push(`${report.warnings} recommendation${report.warnings === 1 ? "" : "s"} not met (warnings)`);
  }
  const skipped = report.skipped > 0 ? `, ${report.skipped} skipped` : "";
  lines.push(`${report.passed} passed, ${report.failed} failed${skipped}`);
  return lines;
}

/** Joins problems into one reason; past `max` it says how many more there are. */
export function joinProblems(problems: readonly string[], max = 6): string {
  const shown = problems.slice(0, max).join("; ");
  return problems.length > max ? `${shown}; and ${problems.length - max} more` : shown;
}
